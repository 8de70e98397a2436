/** ApplyDocument: the three documents as real PDFs (loaded back, rendered by poppler when present), reused while the data is unchanged; CAAPPLY names them. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { CA_DOCUMENTS, ErrorCode, STEPS_OF } from '@core/domain';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import { financeData, invalidIssues, saveStep, startApp, stepUser, uploadRef, validStepData } from './step-fixtures';

// the whole suite runs these beside the client tests, where the default time of a test is 5 s
jest.setTimeout(30_000);

let t: TestApp;
let newUser: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp();
  newUser = stepUser(t, '6');
}, 60_000);
afterAll(() => t.close());

/** a cn application saved up to (not including) LIVINGWITNESS */
async function signedCn(c: TestClient): Promise<string> {
  const appId = await startApp(c, 1);
  for (const step of STEPS_OF.cn.slice(0, STEPS_OF.cn.indexOf('LIVINGWITNESS'))) {
    expect((await saveStep(c, appId, step, await validStepData(c, step, appId))).body.error).toBeUndefined();
  }
  return appId;
}

async function bytesOf(c: TestClient, ossUrl: string): Promise<Buffer> {
  const res = await c.inject({ method: 'GET', url: ossUrl });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

test('three real PDFs with the signature, rendered; the same data gives the same file, changed data a new one', async () => {
  const c = await newUser();
  const appId = await signedCn(c);
  const ids: string[] = [];
  for (const document of CA_DOCUMENTS) {
    const res = await c.call('applyDocument', { appId, document });
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    const pdf = await bytesOf(c, res.body.result.ossUrl);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toMatch(/[\u4e00-\u9fff]/);
    if (existsSync('/usr/bin/pdftoppm')) {
      const dir = mkdtempSync(join(tmpdir(), 'doc-'));
      writeFileSync(join(dir, 'd.pdf'), pdf);
      execFileSync('pdftoppm', ['-r', '30', '-png', '-f', '1', '-l', '1', join(dir, 'd.pdf'), join(dir, 'p')]);
      expect(readFileSync(join(dir, 'p-1.png')).length).toBeGreaterThan(1000);
    }
    ids.push(res.body.result.ossId);
  }
  expect(new Set(ids).size).toBe(3);
  const again = await c.call('applyDocument', { appId, document: 'w8ben' });
  expect(again.body.result.ossId).toBe(ids[1]);
  expect((await saveStep(c, appId, 'FINANCE', financeData({ annualIncome: '3' }))).status).toBe(200);
  const changed = await c.call('applyDocument', { appId, document: 'w8ben' });
  expect(changed.body.result.ossId).not.toBe(ids[1]);
});

test("CAAPPLY names this application's documents only; another user's application: 151301; an unknown document: 100400", async () => {
  const c = await newUser();
  const appId = await signedCn(c);
  const docs: Record<string, string> = {};
  for (const document of CA_DOCUMENTS) docs[document] = (await c.call('applyDocument', { appId, document })).body.result.ossId;
  const own = await uploadRef(c, 'UserApply', true);
  expect(invalidIssues(await saveStep(c, appId, 'CAAPPLY', { agreed: true, documents: { ...docs, w8ben: own.ossId } }))).toEqual(['data.documents.w8ben:format']);
  expect((await saveStep(c, appId, 'CAAPPLY', { agreed: true, documents: docs })).status).toBe(200);
  const other = await newUser();
  expect((await other.call('applyDocument', { appId, document: 'w8ben' })).body.error?.code).toBe(ErrorCode.NO_APPLICATION);
  expect((await c.call('applyDocument', { appId, document: 'passport' })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
});
