import { signAppToken } from '../src/vendors/app-token';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: { write: (l) => void lines.push(l) } });
});
afterAll(() => t.close());

it('logs requests without phones, codes, salts, tokens, cookies, query strings or bodies', async () => {
  const phone = '98765432';
  const client = await t.login(phone);
  const code = await t.latestCode(phone);
  const { rows } = await t.db.query<{ salt: string }>('SELECT salt FROM login_codes');
  const token = signAppToken(t.config.secrets.appTokenSecret, { phone: '98765431', areaCode: '852', exp: Math.floor(Date.now() / 1000) + 600 });
  await client.call('tokenLogin', { t: token });
  await client.call('userInfo');
  await t.app.inject({ method: 'GET', url: `/kyc/esop/v1/health?phone=${phone}&t=${token}` });

  const log = lines.join('');
  expect(lines.length).toBeGreaterThan(8);
  expect(log).toContain('"path":"/kyc/esop/v1/Login"');
  for (const secret of [phone, '98765431', code, client.cookie!, token, client.sid, ...rows.map((r) => r.salt)]) {
    expect(log).not.toContain(secret);
  }
  expect(log).not.toMatch(/"body"|"headers"|set-cookie/i);
  // the code goes only to the console SMS vendor's own line, never to the structured log
  expect(t.smsLines.join('\n')).toContain(code);
});

it('logs a failing query without the row values PostgreSQL puts in its detail', async () => {
  lines.length = 0;
  t.app.log.error({ err: Object.assign(new Error('duplicate key value violates unique constraint "users_area_code_phone_key"'), { code: '23505', detail: 'Key (area_code, phone)=(852, 98765432) already exists.' }) }, 'boom');
  const log = lines.join('');
  expect(log).toContain('23505');
  expect(log).not.toContain('98765432');
});
