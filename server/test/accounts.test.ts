/**
 * After opening (issue 13): `ops approve` opens an account with the applicant's choices; UserInfo lists it;
 * HlInfoBySubId and automatic currency exchange serve the caller's own accounts only.
 */
import { ErrorCode, STEPS_OF, type AccountView, type StepName } from '@core/domain';
import { approve } from '../src/modules/applications/lifecycle';
import { signAppToken } from '../src/vendors/app-token';
import { signTradeTicket } from '../src/modules/trade-password/service';
import { MINUTE, createTestApp, type CallResult, type TestApp, type TestClient } from './helpers';
import { phoneOf, saveStep, stepUser, validStepData } from './step-fixtures';

let t: TestApp;
let user: () => Promise<TestClient>;
let cash: { c: TestClient; acct: AccountView };
let margin: { c: TestClient; acct: AccountView };
const errorOf = (res: CallResult) => res.body.error?.code;

/** A new applicant with an hk application of the given account type, submitted and approved. */
async function opened(accountType: 1 | 2): Promise<{ c: TestClient; acct: AccountView }> {
  const c = await user();
  const start = await c.call('applyStart', { oaType: 2 });
  const appId = start.body.result.appId as string;
  for (const s of STEPS_OF.hk as readonly StepName[]) {
    const data = await validStepData(c, s, appId);
    const res = await saveStep(c, appId, s, s === 'SELECTACCOUNT' ? { ...data, accountType } : data);
    expect([s, res.body.error]).toEqual([s, undefined]);
  }
  expect(errorOf(await c.call('applySubmit', { appId }))).toBeUndefined();
  await approve({ db: t.db, clock: t.clock }, appId);
  const info = await c.call('userInfo');
  expect(info.body.result.clientInfo.accts).toHaveLength(1);
  return { c, acct: info.body.result.clientInfo.accts[0] as AccountView };
}

beforeAll(async () => {
  t = await createTestApp();
  user = stepUser(t, '932', { start: 20000 });
  cash = await opened(1);
  margin = await opened(2);
}, 120_000);
afterAll(() => t.close());

describe('the opened account', () => {
  test('UserInfo lists it with the type and markets the applicant chose, the identifier still to sign', () => {
    expect(cash.acct).toMatchObject({ acctType: 1, cltType: 1, source: null, improveInfoOpen: false, extra: { needSignHKIdentifier: 1 } });
    expect(cash.acct.subAcctId).toMatch(/^S\d{8}$/);
    expect(cash.acct.markets & 3).toBe(3);
    expect(margin.acct.acctType).toBe(2);
  });

  test('before opening UserInfo has no accounts', async () => {
    const c = await user();
    const info = await c.call('userInfo');
    expect(info.body.result.clientInfo).toEqual({ accts: [] });
  });

  test("HlInfoBySubId gives the account's ids to its owner; another client's or an unknown sub-account is 100403 alike", async () => {
    const own = await cash.c.call('hlInfoBySubId', { subAcctId: cash.acct.subAcctId });
    expect(own.body.result).toEqual({ uin: expect.any(String), cltId: cash.acct.hlId, acctId: expect.any(String), subAcctId: cash.acct.subAcctId });
    expect(errorOf(await margin.c.call('hlInfoBySubId', { subAcctId: cash.acct.subAcctId }))).toBe(ErrorCode.FORBIDDEN);
    expect(errorOf(await margin.c.call('hlInfoBySubId', { subAcctId: 'S00000000' }))).toBe(ErrorCode.FORBIDDEN);
    expect(errorOf(await margin.c.call('hlInfoBySubId', { subAcctId: "S1' OR 1=1" }))).toBe(ErrorCode.INVALID_INPUT);
  });
});

