/**
 * TRUST_PROXY names the proxies to believe: a hop count or a list of addresses/CIDRs. `true` (believe any
 * X-Forwarded-For) is refused at start-up. A client's own X-Forwarded-For entries are never taken for its address.
 */
import { CALLS } from '@core/domain';
import { ConfigError, parseEnv } from '../src/config';
import { createTestApp, type CallResult, type TestApp, type TestClient } from './helpers';

async function ipLocationFrom(c: TestClient, remoteAddress: string, headers: Record<string, string> = {}): Promise<CallResult> {
  const def = CALLS.ipLocation;
  const envelope = await c.seal('GET', def.path, {});
  const e = Buffer.from(JSON.stringify(envelope)).toString('base64url');
  return c.open(await c.inject({ method: 'GET', url: `${def.path}?e=${e}`, remoteAddress, headers }), envelope.nonce);
}

const CN = { country: 'CN', region: '' };
const HK = { country: 'HK', region: '' };

describe('TRUST_PROXY settings', () => {
  test.each(['true', 'yes', 'TRUE'])('%s is refused with an explanation', (value) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .*hop count.*addresses/);
  });

  test.each(['abc', '10.0.0.0/33', '1.2.3', '-1', '10.0.0.1,,', 'fe80::/129'])('%s is refused', (value) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  test.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7 ,::1', ['10.0.0.0/8', '192.168.1.7', '::1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('%s → %j', (value, expected) => {
    expect(parseEnv(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });
});

describe('a spoofed X-Forwarded-For', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  test('TRUST_PROXY=1: only the entry our proxy appended counts, not the one the client wrote', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    const c = await t.login('61239001');
    // the client claims a mainland address; our proxy (10.0.0.5) appended the real one (Hong Kong)
    expect((await ipLocationFrom(c, '10.0.0.5', { 'x-forwarded-for': '1.2.4.8, 203.198.1.1' })).body.result).toEqual(HK);
    // and the other way round: a mainland client cannot pass for Hong Kong
    expect((await ipLocationFrom(c, '10.0.0.5', { 'x-forwarded-for': '203.198.1.1, 1.2.4.8' })).body.result).toEqual(CN);
  });

  test('TRUST_PROXY=<address list>: a request not from a listed proxy keeps its socket address', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8', IP_DEFAULT_COUNTRY: 'GB' } });
    const c = await t.login('61239002');
    expect((await ipLocationFrom(c, '10.1.2.3', { 'x-forwarded-for': '1.2.4.8' })).body.result).toEqual(CN);
    // straight from the internet (not through the proxy): the header is the client's own and is ignored
    expect((await ipLocationFrom(c, '203.198.1.1', { 'x-forwarded-for': '1.2.4.8' })).body.result).toEqual(HK);
    // a chain through the proxy: the first untrusted entry from the right is the client
    expect((await ipLocationFrom(c, '10.1.2.3', { 'x-forwarded-for': '1.2.4.8, 203.198.1.1, 10.9.9.9' })).body.result).toEqual(HK);
  });
});
