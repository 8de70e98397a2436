/** Session cookies are Secure in production and whenever the request came over HTTPS (directly or via a trusted proxy). */
import { createTestApp, type TestApp } from './helpers';

const secureOf = (c: { secure?: boolean }) => c.secure === true;

async function loginCookies(t: TestApp, headers: Record<string, string> = {}, remoteAddress?: string) {
  const client = await t.handshake();
  const sent = await client.call('sendCode', { value: '91237777', areaCode: '852' });
  const salt = sent.body.result.salt as string;
  const code = await t.latestCode('91237777');
  const envelope = await client.seal('POST', '/kyc/esop/v1/Login', { areaCode: '852', phone: '91237777', code, salt });
  const res = await client.inject({ method: 'POST', url: '/kyc/esop/v1/Login', payload: envelope as unknown as Record<string, unknown>, headers, remoteAddress });
  expect(res.statusCode).toBe(200);
  return res.cookies.filter((c) => c.name === 'esop_sid' || c.name === 'esop_in');
}

describe('Secure session cookies', () => {
  let t: TestApp;
  afterEach(() => t.close());

  test('production: Secure even when the request reached us over plain HTTP (TLS ends at a proxy we were not told about)', async () => {
    // production takes its secrets from settings (the cipher key files come from the test helper)
    const secrets = { APP_TOKEN_SECRET: 'app-token-secret-of-the-cookie-test!', SIGNING_SECRET: 'signing-secret-of-the-cookie-test!!' };
    t = await createTestApp({ env: { NODE_ENV: 'production', SMS_VENDOR: 'http', SMS_HTTP_URL: 'http://127.0.0.1:9/sms', LOG_LEVEL: 'silent', ...secrets } });
    const cookies = await loginCookies(t);
    expect(cookies).toHaveLength(2);
    expect(cookies.every(secureOf)).toBe(true);
  });

  test('development over HTTP: not Secure (so a local http://localhost works)', async () => {
    t = await createTestApp();
    const cookies = await loginCookies(t);
    expect(cookies).toHaveLength(2);
    expect(cookies.some(secureOf)).toBe(false);
  });

  test('development behind a trusted proxy that says https: Secure; the same header from an untrusted peer is ignored', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
    expect((await loginCookies(t, { 'x-forwarded-proto': 'https' }, '10.0.0.5')).every(secureOf)).toBe(true);
    t.clock.advance(61_000);
    expect((await loginCookies(t, { 'x-forwarded-proto': 'https' }, '203.198.1.1')).some(secureOf)).toBe(false);
  });
});
