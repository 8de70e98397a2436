/**
 * Identity data inside jobs (a login code, a name and ID number for the face check, what the OCR read) travels
 * sealed: AES-256-GCM under a key derived (HKDF-SHA256) from SIGNING_SECRET, which every web and worker process has.
 * The job table then never holds it in clear, whatever its retention. Other secrets at rest (a staff member's
 * authenticator secret) are sealed the same way under a key of their own purpose.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const keys = new Map<string, Buffer>();
/** the key's purpose (HKDF info) unless a caller names its own: a field sealed for one purpose opens for no other */
const JOBS_PURPOSE = 'esop jobs: sealed fields';

function keyOf(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
    keys.set(id, key);
  }
  return key;
}

/** base64url of iv (12) | tag (16) | ciphertext of the value's JSON */
export function seal(secret: string, value: unknown, purpose = JOBS_PURPOSE): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The value sealed by seal(); throws when the secret differs or the text was altered. */
export function unseal<T>(secret: string, sealed: string, purpose = JOBS_PURPOSE): T {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as T;
}
