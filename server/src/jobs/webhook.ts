/**
 * The outbox webhook's signature (docs/api.md, "Outbox webhook"): header
 *   X-Esop-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under OUTBOX_WEBHOOK_SECRET>
 * A receiver recomputes the HMAC over the raw body it received (before any JSON parsing), compares in constant time
 * and refuses a t too far from its own clock (a replayed delivery).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-esop-signature';
export const EVENT_ID_HEADER = 'x-esop-event-id';
/** how far a delivery's t may be from the receiver's clock */
export const SIGNATURE_TOLERANCE_S = 300;

function mac(secret: string, t: number, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
}

export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${mac(secret, unixSeconds, body)}`;
}

/** The receiver's check: a v1 signature of this body under the secret, with t within the tolerance of nowSeconds. */
export function verifyWebhook(secret: string, header: string | undefined, body: string | Buffer, nowSeconds: number, toleranceSeconds = SIGNATURE_TOLERANCE_S): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at < 1) continue;
    const key = item.slice(0, at).trim();
    parts.set(key, [...(parts.get(key) ?? []), item.slice(at + 1).trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(mac(secret, t, body), 'hex');
  return (parts.get('v1') ?? []).some((v) => {
    const given = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : null;
    return !!given && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
