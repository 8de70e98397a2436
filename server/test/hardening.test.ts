/**
 * Review findings (issue 2): prototype-poisoning keys in payloads, the ops API behind a proxy, the token's own
 * sub-account, and the SendCode cooldown under parallel requests.
 */
import { connect } from 'node:net';
import { CALLS, ErrorCode, STEP_VERSION } from '@core/domain';
import { signAppToken } from '../src/vendors/app-token';
import { writeOpsToken } from '../src/ops/token';
import { createTestApp, encodeEnvelope, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('prototype poisoning', () => {
  const poisoned = (appId: string) =>
    JSON.parse(`{"appId":"${appId}","stepVersion":"${STEP_VERSION}","currentStep":"JOBSTATUS","draft":true,"data":{"a":1,"__proto__":{"polluted":true}}}`);

  test('a payload carrying __proto__ is refused with 100400 (sealed), nothing is stored and no prototype changes', async () => {
    const c = await t.login('91235001');
    const start = await c.call('applyStart', { oaType: 2 });
    const appId = start.body.result.appId as string;
    const res = await c.call('applyUpdate', poisoned(appId));
    expect([res.status, res.ciphered, res.body.error?.code]).toEqual([400, true, ErrorCode.INVALID_INPUT]);
    expect(res.body.error?.data.issues).toEqual([{ path: '__proto__', message: 'forbidden key' }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const { rows } = await t.db.query<{ data: unknown }>('SELECT data FROM applications WHERE app_id = $1', [appId]);
    expect(rows[0].data).toEqual({});
  });

  test('constructor.prototype in a GET payload is refused too', async () => {
    const c = await t.login('91235002');
    const res = await c.call('applyDetail', JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'));
    expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.INVALID_INPUT]);
  });

  test('an envelope (GET `e`) carrying __proto__ → 100602', async () => {
    const c = await t.handshake();
    const env = await c.seal('GET', CALLS.clientConfig.path, {});
    const text = JSON.stringify(env).replace(/^\{/, '{"__proto__":{"sid":"x"},');
    const res = await c.inject({ method: 'GET', url: `${CALLS.clientConfig.path}?e=${Buffer.from(text).toString('base64url')}` });
    expect(res.json().error.code).toBe(ErrorCode.CIPHER_INVALID);
    // the same envelope without it is fine
    expect((await c.inject({ method: 'GET', url: `${CALLS.clientConfig.path}?e=${encodeEnvelope(env)}` })).statusCode).toBe(200);
  });

  test('step data can carry no __proto__/constructor/prototype key, however it got in', async () => {
    const { checkStepData } = await import('../src/modules/applications/data-bounds');
    const data = JSON.parse('{"x":{"__proto__":{"a":1}},"constructor":{},"ok":{"prototype":1}}');
    expect(checkStepData(data).issues.map((i) => i.path).sort()).toEqual(['data.constructor', 'data.ok.prototype', 'data.x.__proto__']);
  });
});

describe('ops API behind a proxy', () => {
  test.each([
    { 'x-forwarded-for': '203.0.113.9' },
    { forwarded: 'for=203.0.113.9' },
    { 'x-real-ip': '203.0.113.9' },
  ])('a loopback request with %j is refused (a local proxy relaying the internet)', async (headers) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/v1/run',
      headers: { authorization: `Bearer ${writeOpsToken(t.config.dataDir)}`, ...headers },
      payload: { command: 'code', params: { phone: '91235003', area: '852' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('TokenLogin keeps only the token\'s own sub-account', () => {
  const token = (claims: Record<string, unknown>, phone = '94005001') =>
    signAppToken(t.config.secrets.appTokenSecret, { phone, areaCode: '852', exp: Math.floor(t.clock.now() / 1000) + 600, ...claims } as never);

  test('a subAccountId the token does not carry is not stored (neither on the user nor on the session)', async () => {
    const c = await t.handshake();
    const res = await c.call('tokenLogin', { t: token({}), subAccountId: 'S-CLIENT-SAYS' });
    expect(res.status).toBe(200);
    expect(res.body.result.subAcctId).toBeNull();
    const { rows: users } = await t.db.query<{ sub_acct_id: string | null }>('SELECT sub_acct_id FROM users WHERE phone = $1', ['94005001']);
    expect(users[0].sub_acct_id).toBeNull();
    const { rows: sessions } = await t.db.query<{ sub_acct_id: string | null }>('SELECT s.sub_acct_id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.phone = $1', ['94005001']);
    expect(sessions.map((s) => s.sub_acct_id)).toEqual([null]);
  });

  test('the token\'s claim is what is stored', async () => {
    const c = await t.handshake();
    const res = await c.call('tokenLogin', { t: token({ subAcctId: 'S-TOKEN' }, '94005002'), subAccountId: 'S-TOKEN' });
    expect(res.body.result.subAcctId).toBe('S-TOKEN');
    const { rows } = await t.db.query<{ sub_acct_id: string | null }>('SELECT s.sub_acct_id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.phone = $1', ['94005002']);
    expect(rows.map((r) => r.sub_acct_id)).toEqual(['S-TOKEN']);
  });
});

describe('SendCode cooldown under parallel requests', () => {
  test('parallel sends to one phone: exactly one code goes out, the others get 110112', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => t.handshake()));
    const results = await Promise.all(clients.map((c) => c.call('sendCode', { value: '91235009', areaCode: '852' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.error?.code === ErrorCode.CODE_TOO_FREQUENT)).toHaveLength(5);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM login_codes WHERE phone = '91235009'");
    expect(rows[0].n).toBe(1);
    // the SMS goes out as a job: wait until it is handed over (latestCode waits for the stamp) before counting lines
    await t.latestCode('91235009');
    expect(t.smsLines.filter((l) => l.includes('91****09') || l.includes('9123****'))).toHaveLength(1);
  });
});

describe('what the framework refuses is answered in the service\'s own shape, without its names', () => {
  it('a body of the wrong content type: 100400 rule format, no FST_ name', async () => {
    const res = await t.app.inject({ method: 'POST', url: CALLS.cipherSession.path, payload: '<x/>', headers: { 'content-type': 'application/xml' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json()).toEqual({ error: { code: ErrorCode.INVALID_INPUT, message: expect.any(String), data: { issues: [{ path: '', message: 'format' }] } } });
    expect(res.body).not.toMatch(/FST_|Fastify/i);
  });

  it('an empty JSON body: 100400 rule format', async () => {
    const res = await t.app.inject({ method: 'POST', url: CALLS.cipherSession.path, payload: '', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.objectContaining({ code: ErrorCode.INVALID_INPUT, data: { issues: [{ path: '', message: 'format' }] } }));
    expect(res.body).not.toMatch(/FST_/);
  });

  it('a URL over 8192 characters: 414 with the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${CALLS.userInfo.path}?e=${'a'.repeat(9000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: { code: ErrorCode.INVALID_INPUT, message: expect.any(String), data: { issues: [{ path: '', message: 'tooLong' }] } } });
  });

  describe('over a real socket', () => {
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as import('node:net').AddressInfo).port;
    });

    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(text));
        let got = '';
        socket.on('data', (d) => (got += d.toString('utf8')));
        socket.on('close', () => resolve(got));
        socket.on('error', reject);
      });

    it('headers over Node\'s limit: 431 with the error envelope', async () => {
      const got = await raw(`GET /kyc/esop/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20000)}\r\n\r\n`);
      expect(got).toMatch(/^HTTP\/1.1 431 /);
      const body = JSON.parse(got.slice(got.indexOf('\r\n\r\n') + 4));
      expect(body).toEqual({ error: { code: ErrorCode.INVALID_INPUT, message: expect.any(String), data: { issues: [{ path: '', message: 'tooLong' }] } } });
    });

    it('a request that is not HTTP: 400 with the error envelope', async () => {
      const got = await raw('HELLO THERE\r\n\r\n');
      expect(got).toMatch(/^HTTP\/1.1 400 /);
      expect(JSON.parse(got.slice(got.indexOf('\r\n\r\n') + 4)).error.code).toBe(ErrorCode.INVALID_INPUT);
      expect(got).not.toMatch(/Client Error|FST_/);
    });
  });
});
