/**
 * The review desk's staff (issue 28) on a real migrated database: accounts made by ops, sign-in with a password and
 * an authenticator code (TOTP), the lock after wrong tries, the staff session's own cookie and limits, the role
 * checks, and claims that keep two reviewers off the same application.
 */
import { generate } from 'otplib';
import { CALLS, DEVICE_COOKIE, ErrorCode, STAFF_COOKIE, STAFF_LIMITS, STAFF_PREFIX, STEPS_OF, STEP_VERSION, type CallName } from '@core/domain';
import { checkParams, parseArgv } from '../src/ops/framework';
import { findCommand } from '../src/ops/commands';
import { runCommand } from '../src/ops/run';
import { errorMessage } from '../src/i18n';
import type { NewStaff } from '../src/modules/staff/service';
import { LiveHub } from '../src/modules/live/hub';
import { saveReading } from '../src/modules/ocr/repository';
import { HOUR, MINUTE, TestClient, createTestApp, type TestApp } from './helpers';
import { saveStep, uploadRef, validStepData } from './step-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function ops(argv: string[]): Promise<unknown> {
  const [name, ...rest] = argv;
  const cmd = findCommand(name)!;
  const params = checkParams(cmd, cmd.parse(parseArgv(rest)));
  return runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, name, params);
}

let seq = 0;
async function newStaff(role: 'reviewer' | 'approver' | 'admin', name = `Staff ${seq + 1}`): Promise<NewStaff> {
  return (await ops(['staff-create', `staff${++seq}`, '--role', role, '--name', name])) as NewStaff;
}

/** the authenticator's code at the test clock (optionally some 30-second steps later) */
const codeOf = (s: NewStaff, stepsLater = 0) => generate({ secret: s.totpSecret, epoch: Math.floor(t.clock.now() / 1000) + stepsLater * 30 });

interface Desk {
  cookie?: string;
}

