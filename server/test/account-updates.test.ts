/**
 * Account updates (issue 13): the trading password first, one update in progress per account, the address and W-8
 * modules checked as the domain says, staff's decision per module, the client's resubmission; another client's
 * account or update is refused.
 */
import { generate } from 'otplib';
import { CALLS, ErrorCode, STAFF_COOKIE, STEPS_OF, type AccountView, type StepName } from '@core/domain';
import { runCommand } from '../src/ops/run';
import type { NewStaff } from '../src/modules/staff/service';
import { approve } from '../src/modules/applications/lifecycle';
import { approveUpdate, rejectUpdate, requestUpdate } from '../src/modules/updates/service';
import { createTestApp, type CallResult, type TestApp, type TestClient } from './helpers';
import { saveStep, stepUser, uploadRef, validStepData } from './step-fixtures';

let t: TestApp;
let user: () => Promise<TestClient>;
const errorOf = (res: CallResult) => res.body.error?.code;
const issuesOf = (res: CallResult) => (res.body.error?.data?.issues ?? []).map((i: { path: string; message: string }) => `${i.path}:${i.message}`);

async function opened(): Promise<{ c: TestClient; acct: AccountView }> {
  const c = await user();
  const appId = (await c.call('applyStart', { oaType: 2 })).body.result.appId as string;
  for (const s of STEPS_OF.hk as readonly StepName[]) {
    const res = await saveStep(c, appId, s, await validStepData(c, s, appId));
    expect([s, res.body.error]).toEqual([s, undefined]);
  }
  expect(errorOf(await c.call('applySubmit', { appId }))).toBeUndefined();
  await approve({ db: t.db, clock: t.clock }, appId);
  const acct = (await c.call('userInfo')).body.result.clientInfo.accts[0] as AccountView;
  return { c, acct };
}

let a: { c: TestClient; acct: AccountView };
let b: { c: TestClient; acct: AccountView };
const deps = () => ({ db: t.db, clock: t.clock });

beforeAll(async () => {
  t = await createTestApp();
  user = stepUser(t, '933', { start: 30000 });
  a = await opened();
  b = await opened();
  for (const x of [a, b]) await x.c.call('tradePasswordSet', { subAcctId: x.acct.subAcctId, password: '135790' });
}, 120_000);
afterAll(() => t.close());

const ids = (x: { acct: AccountView }) => ({ subAcctId: x.acct.subAcctId, cltId: x.acct.hlId });
const w8 = (residenceAddress = 'FLAT B 3 F 1 QUEENS ROAD CENTRAL', country = 'HK') => ({ country, residenceAddress });
async function address(c: TestClient, over: Record<string, unknown> = {}) {
  const proof = await uploadRef(c, 'UserApply');
  return {
    residentialAddress: 'Flat B, 3/F, 1 Queen\u2019s Road Central',
    residentialAddressCity: '',
    residentialAddressCountry: 'HK',
    mailingSameResidential: 1,
    mailingAddress: '',
    mailingAddressCity: '',
    mailingAddressCountry: '',
    proofOfAddress: { residence: [proof], mailing: [] },
    ...over,
  };
}

