/** DepositInfo and DepositNotice: the receiving accounts; a notice only for the caller's submitted application, with a proof of theirs. */
import { ErrorCode, STEPS_OF } from '@core/domain';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import { invalidIssues, saveStep, startApp, stepUser, uploadRef, validStepData } from './step-fixtures';

// the whole suite runs these beside the client tests, where the default time of a test is 5 s
jest.setTimeout(30_000);

let t: TestApp;
let newUser: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp();
  newUser = stepUser(t, '6');
});
afterAll(() => t.close());

async function submitted(c: TestClient): Promise<string> {
  const appId = await startApp(c, 2);
  for (const step of STEPS_OF.hk) expect((await saveStep(c, appId, step, await validStepData(c, step, appId))).body.error).toBeUndefined();
  expect((await c.call('applySubmit', { appId })).body.result.application.applyStatus).toBe(1200);
  return appId;
}

test('DepositInfo: the minimum and an account per currency', async () => {
  const c = await newUser();
  const res = await c.call('depositInfo');
  expect(res.body.result.minimumHkd).toBe(10000);
  expect(res.body.result.accounts.map((a: { currency: string }) => a.currency)).toEqual(['HKD', 'USD', 'CNH']);
});

test('a notice moves cashInStatus to confirming (2010) and is kept', async () => {
  const c = await newUser();
  const appId = await submitted(c);
  const proof = await uploadRef(c, 'UserApply');
  const res = await c.call('depositNotice', { appId, amount: '10000.50', currency: 'HKD', payingBank: 'HSBC', proof });
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  expect(res.body.result.application.cashInStatus).toBe(2010);
  const { rows } = await t.db.query<{ amount: string; currency: string }>('SELECT amount, currency FROM deposit_notices WHERE id = $1', [res.body.result.noticeId]);
  expect(rows[0]).toEqual({ amount: '10000.50', currency: 'HKD' });
});

test('refused: before submission (151300), a bad amount or bank (100400), another user\'s proof (100403) or application (151301)', async () => {
  const c = await newUser();
  const draftApp = await startApp(c, 2);
  const proof = await uploadRef(c, 'UserApply');
  expect((await c.call('depositNotice', { appId: draftApp, amount: '100', currency: 'HKD', payingBank: 'HSBC', proof })).body.error?.code).toBe(ErrorCode.APPLICATION_LOCKED);

  const d = await newUser();
  const appId = await submitted(d);
  const own = await uploadRef(d, 'UserApply');
  for (const amount of ['0', '1.234', '-5', '1e5', '']) {
    expect(invalidIssues(await d.call('depositNotice', { appId, amount, currency: 'HKD', payingBank: 'HSBC', proof: own })).length).toBeGreaterThan(0);
  }
  expect(invalidIssues(await d.call('depositNotice', { appId, amount: '100', currency: 'EUR', payingBank: 'HSBC', proof: own })).length).toBeGreaterThan(0);
  expect(invalidIssues(await d.call('depositNotice', { appId, amount: '100', currency: 'HKD', payingBank: 'x', proof: own })).length).toBeGreaterThan(0);
  expect((await d.call('depositNotice', { appId, amount: '100', currency: 'HKD', payingBank: 'HSBC', proof })).body.error?.code).toBe(ErrorCode.FORBIDDEN);
  expect((await c.call('depositNotice', { appId, amount: '100', currency: 'HKD', payingBank: 'HSBC', proof })).body.error?.code).toBe(ErrorCode.NO_APPLICATION);
});

describe('ApplyWitness (status 1500)', () => {
  test('the proofs are kept with an event; only at 1500, only the caller\'s files', async () => {
    const c = await newUser();
    const appId = await submitted(c);
    const idFile = await uploadRef(c, 'UserInfo');
    const address = await uploadRef(c, 'UserApply', true);
    expect((await c.call('applyWitness', { appId, idFiles: [idFile], addressFiles: [address] })).body.error?.code).toBe(ErrorCode.APPLICATION_LOCKED);
    await t.db.query('UPDATE applications SET apply_status = 1500 WHERE app_id = $1', [appId]);
    const res = await c.call('applyWitness', { appId, idFiles: [idFile], addressFiles: [address] });
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    expect(res.body.result.application.applyStatus).toBe(1500);
    const { rows } = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM witness_submissions WHERE app_id = $1', [appId]);
    expect(Number(rows[0].n)).toBe(1);
    const other = await newUser();
    const foreign = await uploadRef(other, 'UserInfo');
    expect((await c.call('applyWitness', { appId, idFiles: [foreign], addressFiles: [address] })).body.error?.code).toBe(ErrorCode.FORBIDDEN);
    expect(invalidIssues(await c.call('applyWitness', { appId, idFiles: [], addressFiles: [address] })).length).toBeGreaterThan(0);
  });
});
