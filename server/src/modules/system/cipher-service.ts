/**
 * The service side of the wire cipher (protocol in src/core/domain/cipher.ts, docs/api.md):
 * the handshake (unwrap a client's AES key with our RSA private key) and the opening of
 * request envelopes with the checks in order: shape → known sid → tag (AAD) → freshness → replay.
 *
 * The replay guard (CIPHER_REPLAY_GUARD, docs/decisions.md):
 * - `database` (the default on PostgreSQL, where several processes may serve behind a balancer without affinity):
 *   sessions (sealed at rest under a key derived from SIGNING_SECRET) and nonces in the database, so that any process
 *   accepts any session and refuses a nonce any process has seen. Per request: one nonce insert (the session key is
 *   cached per process after its first read); expired rows are purged at most once a minute per process.
 * - `memory` (the default on PGlite, which only one process can open; an explicit opt-in on PostgreSQL for a process
 *   that runs alone): a cipher session belongs to the process that opened it and lives only there, with the nonces it
 *   accepted within the freshness window. Nothing is read or written in the database per request. A replay reaches
 *   either that process (its memory refuses it: 100604) or another one / the same after a restart, which does not
 *   know the sid (100602: the client handshakes again).
 */
import { createPrivateKey, createPublicKey, hkdfSync, type KeyObject } from 'node:crypto';
import { CIPHER_SESSION_TTL_S, cipher, ErrorCode } from '@core/domain';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import type { Clock } from '../../plugins/context';
import { parseJsonSafely } from '../../plugins/safe-json';
import * as aes from '../../plugins/aes-gcm';
import type { CipherService } from '../../plugins/cipher';
import * as repo from './cipher-repository';

type RequestEnvelope = cipher.RequestEnvelope;

const CACHE_MAX = 10_000;
/** memory guard: sessions kept at most (the oldest is dropped beyond; its client handshakes again) */
const LIVE_MAX = 200_000;
const PURGE_EVERY_MS = 60_000;


const utf8 = new TextDecoder();
const invalid = () => new AppError(ErrorCode.CIPHER_INVALID);