describe('automatic currency exchange', () => {
  async function ids(c: TestClient, subAcctId: string) {
    const r = await c.call('hlInfoBySubId', { subAcctId });
    const { uin, cltId, acctId } = r.body.result;
    return { clientId: cltId as string, uin: uin as string, accountId: acctId as string, subAccountId: subAcctId };
  }
  const query = async (c: TestClient, subAccountId: string) => (await c.call('autoExchangeQuery', { subAccountId })).body;

  test('a cash account starts off; on, then off, each audited once; the same action again changes nothing', async () => {
    const { c, acct } = cash;
    expect((await query(c, acct.subAcctId)).result).toEqual({ status: 0 });
    const base = await ids(c, acct.subAcctId);
    expect((await c.call('autoExchangeChange', { ...base, action: 1 })).body.result).toEqual({ status: 1 });
    expect((await query(c, acct.subAcctId)).result).toEqual({ status: 1 });
    expect((await c.call('autoExchangeChange', { ...base, action: 1 })).body.result).toEqual({ status: 1 });
    expect((await c.call('autoExchangeChange', { ...base, action: 2 })).body.result).toEqual({ status: 0 });
    expect((await query(c, acct.subAcctId)).result).toEqual({ status: 0 });
    const { rows } = await t.db.query<{ action: string }>("SELECT action FROM audit_log WHERE action LIKE 'account.autoExchange%' AND detail->>'subAcctId' = $1 ORDER BY id", [acct.subAcctId]);
    expect(rows.map((r) => r.action)).toEqual(['account.autoExchange.on', 'account.autoExchange.off']);
  });

  test('a margin account has none (152001)', async () => {
    expect(errorOf(await margin.c.call('autoExchangeQuery', { subAccountId: margin.acct.subAcctId }))).toBe(ErrorCode.NOT_CASH_ACCOUNT);
    const base = await ids(margin.c, margin.acct.subAcctId);
    expect(errorOf(await margin.c.call('autoExchangeChange', { ...base, action: 1 }))).toBe(ErrorCode.NOT_CASH_ACCOUNT);
  });

  test("another client's account, or ids that are not the account's, are refused with 100403 and change nothing", async () => {
    const base = await ids(cash.c, cash.acct.subAcctId);
    expect(errorOf(await margin.c.call('autoExchangeQuery', { subAccountId: cash.acct.subAcctId }))).toBe(ErrorCode.FORBIDDEN);
    expect(errorOf(await margin.c.call('autoExchangeChange', { ...base, action: 1 }))).toBe(ErrorCode.FORBIDDEN);
    const marginIds = await ids(margin.c, margin.acct.subAcctId);
    for (const wrong of [{ clientId: marginIds.clientId }, { uin: marginIds.uin }, { accountId: marginIds.accountId }]) {
      expect(errorOf(await cash.c.call('autoExchangeChange', { ...base, ...wrong, action: 1 }))).toBe(ErrorCode.FORBIDDEN);
    }
    expect((await query(cash.c, cash.acct.subAcctId)).result).toEqual({ status: 0 });
  });

  test.each([
    ['an action other than 1 or 2', { action: 3 }],
    ['no sub-account', { subAccountId: undefined }],
    ['an over-long client id', { clientId: 'x'.repeat(33) }],
  ])('%s → 100400', async (_n, over) => {
    const base = await ids(cash.c, cash.acct.subAcctId);
    expect(errorOf(await cash.c.call('autoExchangeChange', { ...base, action: 1, ...over }))).toBe(ErrorCode.INVALID_INPUT);
  });

  test('without a session: 100008', async () => {
    const anon = await t.handshake();
    expect(errorOf(await anon.call('autoExchangeQuery', { subAccountId: cash.acct.subAcctId }))).toBe(ErrorCode.LOGIN_EXPIRED);
  });
});

