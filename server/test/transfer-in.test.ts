/**
 * Stock transfer-in (issue 13): TransferInList and TransferInApply for the caller's own opened account with the
 * asset-transfer agreement signed; staff's decisions (ops transfer-in-status) and the application's stockStatus.
 */
import { ErrorCode, type AccountView } from '@core/domain';
import { approve } from '../src/modules/applications/lifecycle';
import { decide, listForStaff } from '../src/modules/transfer-in/service';
import { transferIns, transferInStatus } from '../src/ops/commands/transfer-in';
import { parseArgv } from '../src/ops/framework';
import { createTestApp, type CallResult, type TestApp, type TestClient } from './helpers';
import { invalidIssues, startApp, stepUser } from './step-fixtures';

jest.setTimeout(30_000);

let t: TestApp;
let off: TestApp;
let user: () => Promise<TestClient>;
const errorOf = (res: CallResult) => res.body.error?.code;

/** A client whose application (cn unless said) staff opened; the steps are not needed for that. */
async function openedClient(app: TestApp, c: TestClient, oaType: 1 | 2 = 1): Promise<{ c: TestClient; appId: string; acct: AccountView }> {
  const appId = await startApp(c, oaType);
  await app.db.query('UPDATE applications SET apply_status = 1200, submitted_at = now() WHERE app_id = $1', [appId]);
  await approve({ db: app.db, clock: app.clock }, appId);
  const info = await c.call('userInfo');
  return { c, appId, acct: info.body.result.clientInfo.accts[0] as AccountView };
}

const request = (appId: string, subAcctId: string, over: Record<string, unknown> = {}) => ({
  applyId: appId,
  subAcctId,
  broker: 21,
  brokerAccount: '10086-2233',
  stocks: [
    { market: 'HK', code: '700', quantity: 1000 },
    { market: 'HK', code: '09988', quantity: 250 },
  ],
  ...over,
});

async function signed(app: TestApp = t, c?: TestClient) {
  const o = await openedClient(app, c ?? (await user()));
  expect((await o.c.call('applyAssetTransferSign', { authorType: 1, applyId: o.appId })).body.result).toEqual({ status: 2 });
  return o;
}

const stockStatus = async (c: TestClient, appId: string) => (await c.call('applyDetail', { appId })).body.result.stockStatus as number | null;
const deps = () => ({ db: t.db, clock: t.clock, config: t.config });

beforeAll(async () => {
  t = await createTestApp();
  off = await createTestApp({ env: { ASSET_TRANSFER: 'off' } });
  user = stepUser(t, '7', { start: 3000000 });
}, 60_000);
afterAll(async () => {
  await t.close();
  await off.close();
});

test('an opened client signs the agreement after opening, files a request; it is listed with its history and the application shows it', async () => {
  const { c, appId, acct } = await openedClient(t, await user());
  // not signed yet: the agreement first
  expect(errorOf(await c.call('transferInApply', request(appId, acct.subAcctId)))).toBe(ErrorCode.ASSET_TRANSFER_UNSIGNED);
  expect((await c.call('applyProtocolStatus', { applyId: appId })).body.result).toEqual({ status: 1 });
  expect((await c.call('applyAssetTransferSign', { authorType: 1, applyId: appId })).body.result).toEqual({ status: 2 });
  expect((await c.call('applyProtocolStatus', { applyId: appId })).body.result).toEqual({ status: 2 });
  expect((await c.call('transferInList', { applyId: appId })).body.result).toEqual({ items: [] });

  const res = await c.call('transferInApply', request(appId, acct.subAcctId, { brokerAccount: ' 10086-2233 ' }));
  expect(res.body.error).toBeUndefined();
  expect(res.body.result.request).toMatchObject({
    status: 1,
    broker: 21,
    brokerName: null,
    ccassId: null,
    brokerAccount: '10086-2233',
    subAcctId: acct.subAcctId,
    stocks: [
      { market: 'HK', code: '00700', quantity: 1000 },
      { market: 'HK', code: '09988', quantity: 250 },
    ],
    message: null,
    history: [{ status: 1, message: null, at: expect.any(String) }],
  });
  expect(res.body.result.application.stockStatus).toBe(1);
  const listed = (await c.call('transferInList', { applyId: appId })).body.result.items;
  expect(listed).toEqual([res.body.result.request]);

  // the signature and the request are in the application's history
  const { rows } = await t.db.query<{ kind: string; actor: string }>('SELECT kind, actor FROM application_events WHERE app_id = $1 ORDER BY id', [appId]);
  expect(rows.map((r) => r.kind)).toEqual(expect.arrayContaining(['protocol', 'stock']));
  const audit = await t.db.query<{ action: string }>("SELECT action FROM audit_log WHERE app_id = $1 AND action IN ('assetTransfer.sign', 'transferIn.apply')", [appId]);
  expect(audit.rows.map((r) => r.action).sort()).toEqual(['assetTransfer.sign', 'transferIn.apply']);
});

