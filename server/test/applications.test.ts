import { CALLS, ErrorCode, STEPS_OF, STEP_STATUS, STEP_VERSION, type ApplicationView, type StepName } from '@core/domain';
import { auditTrail } from '../src/db/audit';
import { setUserSettings, type UserSettings } from '../src/modules/auth/settings';
import { runCommand } from '../src/ops/run';
import { createTestApp, userMaker, type CallResult, type TestApp, type TestClient } from './helpers';
import { hkIdcardData, jobstatusData, validStepData } from './step-fixtures';

let t: TestApp;
/** a new logged-in user */
let user: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp();
  user = userMaker(t, '9');
});
afterAll(() => t.close());

// ---------------------------------------------------------------- helpers


async function settings(client: TestClient, s: UserSettings): Promise<void> {
  await setUserSettings(t.db, client.user!.userId, s);
}

/** A ciphered call sent from a given client address. */
async function callFrom(client: TestClient, name: keyof typeof CALLS, payload: unknown, remoteAddress: string): Promise<CallResult> {
  const def = CALLS[name];
  const envelope = await client.seal(def.method, def.path, payload);
  const res = await client.inject({ method: 'POST', url: def.path, payload: envelope as unknown as Record<string, unknown>, remoteAddress });
  return client.open(res, envelope.nonce);
}

async function start(client: TestClient, oaType: 1 | 2, extra: Record<string, unknown> = {}): Promise<{ appId: string; nextStep: StepName; application: ApplicationView }> {
  const res = await client.call('applyStart', { oaType, ...extra });
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return res.body.result;
}

/** Saves a step: valid data for it (step-fixtures) unless data is given. */
async function save(client: TestClient, appId: string, step: string, data?: Record<string, unknown>, draft = false) {
  return client.call('applyUpdate', { appId, stepVersion: STEP_VERSION, currentStep: step, draft, data: data ?? (await validStepData(client, step, appId)) });
}

async function saveAll(client: TestClient, appId: string, steps: readonly string[]): Promise<ApplicationView> {
  let last: CallResult | undefined;
  for (const step of steps) {
    last = await save(client, appId, step);
    expect([step, last.status, last.body.error]).toEqual([step, 200, undefined]);
  }
  return last!.body.result.application;
}

const errorOf = (res: CallResult) => res.body.error?.code;

async function appCount(userId: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM applications WHERE user_id = $1', [userId]);
  return rows[0].n;
}

// ---------------------------------------------------------------- start