export function createCipherService(deps: { config: Config; db: Db; clock: Clock }): CipherService {
  const { secrets } = deps.config;
  const spkiDer = createPublicKey(secrets.cipherPublicKeyPem).export({ type: 'spki', format: 'der' });
  const pkcs8Der = createPrivateKey(secrets.cipherPrivateKeyPem).export({ type: 'pkcs8', format: 'der' });
  const privateKey = globalThis.crypto.subtle.importKey('pkcs8', new Uint8Array(pkcs8Der), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['decrypt']);
  // session keys are stored sealed (AES-GCM, aad = sid) under a key derived from SIGNING_SECRET
  const atRest = globalThis.crypto.subtle.importKey(
    'raw',
    new Uint8Array(hkdfSync('sha256', secrets.signingSecret, 'esop', 'cipher-session-at-rest', 32)),
    { name: 'AES-GCM' },
    false,
    ['encrypt', 'decrypt'],
  );
  const sealAtRest = async (sid: string, raw: Uint8Array): Promise<Uint8Array> => {
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
    const ct = new Uint8Array(await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(sid) }, await atRest, raw as Uint8Array<ArrayBuffer>));
    const out = new Uint8Array(12 + ct.byteLength);
    out.set(iv);
    out.set(ct, 12);
    return out;
  };
  const openAtRest = async (sid: string, stored: Uint8Array): Promise<Uint8Array | null> => {
    try {
      const plain = await globalThis.crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: stored.slice(0, 12), additionalData: new TextEncoder().encode(sid) },
        await atRest,
        stored.slice(12),
      );
      return new Uint8Array(plain);
    } catch {
      return null; // another SIGNING_SECRET: the client handshakes again
    }
  };
  type SessionKey = { key: CryptoKey; secret: KeyObject };
  const cache = new Map<string, SessionKey & { expiresAt: number }>();
  let lastPurge = 0;
  const inMemory = deps.config.cipherReplayGuard === 'memory';
  /** memory guard: the sessions this process opened, each with the nonces it accepted (in arrival order) */
  const live = new Map<string, SessionKey & { expiresAt: number; nonces: Map<string, number> }>();
  let lastSweep = 0;

  /** Forgets expired sessions and nonces older than the freshness window (they are refused as stale anyway). */
  function sweep(now: number) {
    if (now - lastSweep < PURGE_EVERY_MS) return;
    lastSweep = now;
    const oldest = now - 2 * cipher.CIPHER_WINDOW_MS;
    for (const [sid, s] of live) {
      if (s.expiresAt <= now) {
        live.delete(sid);
        continue;
      }
      for (const [nonce, ts] of s.nonces) {
        if (ts >= oldest) break;
        s.nonces.delete(nonce);
      }
    }
  }

  async function keyFor(sid: string): Promise<SessionKey | null> {
    const now = deps.clock.now();
    if (inMemory) {
      const own = live.get(sid);
      return own && own.expiresAt > now ? own : null;
    }
    const hit = cache.get(sid);
    if (hit) {
      if (hit.expiresAt > now) return hit;
      cache.delete(sid);
      return null;
    }
    const row = await repo.findCipherSession(deps.db, sid);
    if (!row || row.expiresAt.getTime() <= now) return null;
    const raw = await openAtRest(sid, row.key);
    if (!raw) return null;
    const key = { key: await cipher.importAesKey(raw), secret: aes.secretKey(raw) };
    remember(sid, key, row.expiresAt.getTime());
    return key;
  }

  function remember(sid: string, key: SessionKey, expiresAt: number) {
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(sid, { ...key, expiresAt });
  }

  async function purgeNow(now: number) {
    if (now - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now;
    await repo.purgeCipherRows(deps.db, now - 2 * cipher.CIPHER_WINDOW_MS, new Date(now));
  }

  return {
    publicKey: () => ({ kid: secrets.cipherKid, alg: 'RSA-OAEP-256', spki: cipher.toB64u(spkiDer) }),

    async openSession(kid, wrappedKey) {
      if (kid !== secrets.cipherKid) throw invalid();
      let raw: Uint8Array;
      try {
        raw = await cipher.unwrapAesKey(await privateKey, wrappedKey);
      } catch {
        throw invalid();
      }
      if (raw.byteLength !== 32) throw invalid();
      const key: SessionKey = { key: await cipher.importAesKey(raw), secret: aes.secretKey(raw) };
      const now = deps.clock.now();
      const sid = cipher.randomB64u(18);
      const expiresAt = now + CIPHER_SESSION_TTL_S * 1000;
      if (inMemory) {
        if (live.size >= LIVE_MAX) live.delete(live.keys().next().value as string); // its client handshakes again
        live.set(sid, { ...key, expiresAt, nonces: new Map() });
        sweep(now);
        return { sid, expiresAt: new Date(expiresAt).toISOString() };
      }
      await repo.insertCipherSession(deps.db, { sid, key: await sealAtRest(sid, raw), createdAt: new Date(now), expiresAt: new Date(expiresAt) });
      remember(sid, key, expiresAt);
      return { sid, expiresAt: new Date(expiresAt).toISOString() };
    },

    async openRequest(envelope, method, path) {
      if (!cipher.isRequestEnvelope(envelope)) throw invalid();
      const env: RequestEnvelope = envelope;
      const key = await keyFor(env.sid);
      if (!key) throw invalid();
      let parsed: { value: unknown; forbidden: string[] };
      try {
        const plain = aes.open(key.secret, env.iv, aes.fromB64u(env.data), cipher.requestAad(method, path, env.sid, env.ts, env.nonce));
        parsed = parseJsonSafely(utf8.decode(plain));
      } catch {
        throw invalid();
      }
      const now = deps.clock.now();
      if (!cipher.isFresh(env.ts, now)) throw new AppError(ErrorCode.CIPHER_STALE);
      if (inMemory) {
        const own = live.get(env.sid);
        if (!own) throw invalid();
        if (own.nonces.has(env.nonce)) throw new AppError(ErrorCode.CIPHER_REPLAY);
        own.nonces.set(env.nonce, env.ts);
        sweep(now);
        return { ctx: { sid: env.sid, nonce: env.nonce, ...key }, payload: parsed.value, forbidden: parsed.forbidden };
      }
      await purgeNow(now);
      if (!(await repo.recordNonce(deps.db, env.sid, env.nonce, env.ts))) throw new AppError(ErrorCode.CIPHER_REPLAY);
      return { ctx: { sid: env.sid, nonce: env.nonce, ...key }, payload: parsed.value, forbidden: parsed.forbidden };
    },

    async sealResponse(ctx, body) {
      const { iv, data } = aes.seal(ctx.secret, body, cipher.responseAad(ctx.sid, ctx.nonce));
      return JSON.stringify({ v: cipher.CIPHER_VERSION, iv, data });
    },
  };
}