test('an "other" broker needs its name; its CCASS ID is optional and kept in capitals', async () => {
  const { c, appId, acct } = await signed();
  expect(invalidIssues(await c.call('transferInApply', request(appId, acct.subAcctId, { broker: 32 })))).toEqual(['brokerName:required']);
  const res = await c.call('transferInApply', request(appId, acct.subAcctId, { broker: 32, brokerName: ' Pearl River Securities ', ccassId: 'b01234' }));
  expect(res.body.result.request).toMatchObject({ broker: 32, brokerName: 'Pearl River Securities', ccassId: 'B01234' });
});

describe('each invalid field is refused with its rule', () => {
  // a client per test: the rate limit counts refused filings too
  let o: Awaited<ReturnType<typeof signed>>;
  beforeEach(async () => {
    o = await signed();
  });
  test.each<[string, Record<string, unknown>, string[]]>([
    ['a broker not in the list', { broker: 99 }, ['broker:choice']],
    ['a CCASS ID of the wrong form', { broker: 32, brokerName: 'Pearl River Securities', ccassId: 'Z12' }, ['ccassId:ccassId']],
    ['no account number', { brokerAccount: '' }, ['brokerAccount:required']],
    ['an account number with other characters', { brokerAccount: "1' OR 1=1" }, ['brokerAccount:brokerAccount']],
    ['no stocks', { stocks: [] }, ['stocks:noStocks']],
    ['a six-digit code', { stocks: [{ market: 'HK', code: '123456', quantity: 1 }] }, ['stocks.0.code:stockCode']],
    ['a quantity of 0', { stocks: [{ market: 'HK', code: '5', quantity: 0 }] }, ['stocks.0.quantity:quantity']],
    ['half a share', { stocks: [{ market: 'HK', code: '5', quantity: 0.5 }] }, ['stocks.0.quantity:quantity']],
    ['a US stock', { stocks: [{ market: 'US', code: '5', quantity: 1 }] }, ['stocks.0.market:market']],
    ['the same stock twice', { stocks: [{ market: 'HK', code: '5', quantity: 1 }, { market: 'HK', code: '00005', quantity: 2 }] }, ['stocks.1.code:duplicateStock']],
    ['eleven stocks', { stocks: Array.from({ length: 11 }, (_, i) => ({ market: 'HK', code: String(i + 1), quantity: 1 })) }, ['stocks:tooManyStocks']],
  ])('%s', async (_name, over, expected) => {
    expect(invalidIssues(await o.c.call('transferInApply', request(o.appId, o.acct.subAcctId, over)))).toEqual(expected);
  });
  test('a payload of the wrong shape is refused before the rules', async () => {
    expect(errorOf(await o.c.call('transferInApply', { ...request(o.appId, o.acct.subAcctId), stocks: 'all of them' }))).toBe(ErrorCode.INVALID_INPUT);
    expect(errorOf(await o.c.call('transferInApply', { ...request(o.appId, o.acct.subAcctId), brokerAccount: 'x'.repeat(101) }))).toBe(ErrorCode.INVALID_INPUT);
  });
  test('nothing is stored', async () => {
    expect(errorOf(await o.c.call('transferInApply', request(o.appId, o.acct.subAcctId, { stocks: [] })))).toBe(ErrorCode.INVALID_INPUT);
    expect((await o.c.call('transferInList', { applyId: o.appId })).body.result.items).toEqual([]);
  });
});