describe('ApplyStart', () => {
  test('hk: a random appId, the hk step list, client status 33, first step HK_IDCARD', async () => {
    const c = await user();
    const r = await start(c, 2);
    expect(r.appId).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(r.nextStep).toBe('HK_IDCARD');
    expect(r.application).toEqual(
      expect.objectContaining({
        appId: r.appId,
        oaType: 2,
        clientType: 'hk',
        clientStatus: 33,
        applyStatus: 1000,
        applyStepsName: [...STEPS_OF.hk],
        currentStep: null,
        latestStep: null,
        stepVersion: STEP_VERSION,
        esop: false,
        rejectData: null,
        clientInfo: { accts: [] },
      }),
    );
    const info = await c.call('userInfo');
    expect(info.body.result).toEqual(expect.objectContaining({ clientStatus: 33, hasApplication: true }));
    const trail = await auditTrail(t.db, { appId: r.appId });
    expect(trail.map((a) => [a.actor, a.action])).toEqual([[`user:${c.user!.userId}`, 'application.start']]);
  });

  test('cn: the cn list; withStatement puts STATEMENT first or last; esop, aecode and channel are kept', async () => {
    const first = await start(await user(), 1, { withStatement: 'first', esop: true, aecode: 'AE01', channel: 'web' });
    expect(first.nextStep).toBe('STATEMENT');
    expect(first.application.applyStepsName).toEqual(['STATEMENT', ...STEPS_OF.cn]);
    expect(first.application).toEqual(expect.objectContaining({ clientType: 'cn', esop: true, aecode: 'AE01', channel: 'web' }));
    const last = await start(await user(), 1, { withStatement: 'last' });
    expect(last.nextStep).toBe('IDCARD');
    expect(last.application.applyStepsName).toEqual([...STEPS_OF.cn, 'STATEMENT']);
  });

  test('two appIds are never sequential or alike', async () => {
    const a = await start(await user(), 2);
    const b = await start(await user(), 2);
    expect(a.appId).not.toBe(b.appId);
    expect(a.appId.slice(0, 8)).not.toBe(b.appId.slice(0, 8));
  });

  test('is idempotent for the same type: the same application, no duplicate', async () => {
    const c = await user();
    const a = await start(c, 1);
    await saveAll(c, a.appId, ['IDCARD']);
    const b = await start(c, 1);
    expect(b.appId).toBe(a.appId);
    expect(b.nextStep).toBe('BANKCARD'); // resumes after the latest saved step
    const [x, y] = await Promise.all([c.call('applyStart', { oaType: 1 }), c.call('applyStart', { oaType: 1 })]);
    expect([x.body.result.appId, y.body.result.appId]).toEqual([a.appId, a.appId]);
    expect(await appCount(c.user!.userId)).toBe(1);
  });

  test('the other type while an application exists → 151303 (409) naming the application to switch', async () => {
    const c = await user();
    const a = await start(c, 2);
    const res = await c.call('applyStart', { oaType: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual(expect.objectContaining({ code: ErrorCode.OTHER_TYPE_EXISTS, data: { appId: a.appId, oaType: 2 } }));
    expect(await appCount(c.user!.userId)).toBe(1);
  });

  test('a statement step is for cn only; unknown oaType and fields are refused with 100400', async () => {
    const c = await user();
    expect(errorOf(await c.call('applyStart', { oaType: 2, withStatement: 'first' }))).toBe(ErrorCode.INVALID_INPUT);
    expect(errorOf(await c.call('applyStart', { oaType: 3 }))).toBe(ErrorCode.INVALID_INPUT);
    expect(errorOf(await c.call('applyStart', { oaType: 1, withStatement: 'middle' }))).toBe(ErrorCode.INVALID_INPUT);
    expect(errorOf(await c.call('applyStart', {}))).toBe(ErrorCode.INVALID_INPUT);
  });

  test('needs a session (100008)', async () => {
    const anon = await t.handshake();
    expect(errorOf(await anon.call('applyStart', { oaType: 2 }))).toBe(ErrorCode.LOGIN_EXPIRED);
    expect(errorOf(await anon.call('applyDetail'))).toBe(ErrorCode.LOGIN_EXPIRED);
  });
});

// ---------------------------------------------------------------- switch

describe('ApplySwitch', () => {
  test('cn → hk: new step list, identity and statement data cleared, profile answers kept, steps reset', async () => {
    const c = await user();
    const a = await start(c, 1, { withStatement: 'first' });
    await saveAll(c, a.appId, ['STATEMENT', 'IDCARD', 'BANKCARD', 'JOBSTATUS']);
    await save(c, a.appId, 'FINANCE', { half: true }, true);
    await save(c, a.appId, 'IDCARD', { idNumber: 'draft' }, true);
    const res = await c.call('applySwitch', { appId: a.appId, data: { oaType: 2 } });
    expect(res.body.error).toBeUndefined();
    const app: ApplicationView = res.body.result.application;
    expect(res.body.result).toEqual(expect.objectContaining({ appId: a.appId, nextStep: 'HK_IDCARD' }));
    expect(app).toEqual(expect.objectContaining({ oaType: 2, clientType: 'hk', applyStepsName: [...STEPS_OF.hk], currentStep: null, latestStep: null, applyStatus: 1000 }));
    expect(app.data).toEqual({ JOBSTATUS: jobstatusData(), drafts: { FINANCE: { half: true } } });
    const trail = await auditTrail(t.db, { appId: a.appId, limit: 1 });
    expect(trail[0]).toEqual(expect.objectContaining({ action: 'application.switch', detail: expect.objectContaining({ fromOaType: 1, toOaType: 2 }) }));
    expect((trail[0].detail.clearedSteps as string[]).sort()).toEqual(['BANKCARD', 'IDCARD', 'STATEMENT']);
  });

  test('hk → cn with the statement first', async () => {
    const c = await user();
    const a = await start(c, 2);
    await saveAll(c, a.appId, ['HK_IDCARD', 'USERINFO']);
    const res = await c.call('applySwitch', { appId: a.appId, data: { oaType: 1 }, withStatement: 'first' });
    expect(res.body.result.nextStep).toBe('STATEMENT');
    expect(res.body.result.application.applyStepsName).toEqual(['STATEMENT', ...STEPS_OF.cn]);
    expect(res.body.result.application.data).toEqual({});
  });

  test('151205 when a switch to cn from a restrictive area brings no statement: opening-limit 3, or 2/5 from a mainland address', async () => {
    const c = await user();
    const a = await start(c, 2);
    await settings(c, { openingLimitType: 3 });
    expect(errorOf(await c.call('applySwitch', { appId: a.appId, data: { oaType: 1 } }))).toBe(ErrorCode.SWITCH_REGION_DENIED);
    await settings(c, { openingLimitType: 2 });
    expect(errorOf(await callFrom(c, 'applySwitch', { appId: a.appId, data: { oaType: 1 } }, '1.2.4.8'))).toBe(ErrorCode.SWITCH_REGION_DENIED);
    await settings(c, { openingLimitType: 5 });
    expect(errorOf(await callFrom(c, 'applySwitch', { appId: a.appId, data: { oaType: 1 } }, '114.114.114.114'))).toBe(ErrorCode.SWITCH_REGION_DENIED);
    const detail = await c.call('applyDetail');
    expect(detail.body.result.oaType).toBe(2); // nothing changed

    // the same settings from a Hong Kong address let the switch through
    await settings(c, { openingLimitType: 2 });
    const ok = await callFrom(c, 'applySwitch', { appId: a.appId, data: { oaType: 1 } }, '203.198.1.1');
    expect(ok.body.error).toBeUndefined();
    expect(ok.body.result.application.clientType).toBe('cn');
  });

  test('with the statement the restricted switch to cn goes through, STATEMENT first; no statements taken → still 151205', async () => {
    const c = await user();
    const a = await start(c, 2);
    await settings(c, { openingLimitType: 3, statementLimitType: 0 });
    expect(errorOf(await c.call('applySwitch', { appId: a.appId, data: { oaType: 1 }, withStatement: 'first' }))).toBe(ErrorCode.SWITCH_REGION_DENIED);
    await settings(c, { openingLimitType: 3, statementLimitType: 1 });
    const ok = await c.call('applySwitch', { appId: a.appId, data: { oaType: 1 }, withStatement: 'first' });
    expect(ok.body.error).toBeUndefined();
    expect(ok.body.result.application.applyStepsName[0]).toBe('STATEMENT');
    expect(ok.body.result.nextStep).toBe('STATEMENT');
  });

  test('ApplyStart for cn follows the same region rule as ApplySwitch: 151205 without the statement from a restrictive area', async () => {
    const c = await user();
    await settings(c, { openingLimitType: 3 });
    expect(errorOf(await c.call('applyStart', { oaType: 1 }))).toBe(ErrorCode.SWITCH_REGION_DENIED);
    await settings(c, { openingLimitType: 2 });
    expect(errorOf(await callFrom(c, 'applyStart', { oaType: 1 }, '1.2.4.8'))).toBe(ErrorCode.SWITCH_REGION_DENIED);
    await settings(c, { openingLimitType: 5 });
    expect(errorOf(await callFrom(c, 'applyStart', { oaType: 1 }, '114.114.114.114'))).toBe(ErrorCode.SWITCH_REGION_DENIED);
    expect(await appCount(c.user!.userId)).toBe(0);
    // hk is never region-denied; 2 from a Hong Kong address passes
    await settings(c, { openingLimitType: 2 });
    const ok = await callFrom(c, 'applyStart', { oaType: 1 }, '203.198.1.1');
    expect(ok.body.error).toBeUndefined();
    expect(ok.body.result.application.clientType).toBe('cn');
  });

  test('ApplyStart for cn from a restrictive area goes through with the statement; no statements taken → always 151205', async () => {
    const c = await user();
    await settings(c, { openingLimitType: 3, statementLimitType: 0 });
    expect(errorOf(await c.call('applyStart', { oaType: 1, withStatement: 'first' }))).toBe(ErrorCode.SWITCH_REGION_DENIED);
    expect(await appCount(c.user!.userId)).toBe(0);
    await settings(c, { openingLimitType: 3, statementLimitType: 1 });
    const ok = await c.call('applyStart', { oaType: 1, withStatement: 'first' });
    expect(ok.body.error).toBeUndefined();
    expect(ok.body.result.nextStep).toBe('STATEMENT');
    const hk = await user();
    await settings(hk, { openingLimitType: 3, statementLimitType: 0 });
    expect((await hk.call('applyStart', { oaType: 2 })).body.error).toBeUndefined();
  });

  test('continuing an existing cn application through ApplyStart applies the region rule too', async () => {
    const c = await user();
    const a = await start(c, 1);
    await settings(c, { openingLimitType: 3 });
    expect(errorOf(await c.call('applyStart', { oaType: 1 }))).toBe(ErrorCode.SWITCH_REGION_DENIED);
    const withIt = await c.call('applyStart', { oaType: 1, withStatement: 'last' });
    expect(withIt.body.error).toBeUndefined();
    expect(withIt.body.result.appId).toBe(a.appId);
    expect(withIt.body.result.application.applyStepsName).toContain('STATEMENT');
    // the application now carries the statement step: continuing needs nothing more
    const again = await c.call('applyStart', { oaType: 1 });
    expect(again.body.error).toBeUndefined();
    await settings(c, { openingLimitType: 3, statementLimitType: 0 });
    expect(errorOf(await c.call('applyStart', { oaType: 1 }))).toBe(ErrorCode.SWITCH_REGION_DENIED);
  });

  test('opening-limit 0 and switching to hk are never region-denied', async () => {
    const c = await user();
    const a = await start(c, 1);
    await settings(c, { openingLimitType: 3 });
    const res = await callFrom(c, 'applySwitch', { appId: a.appId, data: { oaType: 2 } }, '1.2.4.8');
    expect(res.body.result.application.clientType).toBe('hk');
    await settings(c, {});
    const back = await callFrom(c, 'applySwitch', { appId: a.appId, data: { oaType: 1 } }, '1.2.4.8');
    expect(back.body.result.application.clientType).toBe('cn');
  });

  test('another user\'s application → 151301, and it stays as it was', async () => {
    const owner = await user();
    const a = await start(owner, 1);
    const other = await user();
    await start(other, 1);
    expect(errorOf(await other.call('applySwitch', { appId: a.appId, data: { oaType: 2 } }))).toBe(ErrorCode.NO_APPLICATION);
    expect((await owner.call('applyDetail')).body.result.oaType).toBe(1);
  });
});

// ---------------------------------------------------------------- detail

describe('ApplyDetail', () => {
  test('null before starting; the own application after', async () => {
    const c = await user();
    const none = await c.call('applyDetail');
    expect([none.status, none.body.result]).toEqual([200, null]);
    const a = await start(c, 2);
    const own = await c.call('applyDetail');
    expect(own.body.result.appId).toBe(a.appId);
    const byId = await c.call('applyDetail', { appId: a.appId });
    expect(byId.body.result.appId).toBe(a.appId);
  });

  test('another user\'s appId and an unknown appId answer alike (151301): existence is not leaked', async () => {
    const owner = await user();
    const a = await start(owner, 2);
    const other = await user();
    const theirs = await other.call('applyDetail', { appId: a.appId });
    const unknown = await other.call('applyDetail', { appId: 'ZZZZZZZZZZZZZZZZZZZZ' });
    expect(errorOf(theirs)).toBe(ErrorCode.NO_APPLICATION);
    expect([theirs.status, theirs.body.error]).toEqual([unknown.status, unknown.body.error]);
  });
});

// ---------------------------------------------------------------- update

describe('ApplyUpdate', () => {
  test('save moves current, latest and status; a draft moves nothing; latest and status never go back', async () => {
    const c = await user();
    const { appId } = await start(c, 2);

    const draft = await save(c, appId, 'HK_IDCARD', { idNumber: 'A12' }, true);
    expect(draft.body.result.application).toEqual(expect.objectContaining({ currentStep: null, latestStep: null, applyStatus: 1000 }));
    expect(draft.body.result.application.data).toEqual({ drafts: { HK_IDCARD: { idNumber: 'A12' } } });

    const identity = await validStepData(c, 'HK_IDCARD');
    const s1 = await save(c, appId, 'HK_IDCARD', identity);
    expect(s1.body.result.nextStep).toBe('USERINFO');
    expect(s1.body.result.application).toEqual(expect.objectContaining({ currentStep: 'HK_IDCARD', latestStep: 'HK_IDCARD', applyStatus: STEP_STATUS.HK_IDCARD }));
    expect(s1.body.result.application.data).toEqual({ HK_IDCARD: identity }); // its draft is gone

    await saveAll(c, appId, ['USERINFO', 'PROOFADDRESS', 'JOBSTATUS']);
    const back = await save(c, appId, 'USERINFO');
    expect(back.body.result.application).toEqual(expect.objectContaining({ currentStep: 'USERINFO', latestStep: 'JOBSTATUS', applyStatus: STEP_STATUS.JOBSTATUS }));

    const laterDraft = await save(c, appId, 'FINANCE', { part: 1 }, true);
    expect(laterDraft.body.result.application).toEqual(expect.objectContaining({ currentStep: 'USERINFO', latestStep: 'JOBSTATUS', applyStatus: 1020 }));

    const trail = await auditTrail(t.db, { appId, limit: 2 });
    expect(trail.map((a) => [a.action, a.step])).toEqual([['step.draft', 'FINANCE'], ['step.save', 'USERINFO']]);
    expect(JSON.stringify(trail)).not.toContain('taiman@gmail.com'); // the audit never holds the data
    // each entry written with its save (one statement, issue 27): who, when, and what the save made of the status
    const userId = trail[0].user_id;
    expect(trail.map((a) => [a.actor, a.user_id, a.app_id, a.at.getTime(), a.detail])).toEqual([
      [`user:${userId}`, userId, appId, t.clock.now(), { stepVersion: STEP_VERSION, files: 0 }],
      [`user:${userId}`, userId, appId, t.clock.now(), { stepVersion: STEP_VERSION, files: 0, applyStatus: STEP_STATUS.JOBSTATUS }],
    ]);
    // a refused save changes nothing and leaves no entry
    const all = (await auditTrail(t.db, { appId })).length;
    expect(errorOf(await save(c, appId, 'USERINFO', { email: 'not an address' }))).toBe(ErrorCode.INVALID_INPUT);
    expect(await auditTrail(t.db, { appId })).toHaveLength(all);
  });

  test('the last step answers nextStep null (the client submits)', async () => {
    const c = await user();
    const { appId } = await start(c, 2);
    const app = await saveAll(c, appId, STEPS_OF.hk);
    expect(app.latestStep).toBe('SIGNATURE');
    const last = await save(c, appId, 'SIGNATURE');
    expect(last.body.result.nextStep).toBeNull();
  });

  test('a step outside the application\'s list → 151302', async () => {
    const c = await user();
    const { appId } = await start(c, 2);
    expect(errorOf(await save(c, appId, 'IDCARD'))).toBe(ErrorCode.STEP_UNKNOWN);
    expect(errorOf(await save(c, appId, 'STATEMENT'))).toBe(ErrorCode.STEP_UNKNOWN);
  });

  test.each([
    ['a string over 2000 characters', { name: 'x'.repeat(2001) }],
    ['an array over 50 items', { list: Array.from({ length: 51 }, (_, i) => i) }],
    ['nesting deeper than 6', { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } }],
    ['more than 64 KB', { parts: Array.from({ length: 40 }, () => 'y'.repeat(1900)) }],
    ['an ossId that is not a file id', { documentInfo: { front: { ossId: '../../etc/passwd' } } }],
    ['a key over 64 characters', { ['k'.repeat(65)]: 1 }],
  ])('%s → 100400 with issues', async (_name, data) => {
    const c = await user();
    const { appId } = await start(c, 2);
    const res = await save(c, appId, 'HK_IDCARD', data as Record<string, unknown>);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    expect(res.body.error?.data.issues.length).toBeGreaterThan(0);
    expect((await c.call('applyDetail')).body.result.data).toEqual({});
  });

  test('malformed requests → 100400', async () => {
    const c = await user();
    const { appId } = await start(c, 2);
    const base = { appId, stepVersion: STEP_VERSION, currentStep: 'HK_IDCARD', data: {} };
    for (const bad of [
      { ...base, data: ['not', 'an', 'object'] },
      { ...base, data: 'text' },
      { ...base, currentStep: 'NOPE' },
      { ...base, stepVersion: '9.9' },
      { ...base, appId: '../x' },
      { ...base, draft: 'yes' },
      { appId },
    ]) {
      const res = await c.call('applyUpdate', bad);
      expect([JSON.stringify(bad).slice(0, 60), res.body.error?.code]).toEqual([JSON.stringify(bad).slice(0, 60), ErrorCode.INVALID_INPUT]);
    }
  });

  test('a file another user owns (or no one) cannot be referenced: 100403; an own file can', async () => {
    const owner = await user();
    await start(owner, 2);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE id = $1', [owner.user!.userId]);
    expect(rows).toHaveLength(1);
    await t.db.query(
      `INSERT INTO files (oss_id, owner_user_id, category, mime, size, sha256, storage_key, original_name) VALUES
       ('ownerFile01', $1, 'UserInfo', 'image/png', 10, 'x', '00/00000000000000000000000000000000', 'a.png')`,
      [owner.user!.userId],
    );
    const other = await user();
    const { appId } = await start(other, 2);
    const foreign = await save(other, appId, 'HK_IDCARD', { documentInfo: { nonMainlandDocument: [{ ossId: 'ownerFile01' }] } });
    expect([foreign.status, errorOf(foreign)]).toEqual([403, ErrorCode.FORBIDDEN]);
    const ghost = await save(other, appId, 'HK_IDCARD', { deep: { list: [{ x: { ossId: 'noSuchFile1' } }] } }, true);
    expect(errorOf(ghost)).toBe(ErrorCode.FORBIDDEN);

    const ownerApp = (await owner.call('applyDetail')).body.result.appId;
    const ok = await save(owner, ownerApp, 'HK_IDCARD', await hkIdcardData(owner, { documentInfo: { nonMainlandDocument: { front: { ossId: 'ownerFile01', ossCategory: 'UserInfo' } } } }));
    expect(ok.body.error).toBeUndefined();
    const linked = await t.db.query<{ app_id: string }>("SELECT app_id FROM files WHERE oss_id = 'ownerFile01'");
    expect(linked.rows[0].app_id).toBe(ownerApp);
  });

  test('another user\'s application → 151301', async () => {
    const owner = await user();
    const { appId } = await start(owner, 2);
    const other = await user();
    expect(errorOf(await save(other, appId, 'HK_IDCARD'))).toBe(ErrorCode.NO_APPLICATION);
  });
});

// ---------------------------------------------------------------- submit, lock, reject

describe('ApplySubmit and the lock', () => {
  test('refused (100400) until every step is saved', async () => {
    const c = await user();
    const { appId } = await start(c, 2);
    await saveAll(c, appId, STEPS_OF.hk.slice(0, 5));
    const res = await c.call('applySubmit', { appId });
    expect(errorOf(res)).toBe(ErrorCode.INVALID_INPUT);
    expect(res.body.error?.data.issues[0]).toEqual({ path: 'steps.INVESTMENT', message: 'required' });
  });

  test('submitted: status 1200, then every edit is refused with 151300; a reject reopens only its steps', async () => {
    const c = await user();
    const { appId } = await start(c, 2, { aecode: 'AE9' });
    await saveAll(c, appId, STEPS_OF.hk);
    const sub = await c.call('applySubmit', { appId, channel: 'app' });
    expect(sub.body.result.application).toEqual(expect.objectContaining({ applyStatus: 1200, aecode: 'AE9', channel: 'app' }));

    expect(errorOf(await save(c, appId, 'USERINFO'))).toBe(ErrorCode.APPLICATION_LOCKED);
    expect(errorOf(await save(c, appId, 'USERINFO', { d: 1 }, true))).toBe(ErrorCode.APPLICATION_LOCKED);
    // submitting again answers the application as it is (idempotent)
    expect((await c.call('applySubmit', { appId })).body.result.application.applyStatus).toBe(1200);
    expect(errorOf(await c.call('applySwitch', { appId, data: { oaType: 1 } }))).toBe(ErrorCode.APPLICATION_LOCKED);

    await runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, 'reject', { appId, steps: ['USERINFO', 'PROOFADDRESS'], message: 'Address proof unreadable' });
    const detail = (await c.call('applyDetail')).body.result as ApplicationView;
    expect(detail.applyStatus).toBe(1900);
    expect(detail.rejectData).toEqual({ steps: ['USERINFO', 'PROOFADDRESS'], message: 'Address proof unreadable', fixed: [] });

    const fix = await save(c, appId, 'USERINFO');
    expect(fix.body.error).toBeUndefined();
    expect(fix.body.result.application.applyStatus).toBe(1900); // never lowered by a save
    expect(errorOf(await save(c, appId, 'HK_IDCARD'))).toBe(ErrorCode.APPLICATION_LOCKED);
    expect(errorOf(await c.call('applySwitch', { appId, data: { oaType: 1 } }))).toBe(ErrorCode.APPLICATION_LOCKED);

    const again = await c.call('applySubmit', { appId });
    expect(again.body.result.application).toEqual(expect.objectContaining({ applyStatus: 1200, rejectData: null }));
    expect(errorOf(await save(c, appId, 'USERINFO'))).toBe(ErrorCode.APPLICATION_LOCKED);
  });

  test('an opened account (client status 31) is locked', async () => {
    const c = await user();
    const { appId } = await start(c, 2);
    await saveAll(c, appId, STEPS_OF.hk);
    await c.call('applySubmit', { appId });
    await runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, 'approve', { appId });
    expect(errorOf(await save(c, appId, 'USERINFO'))).toBe(ErrorCode.APPLICATION_LOCKED);
  });
});

