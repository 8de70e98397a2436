/**
 * The desk's second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, as every authenticator app reads an
 * otpauth:// address) with otplib. A code of the step before or after is taken (clocks drift), and a code's step is
 * kept, so that the same code (or an older one) is never taken twice.
 */
import { generateSecret, generateURI, verify } from 'otplib';
import { STAFF_LIMITS, TOTP_CODE_PATTERN } from '@core/domain/staff';

const PERIOD_S = 30;
/** the issuer an authenticator app shows beside the login */
export const TOTP_ISSUER = 'ESOP review desk';

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (login: string, secret: string): string => generateURI({ issuer: TOTP_ISSUER, label: login, secret });

/**
 * The time step of `code` when it is the secret's code now (or one step off), and later than `lastStep`; else null.
 */
export async function checkTotp(secret: string, code: string, nowMs: number, lastStep: number): Promise<number | null> {
  const token = code.replace(/\s+/g, '');
  if (!TOTP_CODE_PATTERN.test(token)) return null;
  const epoch = Math.floor(nowMs / 1000);
  const step = Math.floor(epoch / PERIOD_S);
  for (let d = -STAFF_LIMITS.totpToleranceSteps; d <= STAFF_LIMITS.totpToleranceSteps; d++) {
    const at = step + d;
    if (at <= lastStep) continue;
    const r = await verify({ secret, token, epoch: at * PERIOD_S });
    if (r.valid) return at;
  }
  return null;
}