describe('account updates', () => {
  test('ClientApplys: what the account holds (from the application), no update yet', async () => {
    const r = (await a.c.call('clientApplys', { subAcctId: a.acct.subAcctId })).body.result;
    expect(r.update).toBeNull();
    expect(r.current.address).toEqual(expect.objectContaining({ residentialAddressCountry: expect.any(String), mailingSameResidential: 1 }));
    expect(r.current.w8).toEqual({ country: expect.any(String), residenceAddress: expect.any(String) });
  });

  test("another client's account is 100403 on every update call, before anything else", async () => {
    const other = await user();
    expect(errorOf(await other.call('clientApplys', { subAcctId: a.acct.subAcctId }))).toBe(ErrorCode.FORBIDDEN);
    expect(errorOf(await other.call('clientApply', { ...ids(a), module: 512, action: 1, data: w8() }))).toBe(ErrorCode.FORBIDDEN);
    expect(errorOf(await other.call('clientUpdateNotice', ids(a)))).toBe(ErrorCode.FORBIDDEN);
  });

  test('the W-8 module: checked, upper case only; the same data as held is 152007; saved; a second ClientApply is 152006', async () => {
    const lower = await a.c.call('clientApply', { ...ids(a), module: 512, action: 1, data: w8('flat b') });
    expect(issuesOf(lower)).toEqual(['data.residenceAddress:w8Address']);
    // as typed on a form: refused by the one W-8BEN rule (the screens send its cleaned line)
    const typed = await a.c.call('clientApply', { ...ids(a), module: 512, action: 1, data: w8('12/F, 88 Harbour Rd.') });
    expect(issuesOf(typed)).toEqual(['data.residenceAddress:w8Address']);
    const held = (await a.c.call('clientApplys', { subAcctId: a.acct.subAcctId })).body.result.current.w8;
    expect(errorOf(await a.c.call('clientApply', { ...ids(a), module: 512, action: 1, data: held }))).toBe(ErrorCode.NO_CHANGE);
    const saved = await a.c.call('clientApply', { ...ids(a), module: 512, action: 1, data: w8() });
    expect(saved.body.result).toEqual({ updateId: expect.stringMatching(/^UPD/), status: 1000, module: 512, reUpdateModule: 0, rejectModule: 0 });
    const again = await a.c.call('clientApply', { ...ids(a), module: 8, action: 1, data: await address(a.c) });
    expect([errorOf(again), again.body.error?.data]).toEqual([ErrorCode.UPDATE_EXISTS, { updateId: saved.body.result.updateId }]);
  });

  test("the address module: city rules, a different mailing address needs its own; another client's proof file is 100403", async () => {
    const { updateId } = (await a.c.call('clientApplys', { subAcctId: a.acct.subAcctId })).body.result.update;
    const noCity = await a.c.call('clientUpdate', { ...ids(a), updateId, module: 8, action: 1, data: await address(a.c, { residentialAddressCountry: 'SG' }) });
    expect(issuesOf(noCity)).toEqual(['data.residentialAddressCity:required']);
    const mailing = await a.c.call('clientUpdate', { ...ids(a), updateId, module: 8, action: 1, data: await address(a.c, { mailingSameResidential: 2 }) });
    expect(issuesOf(mailing)).toEqual(['data.mailingAddressCountry:required', 'data.mailingAddressCity:required', 'data.mailingAddress:required', 'data.proofOfAddress.mailing:fileRequired']);
    const foreign = await uploadRef(b.c, 'UserApply');
    expect(errorOf(await a.c.call('clientUpdate', { ...ids(a), updateId, module: 8, action: 1, data: await address(a.c, { proofOfAddress: { residence: [foreign], mailing: [] } }) }))).toBe(ErrorCode.FORBIDDEN);
    const ok = await a.c.call('clientUpdate', { ...ids(a), updateId, module: 8, action: 1, data: await address(a.c) });
    expect(ok.body.result).toEqual(expect.objectContaining({ module: 520, status: 1000 }));
    // another client cannot touch this update, even naming their own account
    expect(errorOf(await b.c.call('clientUpdate', { ...ids(b), updateId, module: 512, action: 1, data: w8() }))).toBe(ErrorCode.FORBIDDEN);
  });

  test('submitted (1200): no more changes (152008); staff send the address back; resubmitting needs it saved again; approved, the account holds it', async () => {
    const { updateId } = (await a.c.call('clientApplys', { subAcctId: a.acct.subAcctId })).body.result.update;
    expect((await a.c.call('clientSubmit', { ...ids(a), updateId })).body.result).toEqual({ status: 1200 });
    expect(errorOf(await a.c.call('clientUpdate', { ...ids(a), updateId, module: 512, action: 1, data: w8('FLAT C') }))).toBe(ErrorCode.UPDATE_CLOSED);
    await expect(rejectUpdate(deps(), updateId, 2048, 'x')).rejects.toThrow(/only modules of the update/);
    await rejectUpdate(deps(), updateId, 8, 'The proof is older than three months.');
    const back = (await a.c.call('clientApplys', { subAcctId: a.acct.subAcctId })).body.result.update;
    expect(back).toEqual(expect.objectContaining({ status: 1900, rejectModule: 8, reUpdateModule: 0, rejectData: { message: 'The proof is older than three months.', steps: ['address'] } }));
    expect(errorOf(await a.c.call('clientSubmit', { ...ids(a), updateId }))).toBe(ErrorCode.NO_CHANGE);
    const resaved = await a.c.call('clientUpdate', { ...ids(a), updateId, module: 8, action: 1, data: await address(a.c, { residentialAddress: 'Flat B, 3/F, 1 Queen\u2019s Road Central, Hong Kong' }) });
    expect(resaved.body.result).toEqual(expect.objectContaining({ status: 1900, reUpdateModule: 8, rejectModule: 8 }));
    expect((await a.c.call('clientSubmit', { ...ids(a), updateId })).body.result).toEqual({ status: 1200 });
    await approveUpdate(deps(), updateId);
    const after = (await a.c.call('clientApplys', { subAcctId: a.acct.subAcctId })).body.result;
    expect(after.update.status).toBe(4000);
    expect(after.current.w8).toEqual(w8());
    expect(after.current.address.residentialAddress).toBe('Flat B, 3/F, 1 Queen\u2019s Road Central, Hong Kong');
    await expect(approveUpdate(deps(), updateId)).rejects.toThrow(/not submitted/);
  });

  test('discard (action 2) ends the update; a new one may start', async () => {
    const started = await b.c.call('clientApply', { ...ids(b), module: 512, action: 1, data: w8('FLAT D 8 QUEENS ROAD') });
    const { updateId } = started.body.result;
    expect((await b.c.call('clientUpdate', { ...ids(b), updateId, module: 512, action: 2 })).body.result.status).toBe(5000);
    expect(errorOf(await b.c.call('clientUpdate', { ...ids(b), updateId, module: 512, action: 1, data: w8('FLAT E') }))).toBe(ErrorCode.UPDATE_CLOSED);
    expect(errorOf(await b.c.call('clientApply', { ...ids(b), module: 512, action: 1, data: w8('FLAT E 8 QUEENS ROAD') }))).toBeUndefined();
  });

  test('the trading password is needed in each session, and a wrong client id is 100403', async () => {
    const phone = (await t.db.query<{ phone: string }>('SELECT phone FROM users WHERE sub_acct_id = $1', [a.acct.subAcctId])).rows[0].phone;
    const second = await t.login(phone);
    const need = await second.call('clientApply', { ...ids(a), module: 512, action: 1, data: w8('FLAT F') });
    expect([errorOf(need), need.body.error?.data]).toEqual([ErrorCode.TRADE_PASSWORD_NEEDED, { set: true }]);
    expect(errorOf(await a.c.call('clientApply', { ...ids(a), cltId: b.acct.hlId, module: 512, action: 1, data: w8('FLAT F') }))).toBe(ErrorCode.FORBIDDEN);
  });

  test("the broker's request shows until seen", async () => {
    await requestUpdate(deps(), b.acct.subAcctId, 512, 'Your W-8BEN expires this year: please renew it.');
    expect((await b.c.call('clientApplys', { subAcctId: b.acct.subAcctId })).body.result.notice).toEqual({ module: 512, message: 'Your W-8BEN expires this year: please renew it.', seen: false });
    expect((await b.c.call('clientUpdateNotice', ids(b))).body.result).toEqual({ seen: true });
    expect((await b.c.call('clientApplys', { subAcctId: b.acct.subAcctId })).body.result.notice.seen).toBe(true);
  });
});