async function plain(name: CallName, desk: Desk, input: Record<string, unknown> = {}, extraCookie?: string) {
  const def = CALLS[name];
  const cookies = [desk.cookie ? `${STAFF_COOKIE}=${desk.cookie}` : '', extraCookie ?? ''].filter(Boolean).join('; ');
  const res = await t.app.inject({
    method: def.method,
    url: def.method === 'GET' ? `${def.path}?${new URLSearchParams(input as Record<string, string>)}` : def.path,
    ...(def.method === 'POST' ? { payload: input } : {}),
    headers: cookies ? { cookie: cookies } : {},
  });
  const set = res.cookies.find((c) => c.name === STAFF_COOKIE);
  if (set) desk.cookie = set.value || undefined;
  return { status: res.statusCode, body: res.json() as { result?: any; error?: { code: number; data?: any } }, cookie: set }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function signedIn(s: NewStaff): Promise<Desk> {
  const desk: Desk = {};
  const r = await plain('staffSignIn', desk, { login: s.staff.login, password: s.password, code: await codeOf(s) });
  expect(r.body.error).toBeUndefined();
  // the next sign-in of the same member needs a later code
  t.clock.advance(30_000);
  return desk;
}

let phones = 0;
/** a submitted application (a margin account, as the samples choose, unless `cash`) */
async function submitted(oaType: 1 | 2 = 2, o: { cash?: boolean } = {}): Promise<{ c: TestClient; appId: string }> {
  const c = await t.login(`9${String(7000000 + ++phones)}`);
  const appId = (await c.call('applyStart', { oaType })).body.result.appId as string;
  for (const step of oaType === 2 ? STEPS_OF.hk : STEPS_OF.cn) {
    let data = await validStepData(c, step, appId);
    if (step === 'SELECTACCOUNT' && o.cash) data = { ...data, accountType: 1 };
    const res = await c.call('applyUpdate', { appId, stepVersion: STEP_VERSION, currentStep: step, data });
    expect(res.body.error).toBeUndefined();
  }
  expect((await c.call('applySubmit', { appId })).body.result.application.applyStatus).toBe(1200);
  return { c, appId };
}

describe('staff accounts and sign-in', () => {
  test('ops makes an account with a one-time password and an authenticator secret; the password is kept only as a salted scrypt hash', async () => {
    const s = await newStaff('admin', 'Ada Admin');
    expect(s.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(s.totpUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const { rows } = await t.db.query<{ password_hash: string; totp_secret_sealed: string }>('SELECT password_hash, totp_secret_sealed FROM staff WHERE login = $1', [s.staff.login]);
    expect(rows[0].password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(rows[0].password_hash).not.toContain(s.password);
    expect(rows[0].totp_secret_sealed).not.toContain(s.totpSecret);
    await expect(ops(['staff-create', s.staff.login, '--role', 'reviewer', '--name', 'Again'])).rejects.toThrow(/taken/);
  });

  test('the right password and code open a session: its own cookie, on the desk prefix only, httpOnly and SameSite strict', async () => {
    const s = await newStaff('reviewer', 'Rita Reviewer');
    const desk: Desk = {};
    const r = await plain('staffSignIn', desk, { login: s.staff.login, password: s.password, code: await codeOf(s) });
    expect(r.body.result.staff).toEqual({ staffId: s.staff.staffId, login: s.staff.login, displayName: 'Rita Reviewer', role: 'reviewer' });
    expect(r.cookie).toMatchObject({ path: STAFF_PREFIX, httpOnly: true, sameSite: 'Strict' });
    expect(r.cookie!.maxAge).toBe(STAFF_LIMITS.sessionAbsoluteHours * 3600);
    expect((await plain('staffMe', desk)).body.result.login).toBe(s.staff.login);
    // signed out: the cookie is cleared and the session gone
    expect((await plain('staffSignOut', desk)).body.result).toEqual({ ok: true });
    expect((await plain('staffMe', { cookie: r.cookie!.value })).body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
  });

  test('a wrong password, a wrong code and an unknown login get the same answer; five wrong tries lock the account for a while', async () => {
    const s = await newStaff('reviewer');
    const desk: Desk = {};
    const wrongPassword = await plain('staffSignIn', desk, { login: s.staff.login, password: 'not the password', code: await codeOf(s) });
    const wrongCode = await plain('staffSignIn', desk, { login: s.staff.login, password: s.password, code: (await codeOf(s)) === '000000' ? '111111' : '000000' });
    const unknown = await plain('staffSignIn', desk, { login: 'nobody.here', password: s.password, code: '123456' });
    expect([wrongPassword.status, wrongPassword.body.error?.code, wrongPassword.body.error?.data]).toEqual([401, ErrorCode.STAFF_SIGN_IN_FAILED, { triesLeft: 4 }]);
    expect([wrongCode.status, wrongCode.body.error?.code, wrongCode.body.error?.data]).toEqual([401, ErrorCode.STAFF_SIGN_IN_FAILED, { triesLeft: 3 }]);
    expect([unknown.status, unknown.body.error?.code]).toEqual([401, ErrorCode.STAFF_SIGN_IN_FAILED]);
    for (let i = 0; i < 2; i++) await plain('staffSignIn', desk, { login: s.staff.login, password: 'wrong again', code: '123456' });
    const locked = await plain('staffSignIn', desk, { login: s.staff.login, password: 'wrong again', code: '123456' });
    expect([locked.status, locked.body.error?.code, locked.body.error?.data]).toEqual([429, ErrorCode.STAFF_LOCKED, { retryAfterSeconds: STAFF_LIMITS.lockMinutes * 60 }]);
    // locked: even the right password and code wait
    expect((await plain('staffSignIn', desk, { login: s.staff.login, password: s.password, code: await codeOf(s) })).body.error?.code).toBe(ErrorCode.STAFF_LOCKED);
    t.clock.advance(STAFF_LIMITS.lockMinutes * MINUTE);
    expect((await plain('staffSignIn', desk, { login: s.staff.login, password: s.password, code: await codeOf(s) })).body.error).toBeUndefined();
    const { rows } = await t.db.query<{ action: string }>("SELECT action FROM audit_log WHERE actor = $1 AND action LIKE 'staff.signIn%' ORDER BY id", [`staff:${s.staff.staffId}`]);
    expect(rows.map((r) => r.action)).toEqual(['staff.signIn.wrong', 'staff.signIn.wrong', 'staff.signIn.wrong', 'staff.signIn.wrong', 'staff.signIn.locked', 'staff.signIn']);
  });

  test("a code is taken once: the same code again (someone who saw it) is refused, the next step's is taken", async () => {
    const s = await newStaff('reviewer');
    const code = await codeOf(s);
    expect((await plain('staffSignIn', {}, { login: s.staff.login, password: s.password, code })).body.error).toBeUndefined();
    expect((await plain('staffSignIn', {}, { login: s.staff.login, password: s.password, code })).body.error?.code).toBe(ErrorCode.STAFF_SIGN_IN_FAILED);
    // a code one step ahead (a phone's clock a little fast) is taken; one three steps off is not
    expect((await plain('staffSignIn', {}, { login: s.staff.login, password: s.password, code: await codeOf(s, 3) })).body.error?.code).toBe(ErrorCode.STAFF_SIGN_IN_FAILED);
    expect((await plain('staffSignIn', {}, { login: s.staff.login, password: s.password, code: await codeOf(s, 1) })).body.error).toBeUndefined();
  });

  test('a staff session ends after its idle time and at its absolute end; a disabled member is signed out', async () => {
    const s = await newStaff('reviewer');
    const desk = await signedIn(s);
    t.clock.advance(STAFF_LIMITS.sessionIdleMinutes * MINUTE + 1000);
    expect((await plain('staffMe', desk)).body.error?.code).toBe(ErrorCode.SESSION_IDLE);

    const busy = await signedIn(s);
    for (let h = 0; h < STAFF_LIMITS.sessionAbsoluteHours; h++) {
      for (let m = 0; m < 60; m += 10) {
        t.clock.advance(10 * MINUTE);
        if (h * 60 + m + 10 < STAFF_LIMITS.sessionAbsoluteHours * 60) expect((await plain('staffMe', busy)).body.error).toBeUndefined();
      }
    }
    expect((await plain('staffMe', busy)).body.error?.code).toBe(ErrorCode.SESSION_ABSOLUTE);

    const again = await signedIn(s);
    await ops(['staff-disable', s.staff.login]);
    expect((await plain('staffMe', again)).body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
    expect((await plain('staffSignIn', {}, { login: s.staff.login, password: s.password, code: await codeOf(s) })).body.error?.code).toBe(ErrorCode.STAFF_SIGN_IN_FAILED);
  });

  test('the last admin cannot be disabled', async () => {
    const admins = (await t.db.query<{ login: string }>("SELECT login FROM staff WHERE role = 'admin' AND disabled_at IS NULL")).rows;
    for (const a of admins.slice(1)) await ops(['staff-disable', a.login]);
    await expect(ops(['staff-disable', admins[0].login])).rejects.toThrow(/last admin/);
  });
});

describe('the desk and the applicant sessions stay apart', () => {
  test("an applicant's session gets nothing from a staff call, and a staff cookie is no applicant session", async () => {
    const applicant = await t.login('97999001');
    const asApplicant = await plain('staffQueue', {}, {}, `esop_sid=${applicant.cookie}`);
    expect([asApplicant.status, asApplicant.body.error?.code]).toEqual([401, ErrorCode.LOGIN_EXPIRED]);
    const s = await newStaff('admin');
    const desk = await signedIn(s);
    const res = await t.app.inject({ method: 'GET', url: CALLS.userInfo.path, headers: { cookie: `${STAFF_COOKIE}=${desk.cookie}` } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(res.json())).not.toContain(s.staff.login);
  });
});

describe('the queue and claims', () => {
  test('submitted applications are in the queue, oldest first, with their counts, and filtered', async () => {
    const hk = await submitted(2);
    t.clock.advance(HOUR);
    const cn = await submitted(1);
    const desk = await signedIn(await newStaff('reviewer'));
    const all = await plain('staffQueue', desk, {});
    const ids = all.body.result.rows.map((r: { appId: string }) => r.appId);
    expect(ids.indexOf(hk.appId)).toBeLessThan(ids.indexOf(cn.appId));
    expect(all.body.result.counts['1200']).toBeGreaterThanOrEqual(2);
    const row = all.body.result.rows.find((r: { appId: string }) => r.appId === hk.appId);
    expect(row).toMatchObject({ clientType: 'hk', applyStatus: 1200, claimedBy: null, firstApprovalBy: null, accountType: expect.any(Number) });
    expect(row.phone).toMatch(/^\+852 \d{2}\*{4}\d+$/);
    const onlyCn = await plain('staffQueue', desk, { clientType: 'cn' });
    expect(onlyCn.body.result.rows.every((r: { clientType: string }) => r.clientType === 'cn')).toBe(true);
    expect(onlyCn.body.result.rows.map((r: { appId: string }) => r.appId)).toContain(cn.appId);
    const old = await plain('staffQueue', desk, { minAgeHours: '1' });
    expect(old.body.result.rows.map((r: { appId: string }) => r.appId)).toEqual(expect.arrayContaining([hk.appId]));
    expect(old.body.result.rows.map((r: { appId: string }) => r.appId)).not.toContain(cn.appId);
    const bad = await plain('staffQueue', desk, { status: 'x' });
    expect(bad.body.error?.code).toBe(ErrorCode.INVALID_INPUT);
  });

  test('one reviewer at a time: a claimed application is refused to another, given back, taken over when stale, released by an admin', async () => {
    const { appId } = await submitted(2);
    const rita = await newStaff('reviewer', 'Rita');
    const rob = await newStaff('reviewer', 'Rob');
    const admin = await newStaff('admin', 'Ada');
    const [r1, r2, ad] = [await signedIn(rita), await signedIn(rob), await signedIn(admin)];
    const claimed = await plain('staffClaim', r1, { appId });
    expect(claimed.body.result.claimedBy).toEqual({ staffId: rita.staff.staffId, displayName: 'Rita' });
    const refused = await plain('staffClaim', r2, { appId });
    expect([refused.status, refused.body.error?.code, refused.body.error?.data]).toEqual([409, ErrorCode.CASE_CLAIMED, { by: 'Rita' }]);
    expect((await plain('staffRelease', r2, { appId })).body.error?.code).toBe(ErrorCode.CASE_CLAIMED);
    const mine = await plain('staffQueue', r1, { mine: 'true' });
    expect(mine.body.result.rows.map((r: { appId: string }) => r.appId)).toEqual([appId]);
    expect((await plain('staffRelease', r1, { appId })).body.result).toEqual({ ok: true });
    expect((await plain('staffClaim', r2, { appId })).body.result.claimedBy.displayName).toBe('Rob');
    // an admin gives it back to the queue
    expect((await plain('staffRelease', ad, { appId })).body.result).toEqual({ ok: true });
    expect((await plain('staffClaim', r1, { appId })).body.result.claimedBy.displayName).toBe('Rita');
    // a claim left untouched for claimHours goes to whoever claims next (keep Rob's session alive meanwhile)
    for (let h = 0; h < STAFF_LIMITS.claimHours; h++) for (let m = 0; m < 60; m += 10) {
      t.clock.advance(10 * MINUTE);
      await plain('staffMe', r2);
    }
    expect((await plain('staffClaim', r2, { appId })).body.result.claimedBy.displayName).toBe('Rob');
    expect((await plain('staffClaim', r2, { appId: 'nosuchapplication' })).body.error?.code).toBe(ErrorCode.NOT_FOUND);
  });

  test('two reviewers claiming at once: exactly one holds the application', async () => {
    const { appId } = await submitted(2);
    const desks = await Promise.all([newStaff('reviewer'), newStaff('reviewer'), newStaff('reviewer')].map(async (p) => signedIn(await p)));
    const results = await Promise.all(desks.map((d) => plain('staffClaim', d, { appId })));
    expect(results.filter((r) => r.body.result).length).toBe(1);
    expect(results.filter((r) => r.body.error?.code === ErrorCode.CASE_CLAIMED).length).toBe(2);
  });
});

describe('the case and decisions', () => {
  test("the case shows the data, the files named by the steps, the AML screening, duplicates and history; its files open for staff only, audited", async () => {
    const first = await submitted(1);
    const { c, appId } = await submitted(1);
    const desk = await signedIn(await newStaff('reviewer', 'Rita'));
    const res = await plain('staffCase', desk, { appId });
    expect(res.body.error).toBeUndefined();
    const k = res.body.result;
    expect(k.application).toMatchObject({ appId, clientType: 'cn', applyStatus: 1200 });
    expect(k.applicant.phone).toMatch(/^\+852 9\d{7}$/);
    void c;
    expect(k.files.map((f: { step: string }) => f.step)).toEqual(expect.arrayContaining(['IDCARD', 'SIGNATURE', 'DOCUMENTS']));
    expect(k.aml.length).toBeGreaterThanOrEqual(1);
    expect(k.duplicates).toEqual(expect.arrayContaining([{ signal: 'bankCard', appId: first.appId, applyStatus: 1200 }]));
    expect(k.history.map((h: { kind: string }) => h.kind)).toContain('submit');
    expect(k.fourEyes).toBe(true);
    const file = k.files.find((f: { step: string }) => f.step === 'IDCARD');
    const bytes = await t.app.inject({ method: 'GET', url: `${CALLS.staffFile.path}?appId=${appId}&ossId=${file.ossId}`, headers: { cookie: `${STAFF_COOKIE}=${desk.cookie}` } });
    expect([bytes.statusCode, bytes.headers['content-type'], bytes.headers['cache-control']]).toEqual([200, file.mime, 'no-store']);
    // a file of another applicant, through this application: not found
    const other = (await plain('staffCase', desk, { appId: first.appId })).body.result.files[0];
    const cross = await plain('staffFile', desk, { appId, ossId: other.ossId });
    expect(cross.body.error?.code).toBe(ErrorCode.NOT_FOUND);
    // without a staff session: nothing
    expect((await t.app.inject({ method: 'GET', url: `${CALLS.staffFile.path}?appId=${appId}&ossId=${file.ossId}` })).statusCode).toBe(401);
    const { rows } = await t.db.query<{ action: string }>("SELECT action FROM audit_log WHERE app_id = $1 AND action LIKE 'staff.%' ORDER BY id", [appId]);
    expect(rows.map((r) => r.action)).toEqual(['staff.case.view', 'staff.file.view']);
  });

  test('a decision needs the claim: send steps back with a reason and a message, which the applicant sees', async () => {
    const { c, appId } = await submitted(2);
    const rita = await signedIn(await newStaff('reviewer', 'Rita'));
    const sendBack = { appId, action: 'sendBack', steps: ['USERINFO'], reason: 'documentUnclear', message: 'Please type your English name as on your ID card.' };
    expect((await plain('staffDecide', rita, sendBack)).body.error?.code).toBe(ErrorCode.CASE_NOT_CLAIMED);
    await plain('staffClaim', rita, { appId });
    const res = await plain('staffDecide', rita, sendBack);
    expect(res.body.result.application).toMatchObject({ applyStatus: 1900, rejectData: { steps: ['USERINFO'], message: sendBack.message } });
    const seen = (await c.call('applyDetail')).body.result;
    expect(seen.rejectData.steps).toEqual(['USERINFO']);
    // the reviewer keeps the claim while the applicant corrects (the correction comes back to her); the event says who and why
    expect((await plain('staffCase', rita, { appId })).body.result.claimedBy).toMatchObject({ displayName: 'Rita' });
    const { rows } = await t.db.query<{ actor: string; kind: string; detail: Record<string, unknown> }>('SELECT actor, kind, detail FROM application_events WHERE app_id = $1 ORDER BY id DESC LIMIT 1', [appId]);
    expect(rows[0]).toMatchObject({ kind: 'reject', detail: { reason: 'documentUnclear', steps: ['USERINFO'] } });
    expect(rows[0].actor).toMatch(/^staff:/);
    // the history names the staff member; the claim is in the desk's activity
    const seenByDesk = (await plain('staffCase', rita, { appId })).body.result;
    expect(seenByDesk.staffNames[rows[0].actor]).toBe('Rita');
    expect(seenByDesk.activity).toEqual([{ at: expect.any(String), action: 'claim', by: 'Rita' }]);
    // a step the application does not have is refused by the schema; a decision the state does not allow, by the service
    await plain('staffClaim', rita, { appId });
    expect((await plain('staffDecide', rita, { ...sendBack, steps: ['NOSUCH'] })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    // the lifecycle's refusal: its code with the request's language's text (no ops wording), the refusal as data
    expect((await plain('staffDecide', rita, sendBack)).body.error).toEqual({ code: ErrorCode.CASE_STATE, message: errorMessage(ErrorCode.CASE_STATE, 'zh-CN'), data: { reason: 'notUnderReview', status: 1900 } });
  });

  test('four eyes: a margin account needs a second approval, by another person who is an approver', async () => {
    const { c, appId } = await submitted(2);
    const rita = await signedIn(await newStaff('reviewer', 'Rita'));
    const rob = await signedIn(await newStaff('reviewer', 'Rob'));
    const alice = await signedIn(await newStaff('approver', 'Alice'));
    await plain('staffClaim', rita, { appId });
    const firstTime = await plain('staffDecide', rita, { appId, action: 'approve', note: 'documents fine' });
    expect(firstTime.body.result).toMatchObject({ waitingForSecond: true, application: { applyStatus: 1200 } });
    const row = (await plain('staffQueue', rita, {})).body.result.rows.find((r: { appId: string }) => r.appId === appId);
    expect(row).toMatchObject({ claimedBy: null, firstApprovalBy: { displayName: 'Rita' } });
    // the same person again, and a reviewer: refused
    await plain('staffClaim', rita, { appId });
    expect((await plain('staffDecide', rita, { appId, action: 'approve' })).body.error).toMatchObject({ code: ErrorCode.FOUR_EYES, data: { reason: 'samePerson' } });
    await plain('staffRelease', rita, { appId });
    await plain('staffClaim', rob, { appId });
    expect((await plain('staffDecide', rob, { appId, action: 'approve' })).body.error).toMatchObject({ code: ErrorCode.FOUR_EYES, data: { reason: 'role' } });
    await plain('staffRelease', rob, { appId });
    await plain('staffClaim', alice, { appId });
    const opened = await plain('staffDecide', alice, { appId, action: 'approve' });
    expect(opened.body.result).toMatchObject({ waitingForSecond: false, application: { applyStatus: 4000 } });
    expect((await c.call('applyDetail')).body.result.applyStatus).toBe(4000);
    const { rows } = await t.db.query<{ kind: string; detail: Record<string, unknown> }>('SELECT kind, detail FROM application_events WHERE app_id = $1 ORDER BY id', [appId]);
    expect(rows.map((r) => r.kind).slice(-2)).toEqual(['first-approval', 'approve']);
    expect(rows[rows.length - 1].detail.firstApprovalBy).toBeTruthy();
    expect((await plain('staffCase', alice, { appId })).body.result.firstApproval).toBeNull();
  });

  test('a cash account without an AML hit is opened by one reviewer; closing ends an application for good', async () => {
    const cash = await submitted(2, { cash: true });
    const rita = await signedIn(await newStaff('reviewer', 'Rita'));
    await plain('staffClaim', rita, { appId: cash.appId });
    expect((await plain('staffCase', rita, { appId: cash.appId })).body.result.fourEyes).toBe(false);
    expect((await plain('staffDecide', rita, { appId: cash.appId, action: 'approve' })).body.result).toMatchObject({ waitingForSecond: false, application: { applyStatus: 4000 } });

    const other = await submitted(2);
    await plain('staffClaim', rita, { appId: other.appId });
    const closed = await plain('staffDecide', rita, { appId: other.appId, action: 'close', reason: 'duplicate', message: 'You hold an account with us already.' });
    expect(closed.body.result.application.applyStatus).toBe(5000);
    await plain('staffClaim', rita, { appId: other.appId });
    expect((await plain('staffDecide', rita, { appId: other.appId, action: 'approve' })).body.error).toMatchObject({ code: ErrorCode.CASE_STATE, data: { reason: 'closed' } });
  });

  test('what ops does the desk does: the professional-investor wait (1500) and back, the deposit and the stock transfer-in, each seen by the applicant', async () => {
    const { c, appId } = await submitted(2, { cash: true });
    const rita = await signedIn(await newStaff('reviewer', 'Rita'));
    await plain('staffClaim', rita, { appId });
    const wait = await plain('staffDecide', rita, { appId, action: 'status', status: 1500 });
    expect(wait.body.result.application.applyStatus).toBe(1500);
    // a review status other than 1200 and 1500 is refused by its shape, the same status by the state
    expect((await plain('staffDecide', rita, { appId, action: 'status', status: 3000 })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    await plain('staffClaim', rita, { appId });
    expect((await plain('staffDecide', rita, { appId, action: 'status', status: 1500 })).body.error).toMatchObject({ code: ErrorCode.CASE_STATE, data: { reason: 'reviewStatusMove', from: 1500, to: 1500 } });

    // a deposit that needs a change says why; the applicant reads it
    expect((await plain('staffDecide', rita, { appId, action: 'deposit', cashInStatus: 2020 })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    expect((await plain('staffDecide', rita, { appId, action: 'deposit', cashInStatus: 1999 })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    const fix = await plain('staffDecide', rita, { appId, action: 'deposit', cashInStatus: 2020, message: 'The amount did not match.' });
    expect(fix.body.result.application).toMatchObject({ cashInStatus: 2020, cashInData: { message: 'The amount did not match.' } });
    // the funding states keep the claim
    expect((await plain('staffDecide', rita, { appId, action: 'stock', stockStatus: 3 })).body.result.application.stockStatus).toBe(3);
    expect((await plain('staffDecide', rita, { appId, action: 'deposit', cashInStatus: 2000 })).body.result.application).toMatchObject({ cashInStatus: 2000, cashInData: null });
    const seen = (await c.call('applyDetail', { appId })).body.result;
    expect(seen).toMatchObject({ applyStatus: 1500, cashInStatus: 2000, stockStatus: 3 });
    const kinds = (await plain('staffCase', rita, { appId })).body.result.history.map((h: { kind: string; actor: string }) => `${h.kind} ${h.actor.split(':')[0]}`);
    expect(kinds).toEqual(expect.arrayContaining(['status staff', 'deposit staff', 'stock staff']));
    // and back under review
    expect((await plain('staffDecide', rita, { appId, action: 'status', status: 1200 })).body.result.application.applyStatus).toBe(1200);

    // a closed application takes no funding state
    const other = await submitted(2);
    await plain('staffClaim', rita, { appId: other.appId });
    await plain('staffDecide', rita, { appId: other.appId, action: 'close', reason: 'other', message: 'Closed at your request.' });
    await plain('staffClaim', rita, { appId: other.appId });
    expect((await plain('staffDecide', rita, { appId: other.appId, action: 'deposit', cashInStatus: 2000 })).body.error).toMatchObject({ code: ErrorCode.CASE_STATE, data: { reason: 'fundingNotOpen', status: 5000 } });
  });
});

describe('what the OCR read', () => {
  test('the case shows what the OCR read from the ID card beside what was saved, the applicant’s change marked', async () => {
    const { appId } = await submitted(1);
    const app = await t.db.query<{ user_id: string; data: { IDCARD: { chineseName: string; idNumber: string; documentInfo: { idCard: { front: { ossId: string } } } } } }>(
      'SELECT user_id, data FROM applications WHERE app_id = $1',
      [appId],
    );
    const { user_id: userId, data } = app.rows[0];
    await saveReading(t.db, { ossId: data.IDCARD.documentInfo.idCard.front.ossId, userId, kind: 'idcardFront', fields: { name: '张二', idNumber: data.IDCARD.idNumber, gender: 0, birthday: '' } }, new Date(t.clock.now()));
    const rita = await signedIn(await newStaff('reviewer', 'Rita'));
    const ocr = (await plain('staffCase', rita, { appId })).body.result.ocr;
    expect(ocr).toEqual([
      { step: 'IDCARD', field: 'chineseName', read: '张二', saved: data.IDCARD.chineseName, changed: data.IDCARD.chineseName !== '张二' },
      { step: 'IDCARD', field: 'idNumber', read: data.IDCARD.idNumber, saved: data.IDCARD.idNumber, changed: false },
    ]);
  });
});

describe('what the OCR read from an HKID (issue 41)', () => {
  test('the number is compared on HK_IDCARD, the names, birth date and sex on USERINFO', async () => {
    const { appId } = await submitted(2);
    const app = await t.db.query<{ user_id: string; data: { HK_IDCARD: { idNumber: string; documentInfo: { nonMainlandDocument: { front: { ossId: string } } } }; USERINFO: Record<string, unknown> } }>(
      'SELECT user_id, data FROM applications WHERE app_id = $1',
      [appId],
    );
    const { user_id: userId, data } = app.rows[0];
    const user = data.USERINFO;
    const fields = { idNumber: data.HK_IDCARD.idNumber, lastName: String(user.lastName), firstName: 'SOMEONE ELSE', chineseName: '', birthday: String(user.birthday), gender: user.gender };
    await saveReading(t.db, { ossId: data.HK_IDCARD.documentInfo.nonMainlandDocument.front.ossId, userId, kind: 'hkidFront', fields }, new Date(t.clock.now()));
    const rita = await signedIn(await newStaff('reviewer', 'Rhea'));
    const ocr = (await plain('staffCase', rita, { appId })).body.result.ocr;
    expect(ocr).toEqual([
      { step: 'HK_IDCARD', field: 'idNumber', read: data.HK_IDCARD.idNumber, saved: data.HK_IDCARD.idNumber, changed: false },
      { step: 'USERINFO', field: 'lastName', read: user.lastName, saved: user.lastName, changed: false },
      { step: 'USERINFO', field: 'firstName', read: 'SOMEONE ELSE', saved: user.firstName, changed: true },
      { step: 'USERINFO', field: 'birthday', read: user.birthday, saved: user.birthday, changed: false },
      { step: 'USERINFO', field: 'gender', read: String(user.gender), saved: String(user.gender), changed: false },
    ]);
  });
});

describe("what the OCR read from a passport's zone (issue 41)", () => {
  test('the number and issuing country are compared on HK_IDCARD, the names, birth date and sex on USERINFO', async () => {
    const { appId } = await submitted(2);
    const app = await t.db.query<{ user_id: string; data: { HK_IDCARD: { idNumber: string; idCountry: string; documentInfo: { nonMainlandDocument: { front: { ossId: string } } } }; USERINFO: Record<string, unknown> } }>(
      'SELECT user_id, data FROM applications WHERE app_id = $1',
      [appId],
    );
    const { user_id: userId, data } = app.rows[0];
    const user = data.USERINFO;
    const fields = { idNumber: 'X0000000', issuingCountry: data.HK_IDCARD.idCountry, nationality: 'GB', lastName: String(user.lastName), firstName: String(user.firstName), birthday: String(user.birthday), gender: user.gender, expiry: '2031-09-30' };
    await saveReading(t.db, { ossId: data.HK_IDCARD.documentInfo.nonMainlandDocument.front.ossId, userId, kind: 'passport', fields }, new Date(t.clock.now()));
    const rita = await signedIn(await newStaff('reviewer', 'Rhea'));
    const ocr = (await plain('staffCase', rita, { appId })).body.result.ocr;
    expect(ocr).toEqual([
      { step: 'HK_IDCARD', field: 'idNumber', read: 'X0000000', saved: data.HK_IDCARD.idNumber, changed: true },
      { step: 'HK_IDCARD', field: 'idCountry', read: data.HK_IDCARD.idCountry, saved: data.HK_IDCARD.idCountry, changed: false },
      { step: 'USERINFO', field: 'lastName', read: user.lastName, saved: user.lastName, changed: false },
      { step: 'USERINFO', field: 'firstName', read: user.firstName, saved: user.firstName, changed: false },
      { step: 'USERINFO', field: 'birthday', read: user.birthday, saved: user.birthday, changed: false },
      { step: 'USERINFO', field: 'gender', read: String(user.gender), saved: String(user.gender), changed: false },
    ]);
  });
});

describe('the device signal', () => {
  test('two users who log in from the same browser: each one’s application names the other’s; the browser is given its id once', async () => {
    const browser = async (phone: string, device?: string) => {
      const c = await TestClient.handshake(t.app, t.clock);
      const { token } = (await ops(['app-token', phone, '--area', '852'])) as { token: string };
      const res = await c.call('tokenLogin', { t: token }, device ? { headers: { cookie: `${DEVICE_COOKIE}=${device}` } } : {});
      expect(res.body.error).toBeUndefined();
      const given = res.response.cookies.find((k) => k.name === DEVICE_COOKIE);
      const appId = (await c.call('applyStart', { oaType: 2 })).body.result.appId as string;
      return { appId, given: given?.value, httpOnly: given?.httpOnly };
    };
    const first = await browser('96001001');
    expect(first.given).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.httpOnly).toBe(true);
    // the same browser again: its id kept (no new cookie); another browser: another id
    const second = await browser('96001002', first.given);
    expect(second.given).toBeUndefined();
    const elsewhere = await browser('96001003');
    const rita = await signedIn(await newStaff('reviewer', 'Rita'));
    const dupOf = async (appId: string) => (await plain('staffCase', rita, { appId })).body.result.duplicates.filter((d: { signal: string }) => d.signal === 'device').map((d: { appId: string }) => d.appId);
    expect(await dupOf(first.appId)).toEqual([second.appId]);
    expect(await dupOf(second.appId)).toEqual([first.appId]);
    expect(await dupOf(elsewhere.appId)).toEqual([]);
    // a device cookie of the wrong shape is replaced
    expect((await browser('96001004', 'x')).given).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('organisation signing on the desk', () => {
  test('an approver adds an organisation, gives its signer a link, sends it again (the old one revoked) and revokes it; a reviewer may only look', async () => {
    const rita = await signedIn(await newStaff('reviewer', 'Rita'));
    const alan = await signedIn(await newStaff('approver', 'Alan'));
    const org = { name: 'Harbour Trading Limited', nameZh: '海港贸易有限公司', registrationNumber: 'HK-7654321', country: 'HK', signerName: 'Wong Siu Ming', signerIdNumber: 'A1234563' };
    expect((await plain('staffOrgCreate', rita, org)).body.error?.code).toBe(ErrorCode.STAFF_NOT_ALLOWED);
    const { orgId } = (await plain('staffOrgCreate', alan, org)).body.result;
    expect((await plain('staffOrgCreate', alan, org)).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    expect((await plain('staffOrgCreate', alan, { ...org, registrationNumber: 'HK-1', signerIdNumber: '!' })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);

    expect((await plain('staffSignTicket', rita, { orgId, steps: ['verify', 'doc', 'sign'] })).body.error?.code).toBe(ErrorCode.STAFF_NOT_ALLOWED);
    const first = (await plain('staffSignTicket', alan, { orgId, steps: ['verify', 'doc', 'sign'], hours: 48 })).body.result;
    expect(first.url).toMatch(/^\/pages\/signature\.html\?ticket=[A-Za-z0-9_-]{40,}$/);
    const again = (await plain('staffSignTicket', alan, { orgId, steps: ['doc', 'sign'], replaces: first.ticketId })).body.result;
    const listed = (await plain('staffOrgs', rita)).body.result.orgs.find((o: { orgId: string }) => o.orgId === orgId);
    expect(listed).toMatchObject({ name: org.name, registrationNumber: org.registrationNumber, signerName: org.signerName });
    // the signer's ID number is never shown whole
    expect(listed.signerId).not.toContain('1234563');
    const states = Object.fromEntries(listed.tickets.map((x: { ticketId: string; state: string }) => [x.ticketId, x.state]));
    expect(states).toEqual({ [first.ticketId]: 'revoked', [again.ticketId]: 'open' });

    expect((await plain('staffSignRevoke', rita, { ticketId: again.ticketId })).body.error?.code).toBe(ErrorCode.STAFF_NOT_ALLOWED);
    expect((await plain('staffSignRevoke', alan, { ticketId: again.ticketId })).body.result).toEqual({ ok: true });
    expect((await plain('staffSignRevoke', alan, { ticketId: again.ticketId })).body.error?.code).toBe(ErrorCode.CASE_STATE);
    const actors = await t.db.query<{ action: string }>('SELECT action FROM audit_log WHERE actor = $1 ORDER BY id', [`staff:${(await plain('staffMe', alan)).body.result.staffId}`]);
    expect(actors.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['orgSign.organisation.create', 'orgSign.ticket.issue', 'orgSign.ticket.revoke']));
  });
});

describe('live status', () => {
  test("an applicant's open status stream hears the desk's decision", async () => {
    const { c, appId } = await submitted(2, { cash: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}${CALLS.statusStream.path}`, { headers: { cookie: `esop_sid=${c.cookie}`, accept: 'text/event-stream' }, signal: controller.signal });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^text\/event-stream/)]);
    const reader = res.body!.getReader();
    let text = '';
    const heard = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
        if (/event: status/.test(text)) return;
      }
    })();
    const rita = await signedIn(await newStaff('reviewer', 'Rita'));
    await plain('staffClaim', rita, { appId });
    await plain('staffDecide', rita, { appId, action: 'approve' });
    await Promise.race([heard, new Promise((_, reject) => setTimeout(() => reject(new Error(`no status event: ${text}`)), 10_000))]);
    expect(text).toMatch(/id: \d+\nevent: status\ndata: \d+/);
    controller.abort();
  });

  test("the desk's stream hears any application's change (the id as JSON); no staff session, no stream", async () => {
    const { c, appId } = await submitted(2, { cash: true });
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const rita = await signedIn(await newStaff('reviewer', 'Rita'));
    const refused = await fetch(`http://127.0.0.1:${port}${CALLS.staffStream.path}`, { headers: { cookie: `esop_sid=${c.cookie}`, accept: 'text/event-stream' } });
    expect(refused.status).toBe(401);
    await refused.body?.cancel();
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}${CALLS.staffStream.path}`, { headers: { cookie: `${STAFF_COOKIE}=${rita.cookie}`, accept: 'text/event-stream' }, signal: controller.signal });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^text\/event-stream/)]);
    const reader = res.body!.getReader();
    let text = '';
    const heard = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
        if (text.includes(`event: change\ndata: "${appId}"`)) return;
      }
    })();
    await plain('staffClaim', rita, { appId });
    await plain('staffDecide', rita, { appId, action: 'approve' });
    await Promise.race([heard, new Promise((_, reject) => setTimeout(() => reject(new Error(`no change event: ${text}`)), 10_000))]);
    expect(text).toMatch(new RegExp(`id: \\d+\nevent: change\ndata: "${appId}"`));
    controller.abort();
  });

  test('another process (its own hub on the same database) hears a change made here: the feed is the outbox, not memory', async () => {
    const { appId } = await submitted(2, { cash: true });
    const elsewhere = new LiveHub(t.db, 50);
    const heard: number[] = [];
    const stop = await elsewhere.listen(appId, (e) => heard.push(e.toStatus));
    const rita = await signedIn(await newStaff('reviewer', 'Rita'));
    await plain('staffClaim', rita, { appId });
    await plain('staffDecide', rita, { appId, action: 'approve' });
    for (let waited = 0; !heard.length && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual([4000]);
    stop();
    await elsewhere.close();
  });
});

describe('what changed, and the verification proofs (issue 36)', () => {
  test('a resubmission says which fields changed, before and after, and comes back to the reviewer who sent it back; a later look shows what changed since', async () => {
    const { c, appId } = await submitted(2);
    const rita = await signedIn(await newStaff('reviewer', 'Rita'));
    await plain('staffClaim', rita, { appId });
    const first = (await plain('staffCase', rita, { appId })).body.result;
    expect(first.resubmission).toBeNull();
    expect(first.sinceLastView).toBeNull();
    await plain('staffDecide', rita, { appId, action: 'sendBack', steps: ['FINANCE', 'PROOFADDRESS'], reason: 'documentUnclear', message: 'Please check your assets and the proof.' });
    // the applicant reads the reason from the desk's list (shown in their language) beside the reviewer's note
    const sent = (await c.call('applyDetail', { appId })).body.result;
    expect(sent.rejectData).toEqual({ steps: ['PROOFADDRESS', 'FINANCE'], message: 'Please check your assets and the proof.', fixed: [], reason: 'documentUnclear' });
    expect(sent.resubmittedAt).toBeNull();
    // twenty minutes later (both sessions kept alive): her look before this sitting is the one above
    t.clock.advance(10 * MINUTE);
    await plain('staffMe', rita);
    const finance = (await validStepData(c, 'FINANCE', appId)) as { financialInfo: Record<string, string> };
    expect((await saveStep(c, appId, 'FINANCE', { ...finance, financialInfo: { ...finance.financialInfo, netAsset: '3' } })).body.error).toBeUndefined();
    t.clock.advance(10 * MINUTE);
    await plain('staffMe', rita);
    const proof = (await validStepData(c, 'PROOFADDRESS', appId)) as { documentInfo: { proofOfAddress: { ossId: string }[] } };
    expect((await saveStep(c, appId, 'PROOFADDRESS', proof)).body.error).toBeUndefined();
    const resubmitted = (await c.call('applySubmit', { appId })).body.result.application;
    expect(resubmitted.applyStatus).toBe(1200);
    // the status page acknowledges the corrections from the service's record
    expect(resubmitted.resubmittedAt).toBe(new Date(t.clock.now()).toISOString());

    const again = (await plain('staffCase', rita, { appId })).body.result;
    // still hers, renewed at the resubmission
    expect(again.claimedBy).toMatchObject({ displayName: 'Rita', at: new Date(t.clock.now()).toISOString() });
    const keys = again.resubmission.rows.map((r: { step: string; key: string }) => `${r.step}.${r.key}`);
    expect(keys).toEqual(expect.arrayContaining(['FINANCE.financialInfo.netAsset', 'PROOFADDRESS.documentInfo.proofOfAddress']));
    const netAsset = again.resubmission.rows.find((r: { key: string }) => r.key === 'financialInfo.netAsset');
    expect(netAsset).toMatchObject({ label: { id: 'finance.netAssetLabel' }, before: [{ msg: { id: 'finance.asset.HKD.2' } }], after: [{ msg: { id: 'finance.asset.HKD.3' } }] });
    const newProof = again.resubmission.rows.find((r: { key: string }) => r.key === 'documentInfo.proofOfAddress');
    expect(newProof.newFiles).toEqual([proof.documentInfo.proofOfAddress[0].ossId]);
    // her look twenty minutes ago: the data then against now, and the events since (the resubmission)
    expect(again.sinceLastView).toMatchObject({ at: expect.any(String), events: 1 });
    expect(again.sinceLastView.rows.map((r: { key: string }) => r.key)).toEqual(expect.arrayContaining(['financialInfo.netAsset']));
    // the files are in the documents' order: the identity document first
    expect(again.files[0].step).toBe('HK_IDCARD');
  });

  test('the verification proofs of a case at 1500 are in the case; refused with a message the applicant reads, then accepted', async () => {
    const { c, appId } = await submitted(1);
    await t.db.query('UPDATE applications SET apply_status = 1500 WHERE app_id = $1', [appId]);
    const rita = await signedIn(await newStaff('reviewer', 'Rita'));
    await plain('staffClaim', rita, { appId });
    // nothing to verify yet
    expect((await plain('staffDecide', rita, { appId, action: 'witness', outcome: 'accept' })).body.error).toMatchObject({ code: ErrorCode.CASE_STATE, data: { reason: 'noProofs' } });
    const [idFile, address] = [await uploadRef(c, 'UserInfo'), await uploadRef(c, 'UserApply', true)];
    expect((await c.call('applyWitness', { appId, idFiles: [idFile], addressFiles: [address] })).body.error).toBeUndefined();
    const seen = (await plain('staffCase', rita, { appId })).body.result;
    expect(seen.witness).toMatchObject({ idFiles: 1, addressFiles: 1, refusal: null });
    expect(seen.files.slice(0, 2).map((f: { step: string; path: string; ossId: string }) => [f.step, f.path, f.ossId])).toEqual([
      ['WITNESS', 'idFiles[0]', idFile.ossId],
      ['WITNESS', 'addressFiles[0]', address.ossId],
    ]);
    const proofBytes = await t.app.inject({ method: 'GET', url: `${CALLS.staffFile.path}?appId=${appId}&ossId=${address.ossId}`, headers: { cookie: `${STAFF_COOKIE}=${rita.cookie}` } });
    expect([proofBytes.statusCode, proofBytes.headers['content-type']]).toEqual([200, 'application/pdf']);

    // a refusal needs its reason and message; the applicant reads it and stays at 1500 for new proofs
    expect((await plain('staffDecide', rita, { appId, action: 'witness', outcome: 'refuse' })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    const refused = await plain('staffDecide', rita, { appId, action: 'witness', outcome: 'refuse', reason: 'addressProof', message: 'The bill is older than 3 months.' });
    expect(refused.body.result.application).toMatchObject({ applyStatus: 1500, rejectData: { steps: [], message: 'The bill is older than 3 months.' } });
    expect((await c.call('applyDetail')).body.result.rejectData.message).toBe('The bill is older than 3 months.');
    expect((await plain('staffCase', rita, { appId })).body.result.witness.refusal).toBe('The bill is older than 3 months.');
    const newer = await uploadRef(c, 'UserApply', true);
    expect((await c.call('applyWitness', { appId, idFiles: [idFile], addressFiles: [newer] })).body.error).toBeUndefined();
    expect((await c.call('applyDetail')).body.result.rejectData).toBeNull();
    // the new proofs came back to Rita, who accepts them: under review, still hers
    const accepted = await plain('staffDecide', rita, { appId, action: 'witness', outcome: 'accept' });
    expect(accepted.body.result.application.applyStatus).toBe(1200);
    const after = (await plain('staffCase', rita, { appId })).body.result;
    expect(after.claimedBy).toMatchObject({ displayName: 'Rita' });
    expect(after.history.map((h: { kind: string }) => h.kind)).toEqual(expect.arrayContaining(['witness', 'witness-refuse', 'witness-accept']));
  });
});

describe('the queue’s search (issue 36)', () => {
  test('by name, phone digits, ID number as typed, application id; wildcards are letters; too long or with control characters refused; free cases only', async () => {
    const a = await submitted(2);
    const b = await submitted(2);
    const rita = await signedIn(await newStaff('reviewer', 'Rita'));
    const found = async (q: string, more: Record<string, string> = {}) =>
      ((await plain('staffQueue', rita, { q, ...more })).body.result.rows as { appId: string }[]).map((r) => r.appId);
    const { rows } = await t.db.query<{ app_id: string; id_number: string; phone: string }>(
      `SELECT n.app_id, n.id_number, u.phone FROM identity_numbers n JOIN applications a ON a.app_id = n.app_id JOIN users u ON u.id = a.user_id WHERE n.app_id = $1 AND n.slot = 'HK_IDCARD'`,
      [a.appId],
    );
    const idNumber = rows[0].id_number;
    // the ID number typed in lower case with its check digit in brackets, as printed on the card
    expect(await found(`${idNumber.slice(0, -1).toLowerCase()}(${idNumber.slice(-1)})`)).toEqual([a.appId]);
    expect(await found(rows[0].phone.slice(-6))).toEqual([a.appId]);
    expect(await found(a.appId)).toEqual([a.appId]);
    // the samples' names: both applicants, in Chinese or English, any part and case
    expect(await found('陳大')).toEqual(expect.arrayContaining([a.appId, b.appId]));
    expect(await found('chan tai')).toEqual(expect.arrayContaining([a.appId, b.appId]));
    expect(await found('tai man chan')).toEqual(expect.arrayContaining([a.appId, b.appId]));
    // LIKE's wildcards are searched for as letters: nobody's name has them
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    expect(await found("'; DROP TABLE staff; --")).toEqual([]);
    expect((await plain('staffQueue', rita, { q: 'x'.repeat(65) })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    expect((await plain('staffQueue', rita, { q: 'chan\u0000' })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    // a claimed case is not free
    await plain('staffClaim', rita, { appId: a.appId });
    expect(await found('陳大', { free: 'true' })).not.toContain(a.appId);
    expect(await found('陳大', { free: 'true' })).toContain(b.appId);
  });
});