test("another client's application is 151301; another client's or an unknown account is 100403; nothing stored", async () => {
  const a = await signed();
  const b = await signed();
  expect(errorOf(await b.c.call('transferInApply', request(a.appId, b.acct.subAcctId)))).toBe(ErrorCode.NO_APPLICATION);
  expect(errorOf(await b.c.call('transferInList', { applyId: a.appId }))).toBe(ErrorCode.NO_APPLICATION);
  expect(errorOf(await b.c.call('transferInApply', request(b.appId, a.acct.subAcctId)))).toBe(ErrorCode.FORBIDDEN);
  expect(errorOf(await b.c.call('transferInApply', request(b.appId, 'S00000000')))).toBe(ErrorCode.FORBIDDEN);
  expect((await a.c.call('transferInList', { applyId: a.appId })).body.result.items).toEqual([]);
  expect((await b.c.call('transferInList', { applyId: b.appId })).body.result.items).toEqual([]);
});

test('not opened yet: 152102 notOpened, even signed; ASSET_TRANSFER=off: 152102 notOffered', async () => {
  const c = await user();
  const appId = await startApp(c, 1);
  await t.db.query('UPDATE applications SET apply_status = 1200, submitted_at = now() WHERE app_id = $1', [appId]);
  expect((await c.call('applyAssetTransferSign', { authorType: 1, applyId: appId })).body.result).toEqual({ status: 2 });
  const other = await signed();
  // the account named is the client's own, the application is not opened: refused on the application
  await t.db.query('UPDATE accounts SET user_id = (SELECT user_id FROM applications WHERE app_id = $1) WHERE sub_acct_id = $2', [appId, other.acct.subAcctId]);
  const res = await c.call('transferInApply', request(appId, other.acct.subAcctId));
  expect([errorOf(res), res.body.error?.data]).toEqual([ErrorCode.TRANSFER_IN_UNAVAILABLE, { reason: 'notOpened' }]);

  const o = await openedClient(off, await off.login('61234570'));
  expect((await o.c.call('applyProtocolStatus', { applyId: o.appId })).body.result).toEqual({ status: 0 });
  const r2 = await o.c.call('transferInApply', request(o.appId, o.acct.subAcctId));
  expect([errorOf(r2), r2.body.error?.data]).toEqual([ErrorCode.TRANSFER_IN_UNAVAILABLE, { reason: 'notOffered' }]);
});

test('a closed application can neither sign nor transfer', async () => {
  const o = await openedClient(t, await user());
  await t.db.query('UPDATE applications SET apply_status = 5000 WHERE app_id = $1', [o.appId]);
  expect(errorOf(await o.c.call('applyAssetTransferSign', { authorType: 1, applyId: o.appId }))).toBe(ErrorCode.APPLICATION_LOCKED);
  const res = await o.c.call('transferInApply', request(o.appId, o.acct.subAcctId));
  expect([errorOf(res), res.body.error?.data]).toEqual([ErrorCode.TRANSFER_IN_UNAVAILABLE, { reason: 'closed' }]);
});

