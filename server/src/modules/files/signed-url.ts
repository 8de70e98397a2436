/**
 * Signed download URLs: HMAC-SHA256(SIGNING_SECRET) over `${ossId}|${exp}|${preview}`, base64url,
 * valid SIGNED_URL_TTL_S (10 min). Checked in constant time. The URL alone is not enough: the
 * download also needs the session cookie of the file's owner.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CALLS, SIGNED_URL_TTL_S } from '@core/domain';

export type Preview = '0' | '1';

function mac(secret: string, ossId: string, exp: number, preview: Preview): Buffer {
  return createHmac('sha256', secret).update(`${ossId}|${exp}|${preview}`).digest();
}

export interface SignedDownload {
  url: string;
  exp: number;
  sig: string;
}

/** A download URL for ossId valid ttlS seconds from nowMs (preview '1' = inline, '0' = attachment). */
export function signDownload(secret: string, ossId: string, nowMs: number, preview: Preview = '1', ttlS = SIGNED_URL_TTL_S): SignedDownload {
  const exp = Math.floor(nowMs / 1000) + ttlS;
  const sig = mac(secret, ossId, exp, preview).toString('base64url');
  const query = new URLSearchParams({ ossid: ossId, preview, exp: String(exp), sig });
  return { url: `${CALLS.download.path}?${query.toString()}`, exp, sig };
}

/** True when sig is the signature of (ossId, exp, preview) and exp has not passed. */
export function verifyDownload(
  secret: string,
  params: { ossId: string; exp: number | undefined; preview: Preview; sig: string | undefined },
  nowMs: number,
): boolean {
  const { ossId, exp, preview, sig } = params;
  if (exp === undefined || !Number.isSafeInteger(exp) || !sig) return false;
  if (!/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  const expected = mac(secret, ossId, exp, preview);
  const given = Buffer.from(sig, 'base64url');
  const valid = given.length === expected.length && timingSafeEqual(given, expected);
  return valid && exp * 1000 > nowMs;
}
