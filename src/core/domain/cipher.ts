/**
 * The wire cipher (documented in docs/api.md). Pure protocol over WebCrypto, which both the
 * browser and Node (globalThis.crypto) provide; no I/O here.
 *
 * Handshake: the client fetches the service's RSA-OAEP (SHA-256) public key, makes a fresh AES-256-GCM
 * key, wraps it with the public key and registers it (CipherSession) → `sid`.
 * Request: { v, sid, ts, nonce, iv, data }; data = AES-GCM(key, iv, JSON(payload), aad(method, path, sid, ts, nonce)).
 * Response: { v, iv, data }; data = AES-GCM(key, iv, JSON({result}|{error}), responseAad(sid, nonce)).
 * The service rejects a ts outside ±CIPHER_WINDOW_MS and a nonce it has seen.
 */
export const CIPHER_VERSION = 1;
export const CIPHER_WINDOW_MS = 5 * 60 * 1000;
export const CIPHER_HEADER = 'x-esop-cipher';
export const GET_ENVELOPE_PARAM = 'e';
export const UPLOAD_ENVELOPE_FIELD = 'e';
/** AES-256-GCM on the wire: a 12-byte IV, the 16-byte tag after the ciphertext */
export const CIPHER_IV_BYTES = 12;
export const CIPHER_TAG_BYTES = 16;
/** unpadded base64url, the only text form of bytes on the wire */
export const B64U_TEXT = /^[A-Za-z0-9_-]*$/;

export interface RequestEnvelope {
  v: number;
  sid: string;
  ts: number;
  nonce: string;
  iv: string;
  data: string;
}

export interface ResponseEnvelope {
  v: number;
  iv: string;
  data: string;
}

const subtle = (): SubtleCrypto => {
  const c = globalThis.crypto;
  if (!c?.subtle) throw new Error('WebCrypto is not available (a secure context is required)');
  return c.subtle;
};

const enc = new TextEncoder();
const dec = new TextDecoder();

export function toB64u(bytes: Uint8Array | ArrayBuffer): string {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let s = '';
  for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode(...u8.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromB64u(text: string): Uint8Array<ArrayBuffer> {
  if (!B64U_TEXT.test(text)) throw new Error('not base64url');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function randomB64u(bytes: number): string {
  return toB64u(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
}

export function requestAad(method: string, path: string, sid: string, ts: number, nonce: string): Uint8Array {
  return enc.encode(`v${CIPHER_VERSION}|${method.toUpperCase()}|${path}|${sid}|${ts}|${nonce}`);
}

export function responseAad(sid: string, nonce: string): Uint8Array {
  return enc.encode(`v${CIPHER_VERSION}|resp|${sid}|${nonce}`);
}

export function fileAad(sid: string, nonce: string): Uint8Array {
  return enc.encode(`v${CIPHER_VERSION}|file|${sid}|${nonce}`);
}

export async function generateAesKey(): Promise<{ key: CryptoKey; raw: Uint8Array }> {
  const key = await subtle().generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const raw = new Uint8Array(await subtle().exportKey('raw', key));
  const usable = await importAesKey(raw);
  return { key: usable, raw };
}

export function importAesKey(raw: Uint8Array): Promise<CryptoKey> {
  if (raw.byteLength !== 32) throw new Error('AES key must be 256 bits');
  return subtle().importKey('raw', raw as Uint8Array<ArrayBuffer>, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

export async function importRsaPublicKey(spkiB64u: string): Promise<CryptoKey> {
  return subtle().importKey('spki', fromB64u(spkiB64u), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

export async function wrapAesKey(publicKey: CryptoKey, raw: Uint8Array): Promise<string> {
  return toB64u(await subtle().encrypt({ name: 'RSA-OAEP' }, publicKey, raw as Uint8Array<ArrayBuffer>));
}

export async function unwrapAesKey(privateKey: CryptoKey, wrapped: string): Promise<Uint8Array> {
  return new Uint8Array(await subtle().decrypt({ name: 'RSA-OAEP' }, privateKey, fromB64u(wrapped)));
}

export async function sealBytes(key: CryptoKey, plain: Uint8Array, aad: Uint8Array): Promise<{ iv: string; data: string; bytes: Uint8Array }> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(CIPHER_IV_BYTES));
  const bytes = new Uint8Array(
    await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: aad as Uint8Array<ArrayBuffer> }, key, plain as Uint8Array<ArrayBuffer>),
  );
  return { iv: toB64u(iv), data: toB64u(bytes), bytes };
}

/** Throws when the key, the additional data or the ciphertext do not match (tampering). */
export async function openBytes(key: CryptoKey, iv: string, data: Uint8Array, aad: Uint8Array): Promise<Uint8Array> {
  const ivBytes = fromB64u(iv);
  if (ivBytes.byteLength !== CIPHER_IV_BYTES) throw new Error('bad iv');
  return new Uint8Array(
    await subtle().decrypt({ name: 'AES-GCM', iv: ivBytes, additionalData: aad as Uint8Array<ArrayBuffer> }, key, data as Uint8Array<ArrayBuffer>),
  );
}

export async function sealJson(key: CryptoKey, value: unknown, aad: Uint8Array): Promise<{ iv: string; data: string }> {
  const { iv, data } = await sealBytes(key, enc.encode(JSON.stringify(value ?? null)), aad);
  return { iv, data };
}

export async function openJson<T = unknown>(key: CryptoKey, iv: string, data: string, aad: Uint8Array): Promise<T> {
  const plain = await openBytes(key, iv, fromB64u(data), aad);
  return JSON.parse(dec.decode(plain)) as T;
}

/** Builds a request envelope for a call. */
export async function sealRequest(
  key: CryptoKey,
  sid: string,
  method: string,
  path: string,
  payload: unknown,
  now: number = Date.now(),
  /** pass a nonce made beforehand when something else (an upload's file bytes) is bound to it */
  nonce: string = randomB64u(16),
): Promise<RequestEnvelope> {
  const { iv, data } = await sealJson(key, payload, requestAad(method, path, sid, now, nonce));
  return { v: CIPHER_VERSION, sid, ts: now, nonce, iv, data };
}

/** Checks the shape of an envelope received from an untrusted peer. */
export function isRequestEnvelope(x: unknown): x is RequestEnvelope {
  if (!x || typeof x !== 'object') return false;
  const e = x as Record<string, unknown>;
  return (
    e.v === CIPHER_VERSION &&
    typeof e.sid === 'string' && e.sid.length > 0 && e.sid.length <= 64 &&
    typeof e.ts === 'number' && Number.isFinite(e.ts) &&
    typeof e.nonce === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(e.nonce) &&
    typeof e.iv === 'string' && e.iv.length === 16 &&
    typeof e.data === 'string' && e.data.length <= 8 * 1024 * 1024
  );
}

export function isFresh(ts: number, now: number = Date.now()): boolean {
  return Math.abs(now - ts) <= CIPHER_WINDOW_MS;
}