test('at most 5 requests in progress (152103); a decided one frees a place', async () => {
  const { c, appId, acct } = await signed();
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push((await c.call('transferInApply', request(appId, acct.subAcctId, { stocks: [{ market: 'HK', code: String(i + 1), quantity: 100 }] }))).body.result.request.requestId);
  const res = await c.call('transferInApply', request(appId, acct.subAcctId));
  expect([errorOf(res), res.body.error?.data]).toEqual([ErrorCode.TRANSFER_IN_TOO_MANY, { max: 5 }]);
  await decide(deps(), ids[0], 5, null);
  expect(errorOf(await c.call('transferInApply', request(appId, acct.subAcctId)))).toBeUndefined();
});

test('the per-user rate limit: 10 filings an hour (100429)', async () => {
  const { c, appId, acct } = await signed();
  for (let i = 0; i < 10; i++) expect(errorOf(await c.call('transferInApply', request(appId, acct.subAcctId, { broker: 999 })))).toBe(ErrorCode.INVALID_INPUT);
  expect(errorOf(await c.call('transferInApply', request(appId, acct.subAcctId)))).toBe(ErrorCode.RATE_LIMITED);
});

describe('staff', () => {
  test('move a request along; the client sees each status, the refusal with its message; the stockStatus follows the latest request', async () => {
    const { c, appId, acct } = await signed();
    const first = (await c.call('transferInApply', request(appId, acct.subAcctId))).body.result.request.requestId as string;
    expect((await listForStaff(t, [1], 10_000)).map((r) => r.requestId)).toContain(first);

    await decide(deps(), first, 3, null);
    expect(await stockStatus(c, appId)).toBe(3);
    await expect(decide(deps(), first, 4, null)).rejects.toThrow(/needs --message/);
    await expect(decide(deps(), first, 1, null)).rejects.toThrow(/cannot move/);
    await decide(deps(), first, 4, 'The account at Futu is not in your name.');
    expect(await stockStatus(c, appId)).toBe(4);
    await expect(decide(deps(), first, 5, null)).rejects.toThrow(/cannot move/);
    const [seen] = (await c.call('transferInList', { applyId: appId })).body.result.items;
    expect(seen).toMatchObject({ status: 4, message: 'The account at Futu is not in your name.' });
    expect(seen.history.map((h: { status: number; message: string | null }) => [h.status, h.message])).toEqual([
      [1, null],
      [3, null],
      [4, 'The account at Futu is not in your name.'],
    ]);

    // the client files another one: the application follows the newer request; deciding the older one changes nothing
    const second = (await c.call('transferInApply', request(appId, acct.subAcctId, { brokerAccount: '778899' }))).body.result.request.requestId as string;
    expect(await stockStatus(c, appId)).toBe(1);
    await decide(deps(), second, 5, null);
    expect(await stockStatus(c, appId)).toBe(5);
    expect((await c.call('transferInList', { applyId: appId })).body.result.items.map((r: { requestId: string }) => r.requestId)).toEqual([second, first]);
  });

  test('an unknown request is refused', async () => {
    await expect(decide(deps(), 'nothing-here', 3, null)).rejects.toThrow(/no transfer-in request/);
  });

  test('the commands parse names and numbers and refuse unknown statuses', () => {
    expect(transferInStatus.parse(parseArgv(['abcdefgh', 'refused', '--message', 'Name differs']))).toEqual({ requestId: 'abcdefgh', status: 4, message: 'Name differs' });
    expect(transferInStatus.parse(parseArgv(['abcdefgh', '3']))).toEqual({ requestId: 'abcdefgh', status: 3, message: null });
    expect(() => transferInStatus.parse(parseArgv(['abcdefgh', 'maybe']))).toThrow(/unknown status/);
    expect(transferIns.parse(parseArgv([]))).toEqual({ statuses: [1, 3], limit: 200 });
    expect(transferIns.parse(parseArgv(['--all']))).toEqual({ statuses: null, limit: 200 });
    expect(transferIns.parse(parseArgv(['--status', 'done,4']))).toEqual({ statuses: [5, 4], limit: 200 });
  });
});
