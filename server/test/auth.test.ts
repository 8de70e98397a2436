import { ErrorCode, VERIFY_CODE_MAX_ATTEMPTS } from '@core/domain';
import { signAppToken } from '../src/vendors/app-token';
import { createTestApp, eventually, HOUR, MINUTE, type TestApp, type TestClient } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let phoneSeq = 0;
/** a fresh valid HK phone per test, so cooldowns do not leak between tests */
const nextPhone = () => String(91000000 + ++phoneSeq);

async function sendCode(client: TestClient, phone: string, areaCode = '852', headers?: Record<string, string>) {
  return client.call('sendCode', { value: phone, areaCode }, { headers });
}

describe('send code and log in', () => {
  it('sends a code (printed, kept in the outbox, never logged), logs in, creates the user and answers UserInfo', async () => {
    const client = await t.handshake();
    const phone = nextPhone();
    const sent = await sendCode(client, phone);
    expect(sent.status).toBe(200);
    expect(sent.body.result).toEqual({ salt: expect.any(String), cooldownSeconds: 60 });
    const code = await t.latestCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(t.smsLines.at(-1)).toBe(`[sms] code for +852 ${phone.slice(0, 2)}****${phone.slice(6)}: ${code}`);

    const login = await client.call('login', { areaCode: '852', phone, code, salt: sent.body.result.salt });
    expect(login.status).toBe(200);
    expect(login.body.result).toEqual({
      userId: expect.any(String),
      phoneMasked: `${phone.slice(0, 2)}****${phone.slice(6)}`,
      areaCode: '852',
      subAcctId: null,
      clientStatus: 0,
      hasApplication: false,
      clientInfo: { accts: [] },
    });
    const cookie = login.response.cookies.find((c) => c.name === 'esop_sid');
    expect(cookie).toEqual(expect.objectContaining({ httpOnly: true, sameSite: 'Strict', path: '/' }));
    // the readable hint carries no secret and lives as long as the session does unused (its idle time)
    const hint = login.response.cookies.find((c) => c.name === 'esop_in');
    expect(cookie?.maxAge).toBe(t.config.sessionAbsoluteHours * 3600);
    expect(hint).toEqual(expect.objectContaining({ value: '1', sameSite: 'Strict', path: '/', maxAge: t.config.sessionIdleMinutes * 60 }));
    expect(hint?.httpOnly).toBeFalsy();

    const info = await client.call('userInfo');
    expect(info.status).toBe(200);
    expect(info.body.result.userId).toBe(login.body.result.userId);

    // logging in again with the same phone finds the same user
    t.clock.advance(61_000);
    const again = await t.login(phone);
    expect(again.user?.userId).toBe(login.body.result.userId);
  });

  it('accepts a phone typed with spaces and dashes', async () => {
    const client = await t.handshake();
    const phone = nextPhone();
    const sent = await sendCode(client, `${phone.slice(0, 4)} ${phone.slice(4)}`);
    expect(sent.status).toBe(200);
    const login = await client.call('login', { areaCode: '852', phone: `${phone.slice(0, 4)}-${phone.slice(4)}`, code: await t.latestCode(phone), salt: sent.body.result.salt });
    expect(login.status).toBe(200);
  });

  it('rejects a wrong code with the tries left, and locks the salt after the allowed attempts', async () => {
    const client = await t.handshake();
    const phone = nextPhone();
    const { salt } = (await sendCode(client, phone)).body.result;
    const code = await t.latestCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await client.call('login', { areaCode: '852', phone, code: wrong, salt });
    expect(first.status).toBe(400);
    expect(first.body.error).toEqual(expect.objectContaining({ code: ErrorCode.CODE_WRONG, data: { attemptsLeft: VERIFY_CODE_MAX_ATTEMPTS - 1 } }));
    for (let i = 2; i <= VERIFY_CODE_MAX_ATTEMPTS; i++) {
      expect((await client.call('login', { areaCode: '852', phone, code: wrong, salt })).body.error?.code).toBe(ErrorCode.CODE_WRONG);
    }
    const right = await client.call('login', { areaCode: '852', phone, code, salt });
    // the right code after the last try: used up, no tries left (the client offers a new code)
    expect(right.body.error).toEqual(expect.objectContaining({ code: ErrorCode.CODE_WRONG, data: { attemptsLeft: 0 } }));
  });

  it('rejects an expired code (5 minutes)', async () => {
    const client = await t.handshake();
    const phone = nextPhone();
    const { salt } = (await sendCode(client, phone)).body.result;
    // the SMS arrives, then the applicant waits past the code's life
    const code = await t.latestCode(phone);
    t.clock.advance(5 * MINUTE + 1000);
    const res = await client.call('login', { areaCode: '852', phone, code, salt });
    expect(res.body.error).toEqual(expect.objectContaining({ code: ErrorCode.CODE_WRONG, data: { attemptsLeft: 0 } }));
  });

  it('rejects a code used once already', async () => {
    const client = await t.handshake();
    const phone = nextPhone();
    const { salt } = (await sendCode(client, phone)).body.result;
    const code = await t.latestCode(phone);
    expect((await client.call('login', { areaCode: '852', phone, code, salt })).status).toBe(200);
    const reuse = await (await t.handshake()).call('login', { areaCode: '852', phone, code, salt });
    expect(reuse.body.error).toEqual(expect.objectContaining({ code: ErrorCode.CODE_WRONG, data: { attemptsLeft: 0 } }));
  });

  it('rejects a code sent to another phone', async () => {
    const client = await t.handshake();
    const phone = nextPhone();
    const { salt } = (await sendCode(client, phone)).body.result;
    const res = await client.call('login', { areaCode: '852', phone: nextPhone(), code: await t.latestCode(phone), salt });
    expect(res.body.error?.code).toBe(ErrorCode.CODE_WRONG);
  });

  it('answers 110112 with the seconds left while the previous code is under a minute old', async () => {
    const client = await t.handshake();
    const phone = nextPhone();
    expect((await sendCode(client, phone)).status).toBe(200);
    t.clock.advance(20_000);
    const soon = await sendCode(client, phone);
    expect(soon.status).toBe(429);
    expect(soon.body.error).toEqual(expect.objectContaining({ code: ErrorCode.CODE_TOO_FREQUENT, data: { remainingSeconds: 40 } }));
    t.clock.advance(40_000);
    expect((await sendCode(client, phone)).status).toBe(200);
  });

  it('limits a phone to 10 codes a day', async () => {
    const client = await t.handshake();
    const phone = nextPhone();
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(client, phone)).status).toBe(200);
      t.clock.advance(61_000);
    }
    const eleventh = await sendCode(client, phone);
    // the first of the ten was sent 610 s ago: it leaves the day's count a day after it was sent
    const wait = 24 * 3600 - 610;
    expect(eleventh.body.error).toEqual(expect.objectContaining({ code: ErrorCode.RATE_LIMITED, data: { scope: 'phone', retryAfterSeconds: wait } }));
    expect(eleventh.headers['retry-after']).toBe(String(wait));
    t.clock.advance(24 * HOUR);
    expect((await sendCode(await t.handshake(), phone)).status).toBe(200);
  });

  it('limits one address to 30 codes an hour', async () => {
    const own = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const client = await own.handshake();
      const headers = { 'x-forwarded-for': '203.0.113.9' };
      for (let i = 0; i < 30; i++) expect((await sendCode(client, String(92000000 + i), '852', headers)).status).toBe(200);
      const over = await sendCode(client, '92000099', '852', headers);
      expect(over.status).toBe(429);
      expect(over.body.error).toEqual(expect.objectContaining({ code: ErrorCode.RATE_LIMITED, data: { scope: 'address', retryAfterSeconds: 3600 } }));
      expect(over.headers['retry-after']).toBe('3600');
      // another address is not held back
      expect((await sendCode(client, '92000099', '852', { 'x-forwarded-for': '203.0.113.10' })).status).toBe(200);
      own.clock.advance(HOUR + 1000);
      expect((await sendCode(client, '92000098', '852', headers)).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('when the SMS vendor refuses every try, the code is dropped and the cooldown released', async () => {
    let fail = true;
    let tries = 0;
    const own = await createTestApp({
      env: { SMS_RETRIES: '1' },
      vendors: {
        sms: {
          name: 'flaky',
          send: async () => {
            tries += 1;
            if (fail) throw new Error('vendor down');
          },
        },
      },
    });
    try {
      const client = await own.handshake();
      const res = await sendCode(client, '93000001');
      // the SMS is queued: the vendor's refusals come after the answer
      expect(res.status).toBe(200);
      const salt = res.body.result.salt as string;
      await eventually('the code dropped after the last try', async () => !(await own.db.query('SELECT 1 FROM login_codes WHERE salt = $1', [salt])).rows.length);
      expect(tries).toBe(2);
      // no cooldown: a new code may be asked for at once, and this time it goes out
      fail = false;
      const again = await sendCode(client, '93000001');
      expect(again.status).toBe(200);
      await eventually('the new code handed over', async () => (await own.db.query<{ sms_sent_at: Date | null }>('SELECT sms_sent_at FROM login_codes WHERE salt = $1', [again.body.result.salt])).rows[0]?.sms_sent_at);
      expect(tries).toBe(3);
    } finally {
      await own.close();
    }
  }, 30_000);

  it('answers 110113, without a cooldown, when the SMS cannot be queued', async () => {
    const own = await createTestApp();
    try {
      const client = await own.handshake();
      await own.app.deps.jobs.boss.deleteQueue('sms.send');
      const res = await sendCode(client, '93000002');
      expect([res.status, res.body.error?.code]).toEqual([502, ErrorCode.CODE_SEND_FAILED]);
      expect((await own.db.query("SELECT 1 FROM login_codes WHERE phone = '93000002'")).rows).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('rejects an invalid phone for its area code with 100400 and the field', async () => {
    const client = await t.handshake();
    const res = await sendCode(client, '12345678');
    expect(res.body.error).toEqual(expect.objectContaining({ code: ErrorCode.INVALID_INPUT, data: { issues: [{ path: 'value', message: 'invalid phone number' }] } }));
    const cn = await sendCode(client, '13800138000', '86');
    expect(cn.status).toBe(200);
  });
});

describe('malformed bodies', () => {
  it('answers 100400 with the issues, sealed, for bodies that fail the schema', async () => {
    const client = await t.handshake();
    const res = await client.call('login', { areaCode: '999', phone: 5, salt: 'x' });
    expect(res.status).toBe(400);
    expect(res.ciphered).toBe(true);
    expect(res.body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    const paths = (res.body.error?.data.issues as { path: string }[]).map((i) => i.path).sort();
    expect(paths).toEqual(['areaCode', 'code', 'phone', 'salt']);
  });

  it('answers 100400 for a payload that is not an object', async () => {
    const client = await t.handshake();
    const res = await client.call('sendCode', 'hello');
    expect(res.body.error?.code).toBe(ErrorCode.INVALID_INPUT);
  });

  it('answers 100400 for broken JSON, plain', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/kyc/esop/v1/SendCode', headers: { 'content-type': 'application/json' }, payload: '{"sid":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(ErrorCode.INVALID_INPUT);
  });

  it('answers 100400 (HTTP 413) for a body over 1 MiB', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/kyc/esop/v1/SendCode', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ sid: 'x', data: 'a'.repeat(1100 * 1024) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe(ErrorCode.INVALID_INPUT);
  });

  it('translates messages by x-esop-lang / accept-language', async () => {
    const client = await t.handshake();
    const en = await client.call('userInfo', {}, { headers: { 'x-esop-lang': 'en' } });
    expect(en.body.error?.message).toBe('Your login has expired. Please log in again.');
    const tw = await client.call('userInfo', {}, { headers: { 'accept-language': 'zh-HK,zh;q=0.9' } });
    expect(tw.body.error?.message).toMatch(/登入/);
  });
});

describe('app token login', () => {
  const token = (claims: Record<string, unknown>, secret = t.config.secrets.appTokenSecret) =>
    signAppToken(secret, { phone: '94000001', areaCode: '852', exp: Math.floor(t.clock.now() / 1000) + 600, ...claims } as never);

  it('logs in with a valid token and records the sub-account', async () => {
    const client = await t.handshake();
    const res = await client.call('tokenLogin', { t: token({ subAcctId: 'S123' }), subAccountId: 'S123', sessionId: 'app-session-1' });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual(expect.objectContaining({ areaCode: '852', subAcctId: 'S123', phoneMasked: '94****01' }));
    expect((await client.call('userInfo')).status).toBe(200);
  });

  it('rejects a forged, expired, malformed or mismatched token with 111504', async () => {
    const client = await t.handshake();
    const cases = [
      token({}, 'x'.repeat(40)),
      token({ exp: Math.floor(t.clock.now() / 1000) - 1 }),
      'not-a-token-at-all',
      token({ phone: '12' }),
    ];
    for (const bad of cases) {
      const res = await client.call('tokenLogin', { t: bad });
      expect(res.status).toBe(401);
      expect(res.body.error?.code).toBe(ErrorCode.TOKEN_INVALID);
    }
    const mismatch = await client.call('tokenLogin', { t: token({ subAcctId: 'S1' }), subAccountId: 'S2' });
    expect(mismatch.body.error?.code).toBe(ErrorCode.TOKEN_INVALID);
    expect((await client.call('userInfo')).body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
  });
});

describe('a refused login changes nothing', () => {
  const usersWith = async (phone: string) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE phone = $1', [phone])).rows[0].n;
  const token = (claims: Record<string, unknown>, secret = t.config.secrets.appTokenSecret) =>
    signAppToken(secret, { phone: '94000077', areaCode: '852', exp: Math.floor(t.clock.now() / 1000) + 600, ...claims } as never);

  it('a refused TokenLogin writes no user and keeps the session the caller had', async () => {
    const client = await t.login(nextPhone());
    for (const bad of [token({}, 'y'.repeat(40)), token({ exp: 1 }), token({ subAcctId: 'S1' })]) {
      const res = await client.call('tokenLogin', { t: bad, subAccountId: 'S2' });
      expect(res.body.error?.code).toBe(ErrorCode.TOKEN_INVALID);
    }
    expect(await usersWith('94000077')).toBe(0);
    expect((await client.call('userInfo')).status).toBe(200);
  });

  it('a wrong code writes no user and keeps the session the caller had', async () => {
    const client = await t.login(nextPhone());
    const phone = nextPhone();
    const sent = await sendCode(client, phone);
    const res = await client.call('login', { areaCode: '852', phone, code: '000000' === (await t.latestCode(phone)) ? '111111' : '000000', salt: sent.body.result.salt });
    expect(res.body.error?.code).toBe(ErrorCode.CODE_WRONG);
    expect(await usersWith(phone)).toBe(0);
    expect((await client.call('userInfo')).status).toBe(200);
  });

  it('a successful login ends the session the caller had', async () => {
    const client = await t.login(nextPhone());
    const before = client.cookie;
    expect((await client.call('tokenLogin', { t: token({}) })).status).toBe(200);
    expect(client.cookie).not.toBe(before);
    client.cookie = before;
    expect((await client.call('userInfo')).body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
  });
});

const B64U = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('the app token signature has one spelling', () => {
  const token = () => signAppToken(t.config.secrets.appTokenSecret, { phone: '94000088', areaCode: '852', exp: Math.floor(t.clock.now() / 1000) + 600 });
  const respell: [string, (sig: string) => string][] = [
    ['padded', (sig) => `${sig}=`],
    ['standard base64 alphabet', (sig) => sig.replace(/-/g, '+').replace(/_/g, '/') + (/[-_]/.test(sig) ? '' : '=')],
    ['a character base64 skips', (sig) => `${sig.slice(0, 10)}!${sig.slice(10)}`],
    // 43 characters carry 258 bits for the MAC's 256: the last character's two low bits are spare
    ['other spare bits in the last character', (sig) => sig.slice(0, -1) + B64U[B64U.indexOf(sig[42]) ^ 1]],
    ['a line break', (sig) => `${sig}\n`],
  ];

  it.each(respell)('%s: refused', async (_name, change) => {
    const [body, sig] = token().split('.');
    const client = await t.handshake();
    const res = await client.call('tokenLogin', { t: `${body}.${change(sig)}` });
    expect(res.body.error?.code).toBe(ErrorCode.TOKEN_INVALID);
  });

  it('the exact spelling logs in', async () => {
    const client = await t.handshake();
    expect((await client.call('tokenLogin', { t: token() })).status).toBe(200);
  });
});

describe('sessions', () => {
  it('answers 100008 without a session and for an unknown cookie', async () => {
    const client = await t.handshake();
    expect((await client.call('userInfo')).body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
    client.cookie = 'made-up';
    const res = await client.call('userInfo');
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
  });

  it('ends a session idle for longer than SESSION_IDLE_MINUTES with 100033; activity keeps it alive', async () => {
    const client = await t.login(nextPhone());
    const hintOf = (res: { response: { cookies: { name: string; maxAge?: number }[] } }) => res.response.cookies.find((c) => c.name === 'esop_in');
    t.clock.advance(29 * MINUTE);
    const used = await client.call('userInfo');
    expect(used.status).toBe(200);
    // the idle clock moved on: the page's hint is given the idle time again, so it ends with the session
    expect(hintOf(used)?.maxAge).toBe(30 * 60);
    // within the minute the idle clock is not moved (nothing written): neither is the hint
    t.clock.advance(30_000);
    expect(hintOf(await client.call('userInfo'))).toBeUndefined();
    t.clock.advance(29 * MINUTE - 30_000);
    expect((await client.call('userInfo')).status).toBe(200);
    t.clock.advance(30 * MINUTE + 1000);
    const idle = await client.call('userInfo');
    expect(idle.status).toBe(401);
    expect(idle.body.error?.code).toBe(ErrorCode.SESSION_IDLE);
    expect((await client.call('userInfo')).body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
  });

  it('ends a session SESSION_ABSOLUTE_HOURS after login with 100034, however active', async () => {
    const client = await t.login(nextPhone());
    for (let elapsed = 0; elapsed < 12 * HOUR - 20 * MINUTE; elapsed += 20 * MINUTE) {
      t.clock.advance(20 * MINUTE);
      // a new cipher session each few hours is what a real page does; this one lives 24 h
      expect((await client.call('userInfo')).status).toBe(200);
    }
    // the hint never outlives the session's absolute end: 20 minutes are left, not the 30 of the idle time
    t.clock.advance(10 * MINUTE);
    const last = await client.call('userInfo');
    expect(last.response.cookies.find((c) => c.name === 'esop_in')?.maxAge).toBe(10 * 60);
    t.clock.advance(10 * MINUTE);
    const res = await client.call('userInfo');
    expect(res.body.error?.code).toBe(ErrorCode.SESSION_ABSOLUTE);
  });

  it('honours configured expiry settings', async () => {
    const own = await createTestApp({ env: { SESSION_IDLE_MINUTES: '5', SESSION_ABSOLUTE_HOURS: '1' } });
    try {
      const client = await own.login('95000001');
      own.clock.advance(5 * MINUTE + 1000);
      expect((await client.call('userInfo')).body.error?.code).toBe(ErrorCode.SESSION_IDLE);
      const second = await own.login('95000002');
      for (let i = 0; i < 14; i++) {
        own.clock.advance(4 * MINUTE);
        expect((await second.call('userInfo')).status).toBe(200);
      }
      own.clock.advance(4 * MINUTE);
      expect((await second.call('userInfo')).body.error?.code).toBe(ErrorCode.SESSION_ABSOLUTE);
    } finally {
      await own.close();
    }
  });

  it('a read writes nothing: the last-seen time moves on at most once a minute', async () => {
    const client = await t.login(nextPhone());
    const lastSeen = async () => (await t.db.query<{ at: Date }>('SELECT last_seen_at AS at FROM sessions WHERE user_id = $1', [client.user!.userId])).rows[0].at.getTime();
    const first = await lastSeen();
    t.clock.advance(30_000);
    expect((await client.call('userInfo')).status).toBe(200);
    expect(await lastSeen()).toBe(first);
    t.clock.advance(31_000);
    expect((await client.call('userInfo')).status).toBe(200);
    expect(await lastSeen()).toBe(first + 61_000);
  });

  it('logs out: the cookie is cleared and the session no longer works', async () => {
    const client = await t.login(nextPhone());
    const cookie = client.cookie;
    const out = await client.call('logout');
    expect(out.status).toBe(200);
    expect(out.body.result).toEqual({ ok: true });
    expect(client.cookie).toBeUndefined();
    const hint = out.response.cookies.find((c) => c.name === 'esop_in');
    expect(hint?.value).toBe('');
    client.cookie = cookie;
    expect((await client.call('userInfo')).body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
  });

  it('stores only a hash of the session id', async () => {
    const client = await t.login(nextPhone());
    const { rows } = await t.db.query<{ id_hash: string }>('SELECT id_hash FROM sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id_hash)).not.toContain(client.cookie);
  });
});