// ---------------------------------------------------------------- statement step

describe('ApplyStatementStep', () => {
  test('cn: adds STATEMENT first or last, never twice', async () => {
    const c = await user();
    const { appId } = await start(c, 1);
    const last = await c.call('applyStatementStep', { appId, position: 'last' });
    expect(last.body.result.application.applyStepsName).toEqual([...STEPS_OF.cn, 'STATEMENT']);
    const first = await c.call('applyStatementStep', { appId, position: 'first' });
    expect(first.body.result.application.applyStepsName).toEqual(['STATEMENT', ...STEPS_OF.cn]);
  });

  test('hk → 100400; another user\'s → 151301', async () => {
    const c = await user();
    const { appId } = await start(c, 2);
    expect(errorOf(await c.call('applyStatementStep', { appId, position: 'last' }))).toBe(ErrorCode.INVALID_INPUT);
    const other = await user();
    expect(errorOf(await other.call('applyStatementStep', { appId, position: 'last' }))).toBe(ErrorCode.NO_APPLICATION);
  });
});

// ---------------------------------------------------------------- area type and application check

describe('AccountOpeningAreaType and ApplyCheck', () => {
  test('area type: deployment settings, overridden per user', async () => {
    const c = await user();
    const def = await c.call('areaType');
    expect(def.body.result).toEqual({ openingLimitType: 0, statementLimitType: 1, statementSkipType: '0' });
    await settings(c, { openingLimitType: 5, statementSkipType: '1' });
    const own = await c.call('areaType');
    expect(own.body.result).toEqual({ openingLimitType: 5, statementLimitType: 1, statementSkipType: '1' });
  });

  test('area type from the deployment configuration', async () => {
    const other = await createTestApp({ env: { AREA_OPENING_LIMIT_TYPE: '3', AREA_STATEMENT_LIMIT_TYPE: '0', AREA_STATEMENT_SKIP_TYPE: '1' } });
    try {
      const c = await other.login('61234567');
      expect((await c.call('areaType')).body.result).toEqual({ openingLimitType: 3, statementLimitType: 0, statementSkipType: '1' });
      await setUserSettings(other.db, c.user!.userId, { statementLimitType: 1 });
      expect((await c.call('areaType')).body.result).toEqual({ openingLimitType: 3, statementLimitType: 1, statementSkipType: '1' });
    } finally {
      await other.close();
    }
  });

  test('application check: ok, 151000 (organisation), 151100 with the partner site', async () => {
    const c = await user();
    expect((await c.call('applyCheck')).body.result).toEqual({ ok: true });
    await settings(c, { check: 151000 });
    expect(errorOf(await c.call('applyCheck'))).toBe(ErrorCode.FROM_ORGANISATION);
    await settings(c, { check: 151100, partnerUrl: 'https://partner.example/open' });
    const partner = await c.call('applyCheck');
    expect(partner.body.error).toEqual(expect.objectContaining({ code: ErrorCode.FROM_PARTNER, data: { url: 'https://partner.example/open' } }));
  });
});
