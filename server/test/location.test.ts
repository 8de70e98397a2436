import { CALLS, ErrorCode } from '@core/domain';
import { auditTrail } from '../src/db/audit';
import { createTestApp, type CallResult, type TestApp, type TestClient } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let phones = 0;
const user = () => t.login(`6${String(1000000 + ++phones)}`);

/** A ciphered GET from a given client address, with optional extra headers. */
async function getFrom(c: TestClient, name: keyof typeof CALLS, remoteAddress: string, headers: Record<string, string> = {}): Promise<CallResult> {
  const def = CALLS[name];
  const envelope = await c.seal('GET', def.path, {});
  const e = Buffer.from(JSON.stringify(envelope)).toString('base64url');
  const res = await c.inject({ method: 'GET', url: `${def.path}?e=${e}`, remoteAddress, headers });
  return c.open(res, envelope.nonce);
}

describe('IpLocation', () => {
  test('loopback and private addresses → the configured default (HK, "")', async () => {
    const c = await user();
    const local = await c.call('ipLocation');
    expect(local.ciphered).toBe(true);
    expect(local.body.result).toEqual({ country: 'HK', region: '' });
    expect((await getFrom(c, 'ipLocation', '10.1.2.3')).body.result).toEqual({ country: 'HK', region: '' });
    expect((await getFrom(c, 'ipLocation', '::ffff:192.168.1.20')).body.result).toEqual({ country: 'HK', region: '' });
  });

  test.each([
    ['1.2.4.8', { country: 'CN', region: '' }],
    ['::ffff:114.114.114.114', { country: 'CN', region: '' }],
    ['203.198.1.1', { country: 'HK', region: '' }],
    ['8.8.8.8', { country: 'US', region: '' }],
  ])('a public address %s → %j from the shipped database', async (ip, expected) => {
    const c = await user();
    expect((await getFrom(c, 'ipLocation', ip)).body.result).toEqual(expected);
  });

  test('X-Forwarded-For is ignored unless TRUST_PROXY is set', async () => {
    const c = await user();
    expect((await getFrom(c, 'ipLocation', '127.0.0.1', { 'x-forwarded-for': '1.2.4.8' })).body.result).toEqual({ country: 'HK', region: '' });
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1', IP_DEFAULT_COUNTRY: 'GB' } });
    try {
      const pc = await proxied.login('61230000');
      expect((await getFrom(pc, 'ipLocation', '127.0.0.1', { 'x-forwarded-for': '1.2.4.8' })).body.result).toEqual({ country: 'CN', region: '' });
      expect((await getFrom(pc, 'ipLocation', '127.0.0.1')).body.result).toEqual({ country: 'GB', region: '' });
    } finally {
      await proxied.close();
    }
  });

  test('needs a session', async () => {
    const anon = await t.handshake();
    expect((await anon.call('ipLocation')).body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
  });
});

describe('PositionToCity', () => {
  test.each([
    ['22.541,114.058', '156440300'], // Shenzhen, Futian
    ['22.501,114.128', '156810000'], // Sheung Shui, Hong Kong
    ['22.1936,113.5392', '156820000'], // Macau
    ['22.222,113.549', '156440400'], // Zhuhai, Gongbei
    ['25.033,121.565', '156710000'], // Taipei
    ['1.305,103.832', '702'], // Singapore
    ['51.5074,-0.1278', '826'], // London
  ])('%s → %s', async (location, code) => {
    const c = await user();
    const res = await c.call('positionToCity', { location });
    expect(res.body.result).toEqual({ city_code: code });
  });

  test.each(['91,0', '0,181', 'abc', '22.5;114.1', ''])('%j → 100400', async (location) => {
    const c = await user();
    expect((await c.call('positionToCity', { location })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
  });
});

describe('PostionInfo', () => {
  test('keeps the last position on the user\'s application; the audit trail records only that it came', async () => {
    const c = await user();
    const start = await c.call('applyStart', { oaType: 1 });
    const appId = start.body.result.appId;
    const res = await c.call('positionInfo', { location: '22.541,114.058' });
    expect(res.body.result).toEqual({ ok: true });
    const { rows } = await t.db.query<{ last_position: string; last_position_at: Date }>('SELECT last_position, last_position_at FROM applications WHERE app_id = $1', [appId]);
    expect(rows[0].last_position).toBe('22.541,114.058');
    expect(rows[0].last_position_at).toBeInstanceOf(Date);
    const trail = await auditTrail(t.db, { appId, limit: 1 });
    expect(trail[0].action).toBe('position.report');
    expect(JSON.stringify(trail[0])).not.toContain('114.058');
  });

  test('without an application it is accepted and nothing is stored; a malformed position → 100400', async () => {
    const c = await user();
    expect((await c.call('positionInfo', { location: '1.3,103.8' })).body.result).toEqual({ ok: true });
    expect((await c.call('positionInfo', { location: 'somewhere' })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
  });
});