describe('the trading password', () => {
  const status = async (c: TestClient, subAcctId: string) => (await c.call('tradePasswordStatus', { subAcctId })).body.result;

  test('the first one needs a login of the last 10 minutes (152009): a stolen older session cannot set it; the status says so before the password is typed', async () => {
    const { c, acct } = cash;
    t.clock.advance(11 * MINUTE);
    expect(await status(c, acct.subAcctId)).toEqual({ set: false, lockedUntil: null, verifiedUntil: null, loginNeeded: true });
    expect(errorOf(await c.call('tradePasswordSet', { subAcctId: acct.subAcctId, password: '135790' }))).toBe(ErrorCode.RECENT_LOGIN_NEEDED);
    expect((await status(c, acct.subAcctId)).set).toBe(false);
  });

  test("logging in again (ReloginSendCode, Relogin) uses the session's own phone, gives a new session with a fresh login time and ends the old one", async () => {
    const c = await user();
    const phone = phoneOf(c);
    t.clock.advance(11 * MINUTE);
    const sent = await c.call('reloginSendCode');
    expect(sent.body.result).toEqual({ salt: expect.any(String), cooldownSeconds: 60, areaCode: '852', phoneMasked: c.user!.phoneMasked });
    const salt = sent.body.result.salt as string;
    // the code went to this session's phone (and a wrong one is refused as for Login)
    const code = await t.latestCode(phone);
    expect(errorOf(await c.call('relogin', { salt, code: code === '000000' ? '111111' : '000000' }))).toBe(ErrorCode.CODE_WRONG);
    const oldCookie = c.cookie;
    const again = await c.call('relogin', { salt, code });
    expect(again.body.result).toEqual(expect.objectContaining({ userId: c.user!.userId, phoneMasked: c.user!.phoneMasked }));
    expect(c.cookie).not.toBe(oldCookie);
    const stale = await t.handshake();
    stale.cookie = oldCookie;
    expect(errorOf(await stale.call('userInfo'))).toBe(ErrorCode.LOGIN_EXPIRED);
    // another user's code cannot be used to log in again as this one
    const other = await user();
    t.clock.advance(MINUTE); // (a code a minute per phone)
    const otherSalt = (await other.call('reloginSendCode')).body.result.salt as string;
    expect(errorOf(await c.call('relogin', { salt: otherSalt, code: await t.latestCode(phoneOf(other)) }))).toBe(ErrorCode.CODE_WRONG);
    // without a session neither call is open
    const anon = await t.handshake();
    expect(errorOf(await anon.call('reloginSendCode'))).toBe(ErrorCode.LOGIN_EXPIRED);
    expect(errorOf(await anon.call('relogin', { salt, code }))).toBe(ErrorCode.LOGIN_EXPIRED);
  });

  test('after logging in again the first one can be set: the status no longer asks for a login', async () => {
    const { c, acct } = cash;
    const salt = (await c.call('reloginSendCode')).body.result.salt as string;
    expect((await c.call('relogin', { salt, code: await t.latestCode(phoneOf(c)) })).body.error).toBeUndefined();
    expect(await status(c, acct.subAcctId)).toEqual({ set: false, lockedUntil: null, verifiedUntil: null, loginNeeded: false });
    t.clock.advance(MINUTE); // (a code a minute per phone)
  });

  test('not set at first; set once (a second set is 152002), verified for this session; kept only as a scrypt hash', async () => {
    const { acct } = cash;
    const c = await t.login(phoneOf(cash.c));
    expect(c.user?.clientInfo.accts.map((x) => x.subAcctId)).toEqual([acct.subAcctId]); // the login's answer lists the accounts
    expect(await status(c, acct.subAcctId)).toEqual({ set: false, lockedUntil: null, verifiedUntil: null, loginNeeded: false });
    expect(errorOf(await c.call('tradePasswordVerify', { subAcctId: acct.subAcctId, password: '135790' }))).toBe(ErrorCode.TRADE_PASSWORD_NEEDED);
    const weak = await c.call('tradePasswordSet', { subAcctId: acct.subAcctId, password: '123456' });
    expect([errorOf(weak), weak.body.error?.data?.issues]).toEqual([ErrorCode.INVALID_INPUT, [{ path: 'password', message: 'tradePasswordWeak' }]]);
    const set = await c.call('tradePasswordSet', { subAcctId: acct.subAcctId, password: '135790' });
    expect(set.body.result.verifiedUntil).toEqual(expect.any(String));
    expect((await status(c, acct.subAcctId)).set).toBe(true);
    expect(errorOf(await c.call('tradePasswordSet', { subAcctId: acct.subAcctId, password: '246802' }))).toBe(ErrorCode.TRADE_PASSWORD_SET);
    const { rows } = await t.db.query<{ hash: string }>('SELECT hash FROM trade_passwords WHERE sub_acct_id = $1', [acct.subAcctId]);
    expect(rows[0].hash).toMatch(/^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(rows[0].hash).not.toContain('135790');
  });

  test("another client's account: 100403 on status, set and verify alike", async () => {
    for (const call of ['tradePasswordStatus', 'tradePasswordSet', 'tradePasswordVerify'] as const) {
      expect(errorOf(await margin.c.call(call, { subAcctId: cash.acct.subAcctId, password: '135790' }))).toBe(ErrorCode.FORBIDDEN);
    }
  });

  test('a verification lasts for its session only, and ends after 15 minutes', async () => {
    const { acct } = cash;
    t.clock.advance(MINUTE); // (a code a minute per phone)
    const other = await t.login(phoneOf(cash.c));
    expect((await status(other, acct.subAcctId)).verifiedUntil).toBeNull();
    const ok = await other.call('tradePasswordVerify', { subAcctId: acct.subAcctId, password: '135790' });
    expect(ok.body.result.verifiedUntil).toEqual(expect.any(String));
    t.clock.advance(16 * MINUTE);
    expect((await status(other, acct.subAcctId)).verifiedUntil).toBeNull();
  });

  test('five wrong tries lock it for 30 minutes, even against the right one; then it opens again', async () => {
    const { acct } = margin;
    const c = await t.login(phoneOf(margin.c));
    await c.call('tradePasswordSet', { subAcctId: acct.subAcctId, password: '975313' });
    for (let left = 4; left >= 1; left--) {
      const r = await c.call('tradePasswordVerify', { subAcctId: acct.subAcctId, password: '000001' });
      expect([errorOf(r), r.body.error?.data]).toEqual([ErrorCode.TRADE_PASSWORD_WRONG, { triesLeft: left }]);
    }
    const fifth = await c.call('tradePasswordVerify', { subAcctId: acct.subAcctId, password: '000001' });
    expect([errorOf(fifth), fifth.body.error?.data]).toEqual([ErrorCode.TRADE_PASSWORD_LOCKED, { retryAfterSeconds: 1800 }]);
    const right = await c.call('tradePasswordVerify', { subAcctId: acct.subAcctId, password: '975313' });
    expect(errorOf(right)).toBe(ErrorCode.TRADE_PASSWORD_LOCKED);
    expect((await status(c, acct.subAcctId)).lockedUntil).toEqual(expect.any(String));
    // (a call in between keeps the session from its 30-minute idle end)
    t.clock.advance(20 * MINUTE);
    expect((await status(c, acct.subAcctId)).lockedUntil).toEqual(expect.any(String));
    t.clock.advance(11 * MINUTE);
    expect(errorOf(await c.call('tradePasswordVerify', { subAcctId: acct.subAcctId, password: '975313' }))).toBeUndefined();
    const { rows } = await t.db.query<{ action: string }>("SELECT action FROM audit_log WHERE action LIKE 'account.tradePassword%' AND detail->>'subAcctId' = $1 ORDER BY id", [acct.subAcctId]);
    expect(rows.map((r) => r.action)).toEqual(['account.tradePassword.set', ...Array(4).fill('account.tradePassword.wrong'), 'account.tradePassword.locked']);
  });

  test("the app's ticket verifies the session; a forged, expired, long-lived or other account's ticket, or a login token, is 100403", async () => {
    const { acct } = cash;
    const c = await t.login(phoneOf(cash.c)); // (the earlier tests moved the clock past the first session's idle end)
    const secret = t.config.secrets.appTokenSecret;
    const now = t.clock.now();
    const verify = (ticket: string) => c.call('tradePasswordVerify', { subAcctId: acct.subAcctId, ticket });
    for (const bad of [
      signTradeTicket('x'.repeat(32), acct.subAcctId, now),
      signTradeTicket(secret, acct.subAcctId, now - 400_000),
      signTradeTicket(secret, acct.subAcctId, now, 3600),
      signTradeTicket(secret, margin.acct.subAcctId, now),
      signAppToken(secret, { phone: '61234567', areaCode: '852', subAcctId: acct.subAcctId, exp: Math.floor(now / 1000) + 60 }),
      'not.a-ticket',
    ]) {
      expect(errorOf(await verify(bad))).toBe(ErrorCode.FORBIDDEN);
    }
    expect((await verify(signTradeTicket(secret, acct.subAcctId, now))).body.result.verifiedUntil).toEqual(expect.any(String));
    expect(errorOf(await c.call('tradePasswordVerify', { subAcctId: acct.subAcctId }))).toBe(ErrorCode.INVALID_INPUT);
    expect(errorOf(await c.call('tradePasswordVerify', { subAcctId: acct.subAcctId, password: '135790', ticket: 'a.b' }))).toBe(ErrorCode.INVALID_INPUT);
  });
});
