/**
 * Rate limits (RATE_LIMITS in src/core/domain/limits.ts) per client address and per user, counted in the
 * database, and each user's daily upload quota (UPLOAD_DAILY_COUNT / UPLOAD_DAILY_MB).
 */
import { CALLS, ErrorCode, RATE_LIMITS } from '@core/domain';
import { buildApp } from '../src/app';
import { createTestApp, userMaker, HOUR, type CallResult, type TestApp, type TestClient } from './helpers';
import { pngOfSize } from './upload-fixtures';

let t: TestApp;
/** a new logged-in user */
let user: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_DAILY_COUNT: '4', UPLOAD_DAILY_MB: '1' } });
  user = userMaker(t, '9', 3000000);
});
afterAll(() => t.close());


/** a ciphered call from a given client address */
async function callFrom(c: TestClient, name: keyof typeof CALLS, payload: unknown, remoteAddress: string): Promise<CallResult> {
  const def = CALLS[name];
  const envelope = await c.seal(def.method, def.path, payload);
  const res =
    def.method === 'GET'
      ? await c.inject({ method: 'GET', url: `${def.path}?e=${Buffer.from(JSON.stringify(envelope)).toString('base64url')}`, remoteAddress })
      : await c.inject({ method: 'POST', url: def.path, payload: envelope as unknown as Record<string, unknown>, remoteAddress });
  return c.open(res, envelope.nonce);
}

const cipherSession = (app: TestApp['app'], remoteAddress: string) =>
  app.inject({ method: 'POST', url: CALLS.cipherSession.path, payload: { kid: 'unknown', wrappedKey: 'A'.repeat(40) }, remoteAddress });

const BAD_TOKEN = `${'x'.repeat(40)}.${'y'.repeat(43)}`;
/** a real PNG that the service keeps at about n bytes (noise: its re-encoding cannot shrink it) */
const PNG = (n: number) => pngOfSize(n);

