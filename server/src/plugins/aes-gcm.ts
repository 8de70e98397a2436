/**
 * The service's AES-256-GCM for the wire cipher, with node:crypto: the same bytes as the domain's WebCrypto
 * functions (src/core/domain/cipher.ts: a 12-byte IV, the 16-byte tag after the ciphertext, unpadded base64url)
 * at a fraction of their cost per request (no job per call on the thread pool, native base64url).
 */
import { createCipheriv, createDecipheriv, createSecretKey, randomFillSync, type KeyObject } from 'node:crypto';
import { B64U_TEXT, CIPHER_IV_BYTES as IV_BYTES, CIPHER_TAG_BYTES as TAG_BYTES } from '@core/domain/cipher';

/** IVs are cut from a block of random bytes refilled when used up (one call into the RNG per 340 answers, not per answer) */
const pool = Buffer.alloc(IV_BYTES * 340);
let poolAt = pool.length;
function randomIv(): Buffer {
  if (poolAt + IV_BYTES > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const iv = Buffer.from(pool.subarray(poolAt, poolAt + IV_BYTES)); // a copy: the pool is refilled later
  poolAt += IV_BYTES;
  return iv;
}

export function secretKey(raw: Uint8Array): KeyObject {
  if (raw.byteLength !== 32) throw new Error('AES key must be 256 bits');
  return createSecretKey(raw);
}

/** base64url without padding, as the domain's fromB64u takes it: refuses other characters and impossible lengths. */
export function fromB64u(text: string): Buffer {
  if (!B64U_TEXT.test(text) || text.length % 4 === 1) throw new Error('not base64url');
  return Buffer.from(text, 'base64url');
}

export function seal(key: KeyObject, plain: string | Uint8Array, aad: Uint8Array): { iv: string; data: string } {
  const iv = randomIv();
  const c = createCipheriv('aes-256-gcm', key, iv);
  c.setAAD(aad);
  const head = typeof plain === 'string' ? c.update(plain, 'utf8') : c.update(plain);
  const out = Buffer.concat([head, c.final(), c.getAuthTag()]);
  return { iv: iv.toString('base64url'), data: out.toString('base64url') };
}

/** Throws when the key, the additional data or the ciphertext do not match (tampering). */
export function open(key: KeyObject, iv: string, sealed: Uint8Array, aad: Uint8Array): Buffer {
  const ivBytes = fromB64u(iv);
  if (ivBytes.byteLength !== IV_BYTES || sealed.byteLength < TAG_BYTES) throw new Error('bad iv or data');
  const d = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
  d.setAAD(aad);
  d.setAuthTag(sealed.subarray(sealed.byteLength - TAG_BYTES));
  return Buffer.concat([d.update(sealed.subarray(0, sealed.byteLength - TAG_BYTES)), d.final()]);
}
