import { CALLS, ErrorCode, STEPS_OF, STEP_VERSION, maskPhone, type StepName } from '@core/domain';
import { createTestApp, HOUR, MINUTE, type CallResult, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let n = 0;
const phones = new WeakMap<TestClient, string>();
/** a new logged-in mainland user (+86 phones) */
async function user(): Promise<TestClient> {
  n += 1;
  if (n % 20 === 0) t.clock.advance(HOUR + MINUTE);
  const phone = `1370000${String(1000 + n)}`;
  const c = await t.login(phone, '86');
  phones.set(c, phone);
  return c;
}
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake png body')]);

type Ref = { ossId: string; url: string; ossCategory: string };
async function upload(c: TestClient, category: 'UserInfo' | 'UserApply' = 'UserApply'): Promise<Ref> {
  const res = await c.upload(`${CALLS.upload.path}/${category}`, { filename: `f-${Math.random()}.png` }, PNG);
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return { ossId: res.body.result.ossId, url: res.body.result.ossUrl, ossCategory: category };
}

async function start(c: TestClient, position: 'first' | 'last' = 'first'): Promise<string> {
  const res = await c.call('applyStart', { oaType: 1, withStatement: position });
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return res.body.result.appId;
}

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function statementPart(c: TestClient, type: 0 | 1 | 2): Promise<Data> {
  return {
    statementInfo: { type, broker: 21, name: 'ZHANG SAN', account: '88001234' },
    documentInfo: { statement: [await upload(c)] },
  };
}

async function withHkDocument(c: TestClient, idNumber = 'A1234567'): Promise<Data> {
  const d = await statementPart(c, 1);
  d.documentInfo.idCardHK = { front: await upload(c, 'UserInfo') };
  d.idExtraInfo = { idcardHK: { idType: 1, idCountry: 'HK', idNumber } };
  return d;
}

async function withoutHkDocument(c: TestClient): Promise<Data> {
  const d = await statementPart(c, 0);
  d.documentInfo.idCardForeign = [await upload(c, 'UserInfo'), await upload(c, 'UserInfo')];
  d.promise = true;
  return d;
}

const save = (c: TestClient, appId: string, data: Data, draft = false) =>
  c.call('applyUpdate', { appId, stepVersion: STEP_VERSION, currentStep: 'STATEMENT', draft, data });

const issuesOf = (res: CallResult) => {
  expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.INVALID_INPUT]);
  return (res.body.error!.data.issues as { path: string; message: string }[]).map((i) => `${i.path}:${i.message}`);
};

/** Marks steps as saved directly in the database (their own saves are tested with their steps). */
async function markSaved(appId: string, steps: readonly StepName[], latest: StepName): Promise<void> {
  const filled = Object.fromEntries(steps.map((s) => [s, { filled: s }]));
  await t.db.query(`UPDATE applications SET data = data || $2::jsonb, latest_step = $3 WHERE app_id = $1`, [appId, JSON.stringify(filled), latest]);
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
    d.documentInfo.idCardHK.front = await upload(c, 'UserApply');
    d.documentInfo.statement = [await upload(c, 'UserInfo')];
    expect(issuesOf(await save(c, appId, d))).toEqual(['data.documentInfo.statement.0:format', 'data.documentInfo.idCardHK.front:format']);
  });

  test("another user's file → 100403", async () => {
    const owner = await user();
    const file = await upload(owner);
    const c = await user();
    const appId = await start(c);
    const d = await withHkDocument(c);
    d.documentInfo.statement = [file];
    expect((await save(c, appId, d)).body.error?.code).toBe(ErrorCode.FORBIDDEN);
  });

  test('an HK ID number another user holds → 150204 with the masked phone; the holder may save it again', async () => {
    const holder = await user();
    const holderApp = await start(holder);
    expect((await save(holder, holderApp, await withHkDocument(holder, 'Z9876543'))).body.error).toBeUndefined();

    const c = await user();
    const appId = await start(c);
    const res = await save(c, appId, await withHkDocument(c, 'Z9876543'));
    expect(res.body.error?.code).toBe(ErrorCode.ID_REGISTERED);
    expect(res.body.error?.data).toEqual({ phone: maskPhone(phones.get(holder)!) });

    expect((await save(holder, holderApp, await withHkDocument(holder, 'Z9876543'))).body.error).toBeUndefined();
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
    await markSaved(appId, STEPS_OF.cn, 'CAAPPLY');
    const refused = await c.call('applySubmit', { appId });
    expect([refused.status, refused.body.error?.code]).toEqual([400, ErrorCode.NEED_STATEMENT]);

    expect((await save(c, appId, await withHkDocument(c, 'C7654321'))).body.error).toBeUndefined();
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
    const res = await c.call('applyStart', { oaType: 1 });
    const appId = res.body.result.appId as string;
    expect((await c.call('applySubmit', { appId })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
  });
});
