/** ApplyProtocolStatus, ApplyAssetTransferSign, and SIGN's asset-transfer check. */
import { ErrorCode } from '@core/domain';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import { invalidIssues, saveStep, selectAccountData, startApp, stepUser, validStepData } from './step-fixtures';

// the whole suite runs these beside the client tests, where the default time of a test is 5 s
jest.setTimeout(30_000);

let t: TestApp;
let off: TestApp;
let newUser: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp();
  off = await createTestApp({ env: { ASSET_TRANSFER: 'off' } });
  newUser = stepUser(t, '6');
}, 60_000);
afterAll(async () => {
  await t.close();
  await off.close();
});

/** an hk application with identity and account saved (the SIGN list depends on them) */
async function hkApp(c: TestClient) {
  const appId = await startApp(c, 2, { aecode: 'A123', channel: 'web' });
  for (const step of ['HK_IDCARD', 'USERINFO']) expect((await saveStep(c, appId, step, await validStepData(c, step, appId))).status).toBe(200);
  expect((await saveStep(c, appId, 'SELECTACCOUNT', await selectAccountData(c, appId))).status).toBe(200);
  return appId;
}

test('offered (1), signed (2) once, kept; SIGN then needs the box ticked', async () => {
  const c = await newUser();
  const appId = await hkApp(c);
  expect((await c.call('applyProtocolStatus', { applyId: appId })).body.result).toEqual({ status: 1 });
  const sign = await validStepData(c, 'SIGN', appId);
  expect(invalidIssues(await saveStep(c, appId, 'SIGN', { ...sign, assetTransfer: 1 }))).toEqual(['data.assetTransfer:mustTick']);
  expect((await saveStep(c, appId, 'SIGN', { ...sign, assetTransfer: 0 })).status).toBe(200);

  expect((await c.call('applyAssetTransferSign', { authorType: 1, applyId: appId })).body.result).toEqual({ status: 2 });
  expect((await c.call('applyAssetTransferSign', { authorType: 1, applyId: appId })).body.result).toEqual({ status: 2 });
  expect((await c.call('applyProtocolStatus', { applyId: appId })).body.result).toEqual({ status: 2 });
  expect(invalidIssues(await saveStep(c, appId, 'SIGN', { ...sign, assetTransfer: 0 }))).toEqual(['data.assetTransfer:mustTick']);
  expect((await saveStep(c, appId, 'SIGN', { ...sign, assetTransfer: 1 })).status).toBe(200);
});

test('SIGN with a list that is not the application\'s: refused', async () => {
  const c = await newUser();
  const appId = await hkApp(c);
  expect(invalidIssues(await saveStep(c, appId, 'SIGN', { agreements: ['clientAgreement'], readAll: 1 }))).toEqual(['data.agreements:mustTick']);
});

test('ASSET_TRANSFER=off: status 0 and signing refused', async () => {
  const c = await off.login('61234567');
  const appId = await startApp(c, 2);
  expect((await c.call('applyProtocolStatus', { applyId: appId })).body.result).toEqual({ status: 0 });
  expect(invalidIssues(await c.call('applyAssetTransferSign', { authorType: 1, applyId: appId }))).toEqual(['applyId:notOffered']);
});

test("another user's application: 151301; a wrong authorType: 100400", async () => {
  const owner = await newUser();
  const appId = await startApp(owner, 2);
  const other = await newUser();
  expect((await other.call('applyProtocolStatus', { applyId: appId })).body.error?.code).toBe(ErrorCode.NO_APPLICATION);
  expect((await other.call('applyAssetTransferSign', { authorType: 1, applyId: appId })).body.error?.code).toBe(ErrorCode.NO_APPLICATION);
  expect((await owner.call('applyAssetTransferSign', { authorType: 2, applyId: appId })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
});
