/**
 * The app's trading token (query `t`). The verifier is an interface so a deployment can plug the
 * broker's token service in; the local one checks `base64url(JSON claims) + "." + base64url(HMAC-SHA256)`
 * with APP_TOKEN_SECRET. Claims: {phone, areaCode, subAcctId?, exp (epoch seconds)}.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AREA_CODES, isValidPhone } from '@core/domain';

export const appTokenClaims = z.object({
  phone: z.string().min(4).max(20),
  areaCode: z.enum(AREA_CODES),
  subAcctId: z.string().max(64).optional(),
  exp: z.number().int(),
});
export type AppTokenClaims = z.infer<typeof appTokenClaims>;

export interface AppTokenVerifier {
  /** The token's claims, or null when it is malformed, forged or expired at `nowMs`. */
  verify(token: string, nowMs: number): Promise<AppTokenClaims | null>;
}

/** HMAC-SHA256 (32 bytes) as unpadded base64url: 43 characters of the URL-safe alphabet */
const SIG_SPELLING = /^[A-Za-z0-9_-]{43}$/;

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest();

export function signAppToken(secret: string, claims: AppTokenClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

export function localAppTokens(secret: string): AppTokenVerifier {
  return {
    async verify(token, nowMs) {
      const [body, sig, extra] = token.split('.');
      if (!body || !sig || extra !== undefined) return null;
      // one spelling only: the unpadded base64url of the MAC, compared as text (Buffer.from(…, 'base64url') would also
      // take padding, '+' and '/', other characters skipped and other spare bits in the last one)
      const expected = Buffer.from(mac(secret, body).toString('base64url'));
      const given = Buffer.from(sig);
      if (!SIG_SPELLING.test(sig) || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: AppTokenClaims;
      try {
        const parsed = appTokenClaims.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
        if (!parsed.success) return null;
        claims = parsed.data;
      } catch {
        return null;
      }
      if (claims.exp * 1000 <= nowMs) return null;
      if (!isValidPhone(claims.areaCode, claims.phone)) return null;
      return claims;
    },
  };
}