describe('account updates on the review desk', () => {
  test('staff see a submitted update beside the account’s data, send a module back, then approve the resubmission; a second decision is refused', async () => {
    const x = await opened();
    await x.c.call('tradePasswordSet', { subAcctId: x.acct.subAcctId, password: '135790' });
    const started = await x.c.call('clientApply', { ...ids(x), module: 512, action: 1, data: w8('FLAT G 9 QUEENS ROAD') });
    expect(errorOf(started)).toBeUndefined();
    const { updateId } = (await x.c.call('clientApplys', { subAcctId: x.acct.subAcctId })).body.result.update;
    expect((await x.c.call('clientSubmit', { ...ids(x), updateId })).body.result).toEqual({ status: 1200 });

    const staff = (await runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, 'staff-create', { login: 'upd.reviewer', role: 'reviewer', name: 'Una' })) as NewStaff;
    const signIn = await t.app.inject({
      method: 'POST',
      url: CALLS.staffSignIn.path,
      payload: { login: 'upd.reviewer', password: staff.password, code: await generate({ secret: staff.totpSecret, epoch: Math.floor(t.clock.now() / 1000) }) },
    });
    const cookie = `${STAFF_COOKIE}=${signIn.cookies.find((c) => c.name === STAFF_COOKIE)!.value}`;
    const desk = async (name: 'staffUpdates' | 'staffUpdateDecide', input: Record<string, unknown>) => {
      const def = CALLS[name];
      const res = await t.app.inject({
        method: def.method,
        url: def.method === 'GET' ? `${def.path}?${new URLSearchParams(input as Record<string, string>)}` : def.path,
        ...(def.method === 'POST' ? { payload: input } : {}),
        headers: { cookie },
      });
      return res.json() as { result?: any; error?: { code: number } }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };

    const listed = (await desk('staffUpdates', {})).result.rows.find((r: { updateId: string }) => r.updateId === updateId);
    expect(listed).toMatchObject({ subAcctId: x.acct.subAcctId, status: 1200, module: 512, data: { '512': { residenceAddress: 'FLAT G 9 QUEENS ROAD' } } });
    expect(listed.current['512']).toEqual(expect.objectContaining({ residenceAddress: expect.any(String) }));
    expect(listed.phone).toMatch(/\*/);
    // a module the update did not change cannot be sent back
    expect((await desk('staffUpdateDecide', { updateId, action: 'sendBack', modules: ['address'], message: 'x' })).error?.code).toBe(ErrorCode.CASE_STATE);
    expect((await desk('staffUpdateDecide', { updateId, action: 'sendBack', modules: ['w8'], message: 'Please use your full address.' })).result).toEqual({ updateId, status: 1900 });
    expect((await x.c.call('clientApplys', { subAcctId: x.acct.subAcctId })).body.result.update.rejectData).toEqual({ message: 'Please use your full address.', steps: ['w8'] });

    expect(errorOf(await x.c.call('clientUpdate', { ...ids(x), updateId, module: 512, action: 1, data: w8('FLAT G 9 QUEENS ROAD CENTRAL') }))).toBeUndefined();
    expect((await x.c.call('clientSubmit', { ...ids(x), updateId })).body.result).toEqual({ status: 1200 });
    expect((await desk('staffUpdateDecide', { updateId, action: 'approve' })).result).toEqual({ updateId, status: 4000 });
    expect((await desk('staffUpdateDecide', { updateId, action: 'approve' })).error?.code).toBe(ErrorCode.CASE_STATE);
    expect((await x.c.call('clientApplys', { subAcctId: x.acct.subAcctId })).body.result.current.w8).toEqual(expect.objectContaining({ residenceAddress: 'FLAT G 9 QUEENS ROAD CENTRAL' }));
    const audited = await t.db.query<{ actor: string }>("SELECT actor FROM audit_log WHERE action = 'account.update.approve' ORDER BY at DESC LIMIT 1");
    expect(audited.rows[0].actor).toBe(`staff:${staff.staff.staffId}`);
    // an applicant's session gets nothing from it
    const res = await x.c.call('staffUpdates' as never, {} as never);
    expect(res.body.error?.code).toBeDefined();
  });
});
