import { CALLS, cipher, ErrorCode } from '@core/domain';
import { createTestApp, encodeEnvelope, HOUR, MINUTE, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  // the memory guard, said explicitly (the default on PGlite; on PostgreSQL the default is the database guard)
  t = await createTestApp({ env: { CIPHER_REPLAY_GUARD: 'memory' } });
});
afterAll(() => t.close());

describe('cipher handshake and round trip', () => {
  it('publishes an RSA-OAEP-256 key and opens a session for a wrapped AES key', async () => {
    const res = await t.app.inject({ method: 'GET', url: CALLS.cipherKey.path });
    expect(res.statusCode).toBe(200);
    const key = res.json().result;
    expect(key).toEqual({ kid: t.config.secrets.cipherKid, alg: 'RSA-OAEP-256', spki: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
    const client = await t.handshake();
    expect(client.sid).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('answers a ciphered GET with a sealed envelope the client opens', async () => {
    const client = await t.handshake();
    const res = await client.call('clientConfig');
    expect(res.status).toBe(200);
    expect(res.ciphered).toBe(true);
    expect(res.response.json()).toEqual({ v: 1, iv: expect.any(String), data: expect.any(String) });
    expect(res.body.result).toEqual(expect.objectContaining({ memberPageUrl: t.config.memberPageUrl, production: false }));
  });

  it('seals error answers of opened requests too', async () => {
    const client = await t.handshake();
    const res = await client.call('userInfo');
    expect(res.ciphered).toBe(true);
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
  });

  it('rejects an unknown kid and an unwrappable key with 100602', async () => {
    const pk = (await t.app.inject({ method: 'GET', url: CALLS.cipherKey.path })).json().result;
    const badKid = await t.app.inject({ method: 'POST', url: CALLS.cipherSession.path, payload: { kid: 'nope', wrappedKey: 'A'.repeat(40) } });
    expect(badKid.json().error.code).toBe(ErrorCode.CIPHER_INVALID);
    const badWrap = await t.app.inject({ method: 'POST', url: CALLS.cipherSession.path, payload: { kid: pk.kid, wrappedKey: 'A'.repeat(342) } });
    expect(badWrap.statusCode).toBe(401);
    expect(badWrap.json().error.code).toBe(ErrorCode.CIPHER_INVALID);
  });
});

describe('cipher rejections (answered plain)', () => {
  it('a plain JSON body to a ciphered route → 100601', async () => {
    const res = await t.app.inject({ method: 'POST', url: CALLS.sendCode.path, payload: { value: '91234567', areaCode: '852' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-esop-cipher']).toBeUndefined();
    expect(res.json().error.code).toBe(ErrorCode.CIPHER_REQUIRED);
  });

  it('a GET without `e` → 100601', async () => {
    const res = await t.app.inject({ method: 'GET', url: CALLS.clientConfig.path });
    expect(res.json().error.code).toBe(ErrorCode.CIPHER_REQUIRED);
  });

  it('tampered ciphertext → 100602', async () => {
    const client = await t.handshake();
    const env = await client.seal('POST', CALLS.sendCode.path, { value: '91234567', areaCode: '852' });
    const bytes = cipher.fromB64u(env.data);
    bytes[0] ^= 1;
    const res = await client.inject({ method: 'POST', url: CALLS.sendCode.path, payload: { ...env, data: cipher.toB64u(bytes) } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe(ErrorCode.CIPHER_INVALID);
  });

  it('an envelope sealed for another path (AAD) → 100602', async () => {
    const client = await t.handshake();
    const env = await client.seal('POST', CALLS.login.path, { value: '91234567', areaCode: '852' });
    const res = await client.inject({ method: 'POST', url: CALLS.sendCode.path, payload: env });
    expect(res.json().error.code).toBe(ErrorCode.CIPHER_INVALID);
  });

  it('an envelope sealed for another method (AAD) → 100602', async () => {
    const client = await t.handshake();
    const env = await client.seal('POST', CALLS.clientConfig.path, {});
    const res = await client.inject({ method: 'GET', url: `${CALLS.clientConfig.path}?e=${encodeEnvelope(env)}` });
    expect(res.json().error.code).toBe(ErrorCode.CIPHER_INVALID);
  });

  it('an unknown sid → 100602', async () => {
    const client = await t.handshake();
    const env = await client.seal('GET', CALLS.clientConfig.path, {});
    const res = await client.inject({ method: 'GET', url: `${CALLS.clientConfig.path}?e=${encodeEnvelope({ ...env, sid: 'x'.repeat(24) })}` });
    expect(res.json().error.code).toBe(ErrorCode.CIPHER_INVALID);
  });

  it('a malformed envelope or `e` → 100602', async () => {
    const client = await t.handshake();
    const env = await client.seal('POST', CALLS.sendCode.path, {});
    const res = await client.inject({ method: 'POST', url: CALLS.sendCode.path, payload: { ...env, iv: 'short' } });
    expect(res.json().error.code).toBe(ErrorCode.CIPHER_INVALID);
    const bad = await client.inject({ method: 'GET', url: `${CALLS.clientConfig.path}?e=%25%25%25` });
    expect(bad.json().error.code).toBe(ErrorCode.CIPHER_INVALID);
  });

  it('a timestamp outside the window → 100603, inside → accepted', async () => {
    const client = await t.handshake();
    const stale = await client.call('clientConfig', {}, { now: t.clock.now() - cipher.CIPHER_WINDOW_MS - 1000 });
    expect(stale.status).toBe(400);
    expect(stale.ciphered).toBe(false);
    expect(stale.body.error?.code).toBe(ErrorCode.CIPHER_STALE);
    const future = await client.call('clientConfig', {}, { now: t.clock.now() + cipher.CIPHER_WINDOW_MS + 1000 });
    expect(future.body.error?.code).toBe(ErrorCode.CIPHER_STALE);
    const edge = await client.call('clientConfig', {}, { now: t.clock.now() - cipher.CIPHER_WINDOW_MS + 1000 });
    expect(edge.status).toBe(200);
  });

  it('a replayed nonce → 100604', async () => {
    const client = await t.handshake();
    const env = await client.seal('GET', CALLS.clientConfig.path, {});
    const url = `${CALLS.clientConfig.path}?e=${encodeEnvelope(env)}`;
    expect((await client.inject({ method: 'GET', url })).statusCode).toBe(200);
    const again = await client.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe(ErrorCode.CIPHER_REPLAY);
  });

  it('a cipher session ends after 24 hours → 100602', async () => {
    const client = await t.handshake();
    t.clock.advance(24 * HOUR + MINUTE);
    try {
      const res = await client.call('clientConfig');
      expect(res.body.error?.code).toBe(ErrorCode.CIPHER_INVALID);
    } finally {
      t.clock.advance(-(24 * HOUR + MINUTE));
    }
  });

  it('memory guard: after a restart, or at another process, the sid is unknown (100602: the client handshakes again), so a replay is refused there too', async () => {
    const client = await t.handshake();
    const env = await client.seal('GET', CALLS.clientConfig.path, {});
    const url = `${CALLS.clientConfig.path}?e=${encodeEnvelope(env)}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).json().error.code).toBe(ErrorCode.CIPHER_REPLAY);
    const { buildApp } = await import('../src/app');
    const second = await buildApp({ config: t.config, db: t.db, clock: t.clock });
    try {
      const replay = await second.inject({ method: 'GET', url });
      expect([replay.statusCode, replay.json().error.code]).toEqual([401, ErrorCode.CIPHER_INVALID]);
      const fresh = await client.seal('GET', CALLS.clientConfig.path, {});
      expect((await second.inject({ method: 'GET', url: `${CALLS.clientConfig.path}?e=${encodeEnvelope(fresh)}` })).json().error.code).toBe(ErrorCode.CIPHER_INVALID);
      // a new handshake with this process works
      const { TestClient } = await import('./helpers');
      const again = await TestClient.handshake(second, t.clock);
      expect((await again.call('clientConfig')).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('memory guard: a request writes nothing to the database (no session row, no nonce row)', async () => {
    const client = await t.handshake();
    expect((await client.call('clientConfig')).status).toBe(200);
    const { rows } = await t.db.query<{ s: number; n: number }>('SELECT (SELECT count(*)::int FROM cipher_sessions) AS s, (SELECT count(*)::int FROM cipher_nonces) AS n');
    expect(rows[0]).toEqual({ s: 0, n: 0 });
  });
});

describe('database guard (CIPHER_REPLAY_GUARD=database)', () => {
  let d: TestApp;
  beforeAll(async () => {
    d = await createTestApp({ env: { CIPHER_REPLAY_GUARD: 'database' } });
  });
  afterAll(() => d.close());

  it('the cipher session is found after a restart or at another process (stored, not only cached); a replay is refused there', async () => {
    const client = await d.handshake();
    const { buildApp } = await import('../src/app');
    const second = await buildApp({ config: d.config, db: d.db, clock: d.clock });
    try {
      const env = await client.seal('GET', CALLS.clientConfig.path, {});
      const url = `${CALLS.clientConfig.path}?e=${encodeEnvelope(env)}`;
      const res = await second.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-esop-cipher']).toBe('1');
      expect((await d.app.inject({ method: 'GET', url })).json().error.code).toBe(ErrorCode.CIPHER_REPLAY);
    } finally {
      await second.close();
    }
  });

  it('stores session keys sealed, not in clear', async () => {
    const client = await d.handshake();
    const { rows } = await d.db.query<{ aes_key: Uint8Array }>('SELECT aes_key FROM cipher_sessions WHERE sid = $1', [client.sid]);
    expect(rows[0].aes_key.byteLength).toBe(12 + 32 + 16);
    expect(client.rawKey?.byteLength).toBe(32);
    expect(Buffer.from(rows[0].aes_key).includes(Buffer.from(client.rawKey!))).toBe(false);
  });
});
