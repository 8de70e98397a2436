/** SIGNATURE saves: the caller's own UserApply PNG with enough ink; blank, a dot, a PDF, an identity image or another user's file are refused. */
import sharp from 'sharp';
import { CALLS, ErrorCode } from '@core/domain';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import { invalidIssues, saveStep, signatureRef, startApp, stepUser, uploadRef } from './step-fixtures';

// the whole suite runs these beside the client tests, where the default time of a test is 5 s
jest.setTimeout(30_000);

let t: TestApp;
let newUser: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp();
  newUser = stepUser(t, '6');
});
afterAll(() => t.close());

const sign = (file: { ossId: string; description: string; ossCategory: string }) => ({ documentInfo: { customerSignature: [file] } });

async function uploadPng(c: TestClient, svg: string) {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const res = await c.upload(`${CALLS.upload.path}/UserApply`, { filename: 'x_signature.png' }, png);
  expect(res.status).toBe(200);
  return { ossId: res.body.result.ossId as string, description: 'x_signature.png', ossCategory: 'UserApply' };
}

test('a drawn signature of the caller is saved', async () => {
  const c = await newUser();
  const appId = await startApp(c, 2);
  const file = await signatureRef(c);
  const res = await saveStep(c, appId, 'SIGNATURE', sign(file));
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  expect(res.body.result.application.data.SIGNATURE.documentInfo.customerSignature[0].ossId).toBe(file.ossId);
});

test('a blank image and a dot are refused as too little ink', async () => {
  const c = await newUser();
  const appId = await startApp(c, 2);
  const blank = await uploadPng(c, '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="#fff"/></svg>');
  expect(invalidIssues(await saveStep(c, appId, 'SIGNATURE', sign(blank)))).toEqual(['data.documentInfo.customerSignature:signatureInk']);
  const dot = await uploadPng(c, '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="#fff"/><circle cx="150" cy="50" r="12" fill="#000"/></svg>');
  expect(invalidIssues(await saveStep(c, appId, 'SIGNATURE', sign(dot)))).toEqual(['data.documentInfo.customerSignature:signatureInk']);
});

test('a PDF, or an identity image (UserInfo), is not a signature', async () => {
  const c = await newUser();
  const appId = await startApp(c, 2);
  const pdf = await uploadRef(c, 'UserApply', true);
  expect(invalidIssues(await saveStep(c, appId, 'SIGNATURE', sign(pdf)))).toEqual(['data.documentInfo.customerSignature:fileRequired']);
  const id = await uploadRef(c, 'UserInfo');
  expect(invalidIssues(await saveStep(c, appId, 'SIGNATURE', sign(id)))).toEqual(['data.documentInfo.customerSignature:fileRequired']);
});

test("another user's signature: 100403", async () => {
  const owner = await newUser();
  const file = await signatureRef(owner);
  const c = await newUser();
  const appId = await startApp(c, 2);
  const res = await saveStep(c, appId, 'SIGNATURE', sign(file));
  expect(res.body.error?.code).toBe(ErrorCode.FORBIDDEN);
});
