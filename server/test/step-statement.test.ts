import { ErrorCode, STEPS_OF, maskPhone, type StepName } from '@core/domain';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import { invalidIssues as issuesOf, markSubmitted, phoneOf, saveStep, startApp, statementData, stepSaver, stepUser, uploadRef, validStepData } from './step-fixtures';

let t: TestApp;
/** a new logged-in mainland user (+86 phones) */
let user: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp();
  user = stepUser(t, '1370000', { start: 1000, areaCode: '86' });
});
afterAll(() => t.close());

const start = (c: TestClient, position: 'first' | 'last' = 'first') => startApp(c, 1, { withStatement: position });

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function statementPart(c: TestClient, type: 0 | 1 | 2): Promise<Data> {
  return {
    statementInfo: { type, broker: 21, name: 'ZHANG SAN', account: '88001234' },
    documentInfo: { statement: [await uploadRef(c, 'UserApply')] },
  };
}

async function withHkDocument(c: TestClient, idNumber = 'A1234563'): Promise<Data> {
  const d = await statementPart(c, 1);
  d.documentInfo.idCardHK = { front: await uploadRef(c, 'UserInfo') };
  d.idExtraInfo = { idcardHK: { idType: 1, idCountry: 'HK', idNumber } };
  return d;
}

/** step-fixtures' statement without an HK document, with two overseas proof files */
async function withoutHkDocument(c: TestClient): Promise<Data> {
  const d: Data = await statementData(c);
  d.documentInfo.idCardForeign.push(await uploadRef(c, 'UserInfo'));
  return d;
}

const save = stepSaver('STATEMENT');

/** Saves the steps with valid data (step-fixtures): ApplySubmit checks every step with its rules. */
async function saveValid(c: TestClient, appId: string, steps: readonly StepName[]): Promise<void> {
  for (const s of steps) {
    const res = await saveStep(c, appId, s, await validStepData(c, s, appId));
    expect([s, res.body.error]).toEqual([s, undefined]);
  }
}

async function reject(appId: string, data: Data): Promise<void> {
  await t.db.query(`UPDATE applications SET apply_status = 1900, reject_data = $2::jsonb, data = data || $3::jsonb WHERE app_id = $1`, [
    appId,
    JSON.stringify({ steps: ['STATEMENT'], message: 'statement unreadable' }),
    JSON.stringify({ STATEMENT: data }),
  ]);
}

