/**
 * Identity data inside jobs (a login code, a name and ID number for the face check, what the OCR read) travels
 * sealed: AES-256-GCM under a key derived (HKDF-SHA256) from SIGNING_SECRET, which every web and worker process has.
 * The job table then never holds it in clear, whatever its retention.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const keys = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'esop jobs: sealed fields', 32));
    keys.set(secret, key);
  }
  return key;
}

/** base64url of iv (12) | tag (16) | ciphertext of the value's JSON */
export function seal(secret: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The value sealed by seal(); throws when the secret differs or the text was altered. */
export function unseal<T>(secret: string, sealed: string): T {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as T;
}
