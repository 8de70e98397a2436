/**
 * Upgrading a cash account to margin (issue 13): the query (agreements by age, why not now), the request (the trading
 * password first, every agreement and statement, one under review), staff's decision (approved: margin; refused: the
 * reason, and the client may ask again); another client's account is refused.
 */
import { ErrorCode, STEPS_OF, type AccountView, type StepName } from '@core/domain';
import { decide, pending } from '../src/modules/margin/service';
import { approve } from '../src/modules/applications/lifecycle';
import { createTestApp, type CallResult, type TestApp, type TestClient } from './helpers';
import { phoneOf, saveStep, selectAccountData, stepUser, validStepData } from './step-fixtures';

const MINUTE = 60_000;

let t: TestApp;
let user: () => Promise<TestClient>;
const errorOf = (res: CallResult) => res.body.error?.code;
const deps = () => ({ db: t.db, clock: t.clock });
const ACKS = ['lossBeyondDeposit', 'marginCall', 'interest'];

async function opened(accountType: 1 | 2): Promise<{ c: TestClient; acct: AccountView; appId: string }> {
  const c = await user();
  const appId = (await c.call('applyStart', { oaType: 2 })).body.result.appId as string;
  for (const s of STEPS_OF.hk as readonly StepName[]) {
    const data = s === 'SELECTACCOUNT' ? await selectAccountData(c, appId, { accountType }) : await validStepData(c, s, appId);
    const res = await saveStep(c, appId, s, data);
    expect([s, res.body.error]).toEqual([s, undefined]);
  }
  expect(errorOf(await c.call('applySubmit', { appId }))).toBeUndefined();
  await approve(deps(), appId);
  const acct = (await c.call('userInfo')).body.result.clientInfo.accts[0] as AccountView;
  await c.call('tradePasswordSet', { subAcctId: acct.subAcctId, password: '135790' });
  return { c, acct, appId };
}

let cash: Awaited<ReturnType<typeof opened>>;
beforeAll(async () => {
  t = await createTestApp();
  user = stepUser(t, '934', { start: 40000 });
  cash = await opened(1);
}, 120_000);
afterAll(() => t.close());

const ask = (x: { c: TestClient; acct: AccountView }, over: Record<string, unknown> = {}) =>
  x.c.call('marginUpgradeApply', { subAcctId: x.acct.subAcctId, agreements: ['marginStandingAuthority'], acknowledgements: ACKS, ...over });

describe('margin upgrade', () => {
  test('a cash account: the agreement to sign, nothing asked yet', async () => {
    const r = (await cash.c.call('marginUpgradeQuery', { subAcctId: cash.acct.subAcctId })).body.result;
    expect(r).toEqual({ acctType: 1, agreements: ['marginStandingAuthority'], block: null, request: null });
  });

  test("another client's account: 100403 on both calls", async () => {
    const other = await user();
    expect(errorOf(await other.call('marginUpgradeQuery', { subAcctId: cash.acct.subAcctId }))).toBe(ErrorCode.FORBIDDEN);
    expect(errorOf(await ask({ c: other, acct: cash.acct }))).toBe(ErrorCode.FORBIDDEN);
  });

  test('asking needs the trading password verified in this session', async () => {
    t.clock.advance(MINUTE); // (login codes: one a minute per phone)
    const again = await t.login(phoneOf(cash.c));
    const res = await ask({ c: again, acct: cash.acct });
    expect(errorOf(res)).toBe(ErrorCode.TRADE_PASSWORD_NEEDED);
  });

  test.each([
    ['a statement missing', { acknowledgements: ACKS.slice(1) }],
    ['no agreement', { agreements: [] }],
    ['an agreement not asked for', { agreements: ['marginStandingAuthority', 'usOptionsAgreement'] }],
    ['a statement of 41 characters', { acknowledgements: [...ACKS.slice(1), 'x'.repeat(41)] }],
  ])('refused, nothing stored: %s', async (_n, over) => {
    expect(errorOf(await ask(cash, over))).toBe(ErrorCode.INVALID_INPUT);
    expect((await cash.c.call('marginUpgradeQuery', { subAcctId: cash.acct.subAcctId })).body.result.request).toBeNull();
  });

  test('asked: under review, a second request refused; refused by staff with a reason; asked again; approved: the account is margin', async () => {
    const first = await ask(cash);
    expect(first.body.result).toEqual({ requestId: expect.stringMatching(/^MGN/), status: 1 });
    expect(errorOf(await ask(cash))).toBe(ErrorCode.MARGIN_UPGRADE_BLOCKED);
    expect((await cash.c.call('marginUpgradeQuery', { subAcctId: cash.acct.subAcctId })).body.result).toMatchObject({ block: 'pending', request: { status: 1 } });
    expect((await pending(deps(), 10)).map((r) => r.request_id)).toContain(first.body.result.requestId);

    await decide(deps(), first.body.result.requestId, { approve: false, message: 'Please add your employer first.' });
    await expect(decide(deps(), first.body.result.requestId, { approve: true })).rejects.toThrow(/not under review/);
    const refused = (await cash.c.call('marginUpgradeQuery', { subAcctId: cash.acct.subAcctId })).body.result;
    expect(refused).toMatchObject({ acctType: 1, block: null, request: { status: 3, message: 'Please add your employer first.' } });

    const second = await ask(cash);
    await decide(deps(), second.body.result.requestId, { approve: true });
    const after = (await cash.c.call('marginUpgradeQuery', { subAcctId: cash.acct.subAcctId })).body.result;
    expect(after).toMatchObject({ acctType: 2, block: 'margin', request: { status: 2 } });
    expect((await cash.c.call('userInfo')).body.result.clientInfo.accts[0].acctType).toBe(2);
    expect(errorOf(await ask(cash))).toBe(ErrorCode.MARGIN_UPGRADE_BLOCKED);
  });

  test('a holder of 65-75 signs the special-client disclosure too; above 75 cannot ask', async () => {
    const x = await opened(1);
    const setBirthday = (b: string) => t.db.query(`UPDATE applications SET data = jsonb_set(data, '{USERINFO,birthday}', to_jsonb($2::text)) WHERE app_id = $1`, [x.appId, b]);
    const today = new Date(t.clock.now());
    const yearsAgo = (n: number) => `${today.getUTCFullYear() - n}-01-01`;
    await setBirthday(yearsAgo(70));
    expect((await x.c.call('marginUpgradeQuery', { subAcctId: x.acct.subAcctId })).body.result).toMatchObject({ agreements: ['marginStandingAuthority', 'specialClientDisclosure'], block: null });
    expect(errorOf(await ask(x))).toBe(ErrorCode.INVALID_INPUT);
    await setBirthday(yearsAgo(80));
    expect((await x.c.call('marginUpgradeQuery', { subAcctId: x.acct.subAcctId })).body.result.block).toBe('age');
    const res = await ask(x, { agreements: ['marginStandingAuthority', 'specialClientDisclosure'] });
    expect(errorOf(res)).toBe(ErrorCode.MARGIN_UPGRADE_BLOCKED);
    expect(res.body.error?.data).toEqual({ reason: 'age' });
  });
});