describe('ApplyUpdate STATEMENT', () => {
  test('with an HK document (type 1): saved as sent, next step IDCARD', async () => {
    const c = await user();
    const appId = await start(c);
    const data = await withHkDocument(c);
    const res = await save(c, appId, data);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    expect(res.body.result.nextStep).toBe('IDCARD');
    expect(res.body.result.application.data.STATEMENT).toEqual(data);
  });

  test('without an HK document (type 0): proof files and the promise', async () => {
    const c = await user();
    const appId = await start(c);
    const res = await save(c, appId, await withoutHkDocument(c));
    expect([res.status, res.body.error]).toEqual([200, undefined]);
  });

  test('broker 32 (other) with its name', async () => {
    const c = await user();
    const appId = await start(c);
    const data = await withoutHkDocument(c);
    data.statementInfo.broker = 32;
    data.statementInfo.brokerName = 'Example Securities Ltd';
    expect((await save(c, appId, data)).body.error).toBeUndefined();
  });

  test.each([
    ['broker out of the list', (d: Data) => (d.statementInfo.broker = 47), 'data.statementInfo.broker:broker'],
    ['broker 32 without a name', (d: Data) => (d.statementInfo.broker = 32), 'data.statementInfo.brokerName:required'],
    ['no name', (d: Data) => (d.statementInfo.name = ''), 'data.statementInfo.name:required'],
    ['account with spaces', (d: Data) => (d.statementInfo.account = '8800 1234'), 'data.statementInfo.account:format'],
    ['no statement file', (d: Data) => (d.documentInfo.statement = []), 'data.documentInfo.statement:fileRequired'],
    ['HK ID of 7 characters', (d: Data) => (d.idExtraInfo.idcardHK.idNumber = 'A123456'), 'data.idExtraInfo.idcardHK.idNumber:hkId'],
    ['HK ID of 10 characters', (d: Data) => (d.idExtraInfo.idcardHK.idNumber = 'AB12345678'), 'data.idExtraInfo.idcardHK.idNumber:hkId'],
    ['no HK ID front', (d: Data) => delete d.documentInfo.idCardHK, 'data.documentInfo.idCardHK.front:fileRequired'],
    ['the other branch promise', (d: Data) => (d.promise = true), 'data.promise:format'],
    ['type 2 on a fresh application (new variant)', (d: Data) => {
      d.statementInfo.type = 2;
      delete d.idExtraInfo;
      delete d.documentInfo.idCardHK;
    }, 'data.statementInfo.type:choice'],
  ])('%s → 100400 on its path', async (_, change, issue) => {
    const c = await user();
    const appId = await start(c);
    const data = await withHkDocument(c);
    change(data);
    expect(issuesOf(await save(c, appId, data))).toEqual([issue]);
  });

  test('without an HK document: no proof file or no promise → 100400', async () => {
    const c = await user();
    const appId = await start(c);
    const d = await withoutHkDocument(c);
    expect(issuesOf(await save(c, appId, { ...d, promise: false }))).toEqual(['data.promise:mustTick']);
    expect(issuesOf(await save(c, appId, { ...d, documentInfo: { statement: d.documentInfo.statement } }))).toEqual(['data.documentInfo.idCardForeign:fileRequired']);
  });

  test('files of the wrong category → 100400 on their path', async () => {
    const c = await user();
    const appId = await start(c);
    const d = await withHkDocument(c);
    d.documentInfo.idCardHK.front = await uploadRef(c, 'UserApply');
    d.documentInfo.statement = [await uploadRef(c, 'UserInfo')];
    expect(issuesOf(await save(c, appId, d))).toEqual(['data.documentInfo.statement.0:category', 'data.documentInfo.idCardHK.front:category']);
  });

  test("another user's file → 100403", async () => {
    const owner = await user();
    const file = await uploadRef(owner, 'UserApply');
    const c = await user();
    const appId = await start(c);
    const d = await withHkDocument(c);
    d.documentInfo.statement = [file];
    expect((await save(c, appId, d)).body.error?.code).toBe(ErrorCode.FORBIDDEN);
  });

  test('an HK ID number another user holds → 150204 with the masked phone; the holder may save it again', async () => {
    const holder = await user();
    const holderApp = await start(holder);
    expect((await save(holder, holderApp, await withHkDocument(holder, 'Z9876546'))).body.error).toBeUndefined();
    await markSubmitted(t, holderApp);

    const c = await user();
    const appId = await start(c);
    const res = await save(c, appId, await withHkDocument(c, 'Z9876546'));
    expect(res.body.error?.code).toBe(ErrorCode.ID_REGISTERED);
    expect(res.body.error?.data).toEqual({ phone: maskPhone(phoneOf(holder)) });

    expect((await save(holder, holderApp, await withHkDocument(holder, 'Z9876546'))).body.error).toBeUndefined();
  });

  test('a draft is kept whatever it holds', async () => {
    const c = await user();
    const appId = await start(c);
    const res = await save(c, appId, { statementInfo: { type: 1, broker: 32 } }, true);
    expect(res.body.error).toBeUndefined();
    expect(res.body.result.application.data.drafts.STATEMENT).toEqual({ statementInfo: { type: 1, broker: 32 } });
  });

  test('rejected without new-variant files: the old variant (type 2) only', async () => {
    const c = await user();
    const appId = await start(c);
    const old = await statementPart(c, 2);
    await reject(appId, old);
    expect(issuesOf(await save(c, appId, await withHkDocument(c)))).toEqual(['data.statementInfo.type:choice']);
    const res = await save(c, appId, await statementPart(c, 2));
    expect([res.status, res.body.error]).toEqual([200, undefined]);
  });

  test('rejected with overseas proof files saved: still the new variant', async () => {
    const c = await user();
    const appId = await start(c);
    await reject(appId, await withoutHkDocument(c));
    expect(issuesOf(await save(c, appId, await statementPart(c, 2)))).toEqual(['data.statementInfo.type:choice']);
    expect((await save(c, appId, await withoutHkDocument(c))).body.error).toBeUndefined();
  });
});

describe('ApplySubmit and the statement (150211)', () => {
  test('STATEMENT put off (last) and every other step saved → 150211; once the statement is saved, submitted', async () => {
    const c = await user();
    const appId = await start(c, 'last');
    await saveValid(c, appId, STEPS_OF.cn);
    const refused = await c.call('applySubmit', { appId });
    expect([refused.status, refused.body.error?.code]).toEqual([400, ErrorCode.NEED_STATEMENT]);

    expect((await save(c, appId, await withHkDocument(c, 'C7654322'))).body.error).toBeUndefined();
    const ok = await c.call('applySubmit', { appId });
    expect([ok.status, ok.body.error]).toEqual([200, undefined]);
    expect(ok.body.result.application.applyStatus).toBe(1200);
  });

  test('150211 comes before "steps not saved"', async () => {
    const c = await user();
    const appId = await start(c, 'first');
    expect((await c.call('applySubmit', { appId })).body.error?.code).toBe(ErrorCode.NEED_STATEMENT);
  });

  test('statement saved, other steps not: the usual 100400, not 150211', async () => {
    const c = await user();
    const appId = await start(c, 'first');
    expect((await save(c, appId, await withoutHkDocument(c))).body.error).toBeUndefined();
    const res = await c.call('applySubmit', { appId });
    expect(res.body.error?.code).toBe(ErrorCode.INVALID_INPUT);
  });

  test('a cn application without the STATEMENT step never gets 150211', async () => {
    const c = await user();
    const appId = await startApp(c, 1);
    expect((await c.call('applySubmit', { appId })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
  });
});