describe('per address', () => {
  test('CipherSession: over the limit → 100429 (plain, HTTP 429, Retry-After), other addresses unaffected, the next window open again', async () => {
    const { max, windowS } = RATE_LIMITS.cipherSession.perAddress;
    t.clock.set(Math.ceil(t.clock.now() / (windowS * 1000)) * windowS * 1000 + 1000); // start of a window
    for (let i = 0; i < max; i++) expect((await cipherSession(t.app, '198.51.100.1')).statusCode).toBe(401);
    const over = await cipherSession(t.app, '198.51.100.1');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe(String(windowS - 1));
    expect(over.json().error).toEqual(expect.objectContaining({ code: ErrorCode.RATE_LIMITED, data: { scope: 'address', retryAfterSeconds: windowS - 1 } }));
    expect((await cipherSession(t.app, '198.51.100.2')).statusCode).toBe(401);
    t.clock.advance(windowS * 1000);
    expect((await cipherSession(t.app, '198.51.100.1')).statusCode).toBe(401);
  });

  test('the count is shared by every process on the database', async () => {
    const { max, windowS } = RATE_LIMITS.cipherSession.perAddress;
    t.clock.advance(windowS * 1000);
    const second = await buildApp({ config: t.config, db: t.db, clock: t.clock });
    try {
      for (let i = 0; i < max; i++) expect((await cipherSession(i % 2 ? second : t.app, '198.51.100.3')).statusCode).toBe(401);
      expect((await cipherSession(second, '198.51.100.3')).statusCode).toBe(429);
      expect((await cipherSession(t.app, '198.51.100.3')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  test('TokenLogin: over the limit → 100429 sealed, scope address', async () => {
    const { max } = RATE_LIMITS.tokenLogin.perAddress;
    const c = await t.handshake();
    for (let i = 0; i < max; i++) expect((await callFrom(c, 'tokenLogin', { t: BAD_TOKEN }, '198.51.100.4')).body.error?.code).toBe(ErrorCode.TOKEN_INVALID);
    const over = await callFrom(c, 'tokenLogin', { t: BAD_TOKEN }, '198.51.100.4');
    expect([over.status, over.ciphered, over.body.error?.code, over.body.error?.data?.scope]).toEqual([429, true, ErrorCode.RATE_LIMITED, 'address']);
    expect((await callFrom(c, 'tokenLogin', { t: BAD_TOKEN }, '198.51.100.5')).body.error?.code).toBe(ErrorCode.TOKEN_INVALID);
  });

  test('IpLocation: many users behind one address share its limit', async () => {
    const { perAddress, perUser } = RATE_LIMITS.ipLocation;
    const users = Math.ceil(perAddress.max / perUser.max);
    let sent = 0;
    for (let u = 0; u < users; u++) {
      const c = await user();
      for (let i = 0; i < perUser.max && sent < perAddress.max; i++, sent++) {
        expect((await callFrom(c, 'ipLocation', {}, '198.51.100.6')).status).toBe(200);
      }
    }
    const fresh = await user();
    const over = await callFrom(fresh, 'ipLocation', {}, '198.51.100.6');
    expect([over.status, over.body.error?.data?.scope]).toEqual([429, 'address']);
    expect((await callFrom(fresh, 'ipLocation', {}, '198.51.100.7')).status).toBe(200);
  });
});

describe('per user', () => {
  test.each([
    ['ipLocation', {}],
    ['positionToCity', { location: '22.28,114.16' }],
  ] as const)('%s: over the user limit → 100429 sealed, scope user, whatever the address', async (name, payload) => {
    const { max } = RATE_LIMITS[name].perUser;
    const c = await user();
    for (let i = 0; i < max; i++) expect((await callFrom(c, name, payload, `203.0.113.${i % 200}`)).status).toBe(200);
    const over = await callFrom(c, name, payload, '203.0.113.250');
    expect([over.status, over.ciphered, over.body.error?.code, over.body.error?.data?.scope]).toEqual([429, true, ErrorCode.RATE_LIMITED, 'user']);
    expect(over.body.error?.data?.retryAfterSeconds).toBeGreaterThan(0);
    // another user is not held back
    expect((await callFrom(await user(), name, payload, '203.0.113.250')).status).toBe(200);
  });

  test('Upload: over the per-user rate → 100429 scope user', async () => {
    const own = await createTestApp();
    try {
      const { max } = RATE_LIMITS.upload.perUser;
      const c = await own.login('91239999');
      const path = `${CALLS.upload.path}/UserInfo`;
      for (let i = 0; i < max; i++) expect((await c.upload(path, { filename: 'a.png' }, PNG(8))).status).toBe(200);
      const over = await c.upload(path, { filename: 'a.png' }, PNG(8));
      expect([over.status, over.body.error?.code, over.body.error?.data?.scope]).toEqual([429, ErrorCode.RATE_LIMITED, 'user']);
    } finally {
      await own.close();
    }
  });
});

describe('daily upload quota', () => {
  const path = `${CALLS.upload.path}/UserInfo`;

  test('files per day (UPLOAD_DAILY_COUNT): the next one → 100429 scope uploadCount; a day later it is allowed again', async () => {
    const phone = '93999001'; // logged in again below, after the session has ended
    const c = await t.login(phone);
    for (let i = 0; i < 4; i++) expect((await c.upload(path, { filename: 'a.png' }, PNG(8))).status).toBe(200);
    const over = await c.upload(path, { filename: 'a.png' }, PNG(8));
    expect([over.status, over.ciphered, over.body.error?.code, over.body.error?.data?.scope]).toEqual([429, true, ErrorCode.RATE_LIMITED, 'uploadCount']);
    expect(over.body.error?.data?.retryAfterSeconds).toBe(24 * 3600);
    expect(over.headers['retry-after']).toBe(String(24 * 3600));
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files WHERE owner_user_id = $1', [c.user!.userId]);
    expect(rows[0].n).toBe(4);
    t.clock.advance(24 * HOUR + 1000);
    const again = await t.login(phone); // the session ended meanwhile
    expect(again.user!.userId).toBe(c.user!.userId);
    expect((await again.upload(path, { filename: 'a.png' }, PNG(8))).status).toBe(200);
  });

  test('bytes per day (UPLOAD_DAILY_MB): an upload that would pass it → 100429 scope uploadBytes', async () => {
    const c = await user();
    expect((await c.upload(path, { filename: 'a.png' }, PNG(700 * 1024))).status).toBe(200);
    const over = await c.upload(path, { filename: 'b.png' }, PNG(400 * 1024));
    expect([over.status, over.body.error?.code, over.body.error?.data?.scope]).toEqual([429, ErrorCode.RATE_LIMITED, 'uploadBytes']);
    expect(over.headers['retry-after']).toBe(String(over.body.error?.data?.retryAfterSeconds));
    expect((await c.upload(path, { filename: 'c.png' }, PNG(200 * 1024))).status).toBe(200);
  });

  test('parallel uploads of one user cannot pass the quota together', async () => {
    const c = await user();
    const results = await Promise.all(Array.from({ length: 8 }, () => c.upload(path, { filename: 'a.png' }, PNG(8))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(results.filter((r) => r.body.error?.data?.scope === 'uploadCount')).toHaveLength(4);
  });
});
