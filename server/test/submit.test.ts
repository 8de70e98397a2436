/**
 * ApplySubmit, the event history, the rejection loop and the ops commands that drive the statuses (issue 10), against
 * a real migrated PGlite database.
 */
import { ErrorCode, STEPS_OF, STEP_VERSION, type ApplicationView, type StepName } from '@core/domain';
import { findUserByPhone } from '../src/modules/auth/repository';
import { findCommand } from '../src/ops/commands';
import { checkParams, parseArgv, type OpsIo } from '../src/ops/framework';
import { runCommand } from '../src/ops/run';
import { createTestApp, type CallResult, type TestApp, type TestClient } from './helpers';
import { financeData, phoneOf, saveStep, stepUser, validStepData } from './step-fixtures';

let t: TestApp;
let user: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp();
  user = stepUser(t, '931', { start: 10000 });
});
afterAll(() => t.close());

const errorOf = (res: CallResult) => res.body.error?.code;

/** Runs an ops command as the CLI's direct path does; returns the result and what it printed. */
async function ops(argv: string[]): Promise<{ result: unknown; out: string }> {
  const [name, ...rest] = argv;
  const cmd = findCommand(name);
  if (!cmd) throw new Error(`no command ${name}`);
  const args = parseArgv(rest);
  const params = checkParams(cmd, cmd.parse(args));
  const result = await runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, name, params);
  const lines: string[] = [];
  const io: OpsIo = { out: (s) => lines.push(s), writeFile: () => undefined };
  cmd.print?.(result, params, io);
  return { result, out: lines.join('\n') };
}

async function start(c: TestClient, oaType: 1 | 2 = 2, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await c.call('applyStart', { oaType, ...extra });
  expect(res.body.error).toBeUndefined();
  return res.body.result.appId as string;
}

async function saveAll(c: TestClient, appId: string, steps: readonly StepName[]): Promise<void> {
  for (const s of steps) {
    const res = await saveStep(c, appId, s, await validStepData(c, s, appId));
    expect([s, res.body.error]).toEqual([s, undefined]);
  }
}

/** A new applicant whose hk application has every step saved (ready to submit). */
async function ready(extra: Record<string, unknown> = {}): Promise<{ c: TestClient; appId: string }> {
  const c = await user();
  const appId = await start(c, 2, extra);
  await saveAll(c, appId, STEPS_OF.hk);
  return { c, appId };
}

interface EventRow {
  id: number;
  actor: string;
  kind: string;
  from_status: number;
  to_status: number;
  detail: Record<string, unknown>;
}

async function eventsOf(appId: string): Promise<EventRow[]> {
  const { rows } = await t.db.query<EventRow>('SELECT id, actor, kind, from_status, to_status, detail FROM application_events WHERE app_id = $1 ORDER BY id', [appId]);
  return rows;
}

const submit = (c: TestClient, appId: string, extra: Record<string, unknown> = {}) => c.call('applySubmit', { appId, ...extra });

describe('ApplySubmit: every step saved and valid', () => {
  test('a missing step and a draft-only step are named (steps.<STEP>: required); nothing changes', async () => {
    const c = await user();
    const appId = await start(c);
    await saveAll(c, appId, STEPS_OF.hk.filter((s) => s !== 'FINANCE' && s !== 'SIGN'));
    await saveStep(c, appId, 'FINANCE', financeData(), true); // a draft does not count
    const res = await submit(c, appId);
    expect([res.status, errorOf(res)]).toEqual([400, ErrorCode.INVALID_INPUT]);
    expect(res.body.error!.data.issues).toEqual([
      { path: 'steps.FINANCE', message: 'required' },
      { path: 'steps.SIGN', message: 'required' },
    ]);
    expect((await c.call('applyDetail')).body.result.applyStatus).toBeLessThan(1200);
    expect(await eventsOf(appId)).toEqual([]);
  });

  test('a saved step that no longer passes its rules is named with the rule it breaks', async () => {
    const { c, appId } = await ready();
    // saved data that fails the domain validator (e.g. written by an older release)
    await t.db.query(`UPDATE applications SET data = jsonb_set(data, '{FINANCE,financialInfo,annualIncome}', '"9"') WHERE app_id = $1`, [appId]);
    const res = await submit(c, appId);
    expect(errorOf(res)).toBe(ErrorCode.INVALID_INPUT);
    expect(res.body.error!.data.issues).toEqual([{ path: 'steps.FINANCE', message: expect.any(String) }]);
    expect(await eventsOf(appId)).toEqual([]);
  });

  test('valid → 1200, submitted_at set, one submit event with the snapshot and every step as changed', async () => {
    const { c, appId } = await ready();
    const res = await submit(c, appId);
    expect(res.body.error).toBeUndefined();
    const app = res.body.result.application as ApplicationView;
    expect([app.applyStatus, app.rejectData]).toEqual([1200, null]);
    const [e, ...rest] = await eventsOf(appId);
    expect(rest).toEqual([]);
    expect(e).toEqual(expect.objectContaining({ actor: `user:${c.user!.userId}`, kind: 'submit', from_status: 1090, to_status: 1200 }));
    expect(e.detail).toEqual(expect.objectContaining({ resubmission: false, snapshotHash: expect.stringMatching(/^[0-9a-f]{64}$/), changedSteps: [...STEPS_OF.hk], previousEventId: null }));
    expect(Object.keys(e.detail.stepHashes as object).sort()).toEqual([...STEPS_OF.hk].sort());
    const { rows } = await t.db.query<{ submitted_at: Date | null }>('SELECT submitted_at FROM applications WHERE app_id = $1', [appId]);
    expect(rows[0].submitted_at).not.toBeNull();
  });

  test('a double press (submit again) answers the application as it is: one submission', async () => {
    const { c, appId } = await ready();
    expect((await submit(c, appId)).body.result.application.applyStatus).toBe(1200);
    const again = await submit(c, appId);
    expect([again.status, again.body.result.application.applyStatus]).toEqual([200, 1200]);
    expect((await eventsOf(appId)).map((e) => e.kind)).toEqual(['submit']);
  });

  test('concurrent submits submit once', async () => {
    const { c, appId } = await ready();
    const answers = await Promise.all([submit(c, appId), submit(c, appId), submit(c, appId)]);
    expect(answers.map((a) => [a.status, a.body.result?.application.applyStatus])).toEqual([
      [200, 1200],
      [200, 1200],
      [200, 1200],
    ]);
    expect((await eventsOf(appId)).map((e) => e.kind)).toEqual(['submit']);
  });

  test("another user's application → 151301 and it stays as it was", async () => {
    const { appId } = await ready();
    const other = await user();
    await start(other);
    expect(errorOf(await submit(other, appId))).toBe(ErrorCode.NO_APPLICATION);
    expect(errorOf(await submit(other, 'noSuchApp-000'))).toBe(ErrorCode.NO_APPLICATION);
    expect(await eventsOf(appId)).toEqual([]);
  });

  test('approved, opened or closed applications are not submitted again (151300)', async () => {
    const { c, appId } = await ready();
    await submit(c, appId);
    await ops(['set-status', appId, '5000']);
    expect(errorOf(await submit(c, appId))).toBe(ErrorCode.APPLICATION_LOCKED);
  });

  test('cn with the statement put off and not saved → 150211 before the step checks', async () => {
    const c = await t.login('13800139001', '86');
    const appId = await start(c, 1, { withStatement: 'last' });
    await saveAll(c, appId, STEPS_OF.cn.slice(0, 2));
    const res = await submit(c, appId);
    expect([res.status, errorOf(res)]).toEqual([400, ErrorCode.NEED_STATEMENT]);
  });
});

describe('ApplySubmit: the professional-person verification (1500)', () => {
  test('an applicant staff marked with `ops user --witness 1` is moved to 1500; cleared → 1200 again', async () => {
    const { c, appId } = await ready();
    await ops(['user', phoneOf(c), '--witness', '1']);
    const res = await submit(c, appId);
    expect(res.body.result.application.applyStatus).toBe(1500);
    expect((await eventsOf(appId))[0]).toEqual(expect.objectContaining({ kind: 'submit', to_status: 1500 }));
    // staff can send a 1500 back, and the resubmission follows the setting of the moment
    await ops(['reject', appId, '--steps', 'USERINFO', '--message', 'Address differs from the proof']);
    await ops(['user', phoneOf(c), '--witness', 'none']);
    expect((await submit(c, appId)).body.result.application.applyStatus).toBe(1200);
  });

  test('`ops user --witness` accepts 1, 0 or none only', async () => {
    await expect(ops(['user', '93100999', '--witness', 'yes'])).rejects.toThrow(/1, 0 or none/);
  });
});

describe('ApplySubmit: agent code and channel (151212)', () => {
  test('a changed agent code and channel are checked and stored, with the change in the event', async () => {
    const { c, appId } = await ready({ aecode: 'B1', channel: 'fund' });
    const res = await submit(c, appId, { aeCode: 'W090-A', channel: 'web' });
    expect(res.body.result.application).toEqual(expect.objectContaining({ aecode: 'W090-A', channel: 'web', applyStatus: 1200 }));
    expect((await eventsOf(appId))[0].detail.channelChange).toEqual({ from: { aeCode: 'B1', channel: 'fund' }, to: { aeCode: 'W090-A', channel: 'web' } });
    expect((await c.call('applyChannel', {})).body.result).toEqual({ aeCode: 'W090-A', channel: 'web' });
  });

  test.each([
    ['a malformed agent code', { aeCode: 'w0 90' }],
    ['an empty agent code', { aeCode: '' }],
    ['a malformed channel', { channel: 'web site' }],
  ])('%s → 151212, nothing submitted', async (_n, extra) => {
    const { c, appId } = await ready({ aecode: 'B1' });
    const res = await submit(c, appId, extra);
    expect([res.status, errorOf(res)]).toEqual([400, ErrorCode.CHANNEL_INCORRECT]);
    expect((await c.call('applyDetail')).body.result).toEqual(expect.objectContaining({ aecode: 'B1', applyStatus: 1090 }));
    expect(await eventsOf(appId)).toEqual([]);
  });

  test('the stored values sent again are no change; without the invitation feature a change is still taken (only the inviter is not recorded)', async () => {
    const { c, appId } = await ready({ aecode: 'B1', channel: 'fund' });
    await ops(['user', phoneOf(c), '--invitation', '0']);
    const same = await submit(c, appId, { aeCode: 'B1', channel: 'fund' });
    expect(same.body.result.application).toEqual(expect.objectContaining({ aecode: 'B1', channel: 'fund', applyStatus: 1200 }));
    expect((await eventsOf(appId))[0].detail.channelChange).toBeUndefined();
  });

  test('without the invitation feature a new agent code on submit is stored', async () => {
    const { c, appId } = await ready({ aecode: 'B1', channel: 'fund' });
    await ops(['user', phoneOf(c), '--invitation', '0']);
    const res = await submit(c, appId, { aeCode: 'C2' });
    expect(res.body.result.application).toEqual(expect.objectContaining({ aecode: 'C2', applyStatus: 1200 }));
  });

  test('ApplyStart keeps only a well-formed agent code and channel (100400 otherwise)', async () => {
    const c = await user();
    const res = await c.call('applyStart', { oaType: 2, aecode: 'ab c', channel: '<x>' });
    expect(errorOf(res)).toBe(ErrorCode.INVALID_INPUT);
    expect(res.body.error!.data.issues).toEqual([
      { path: 'aecode', message: 'format' },
      { path: 'channel', message: 'format' },
    ]);
    expect((await c.call('applyDetail')).body.result).toBeNull();
  });

  test('ApplyChannel: the stored values; no application → 151301', async () => {
    const c = await user();
    expect(errorOf(await c.call('applyChannel', {}))).toBe(ErrorCode.NO_APPLICATION);
    await start(c, 2, { aecode: 'AE7' });
    expect((await c.call('applyChannel', {})).body.result).toEqual({ aeCode: 'AE7', channel: null });
  });
});

describe('the rejection loop', () => {
  test('only the rejected steps are editable; the resubmission clears rejectData and records the rejection and the changed steps', async () => {
    const { c, appId } = await ready();
    await submit(c, appId);
    // staff list the steps in any order: they are kept in the application's order
    await ops(['reject', appId, '--steps', 'PROOFADDRESS,USERINFO', '--message', 'The address proof is older than 3 months']);
    const rejected = (await c.call('applyDetail')).body.result as ApplicationView;
    expect([rejected.applyStatus, rejected.rejectData]).toEqual([1900, { steps: ['USERINFO', 'PROOFADDRESS'], message: 'The address proof is older than 3 months', fixed: [] }]);

    // the other steps stay locked, drafts included
    for (const step of ['HK_IDCARD', 'FINANCE', 'SIGNATURE'] as const) {
      expect(errorOf(await saveStep(c, appId, step, await validStepData(c, step, appId)))).toBe(ErrorCode.APPLICATION_LOCKED);
    }
    expect(errorOf(await saveStep(c, appId, 'FINANCE', financeData(), true))).toBe(ErrorCode.APPLICATION_LOCKED);
    // the rejected ones can be saved (a new proof file)
    const fix = await saveStep(c, appId, 'PROOFADDRESS', await validStepData(c, 'PROOFADDRESS', appId));
    expect(fix.body.error).toBeUndefined();

    const again = await submit(c, appId);
    expect(again.body.result.application).toEqual(expect.objectContaining({ applyStatus: 1200, rejectData: null }));
    const history = await eventsOf(appId);
    expect(history.map((e) => [e.kind, e.from_status, e.to_status])).toEqual([
      ['submit', 1090, 1200],
      ['reject', 1200, 1900],
      ['resubmit', 1900, 1200],
    ]);
    const resubmit = history[2].detail;
    expect(resubmit).toEqual(
      expect.objectContaining({
        resubmission: true,
        previousEventId: history[0].id,
        changedSteps: ['PROOFADDRESS'],
        rejectData: { steps: ['USERINFO', 'PROOFADDRESS'], message: 'The address proof is older than 3 months', fixed: ['PROOFADDRESS'] },
      }),
    );
    expect(resubmit.snapshotHash).not.toBe(history[0].detail.snapshotHash);
    // under review again: nothing editable
    expect(errorOf(await saveStep(c, appId, 'PROOFADDRESS', await validStepData(c, 'PROOFADDRESS', appId)))).toBe(ErrorCode.APPLICATION_LOCKED);
  });

  test('ApplyDetail tells which rejected steps were saved since the rejection (fixed); drafts, refused saves and a new rejection do not count', async () => {
    const { c, appId } = await ready();
    await submit(c, appId);
    await ops(['reject', appId, '--steps', 'FINANCE,USERINFO,PROOFADDRESS', '--message', 'Please check these']);
    const fixedNow = async () => ((await c.call('applyDetail')).body.result as ApplicationView).rejectData?.fixed;
    expect(await fixedNow()).toEqual([]);

    // a halfway save (draft) and a refused save fix nothing
    expect((await saveStep(c, appId, 'FINANCE', financeData(), true)).body.error).toBeUndefined();
    expect(errorOf(await saveStep(c, appId, 'FINANCE', { financialInfo: { annualIncome: '9' } }))).toBe(ErrorCode.INVALID_INPUT);
    expect(await fixedNow()).toEqual([]);

    // saved: fixed, in the order saved, once; the save's own answer says so too
    const fin = await saveStep(c, appId, 'FINANCE', financeData());
    expect(fin.body.result.application.rejectData).toEqual({ steps: ['USERINFO', 'PROOFADDRESS', 'FINANCE'], message: 'Please check these', fixed: ['FINANCE'] });
    expect((await saveStep(c, appId, 'USERINFO', await validStepData(c, 'USERINFO', appId))).body.error).toBeUndefined();
    expect((await saveStep(c, appId, 'FINANCE', financeData())).body.error).toBeUndefined();
    expect(await fixedNow()).toEqual(['FINANCE', 'USERINFO']);

    // resubmitted and sent back again: the new round starts with nothing fixed
    await submit(c, appId);
    await ops(['reject', appId, '--steps', 'FINANCE', '--message', 'Still not right']);
    expect(((await c.call('applyDetail')).body.result as ApplicationView).rejectData).toEqual({ steps: ['FINANCE'], message: 'Still not right', fixed: [] });
  });

  test('a resubmission without changes records none changed; a rejected step made invalid blocks it', async () => {
    const { c, appId } = await ready();
    await submit(c, appId);
    await ops(['reject', appId, '--steps', 'FINANCE', '--message', 'Please confirm your income']);
    const bad = await saveStep(c, appId, 'FINANCE', { financialInfo: { annualIncome: '9' } });
    expect(errorOf(bad)).toBe(ErrorCode.INVALID_INPUT);
    const res = await submit(c, appId);
    expect(res.body.result.application.applyStatus).toBe(1200);
    expect((await eventsOf(appId))[2].detail.changedSteps).toEqual([]);
  });
});

describe('ops: statuses staff drive, each with its event', () => {
  test('approve only from the submitted range; the event names the sub-account', async () => {
    const { c, appId } = await ready();
    await expect(ops(['approve', appId])).rejects.toThrow(/not submitted/);
    await submit(c, appId);
    await ops(['reject', appId, '--steps', 'USERINFO', '--message', 'x']);
    await expect(ops(['approve', appId])).rejects.toThrow(/not submitted/);
    await submit(c, appId);
    const { result } = await ops(['approve', appId]);
    const sub = (result as ApplicationView).clientInfo.accts[0].subAcctId;
    const last = (await eventsOf(appId)).at(-1)!;
    expect(last).toEqual(expect.objectContaining({ actor: 'ops:approve', kind: 'approve', from_status: 1200, to_status: 4000, detail: { subAcctId: sub } }));
    await expect(ops(['reject', appId, '--steps', 'USERINFO', '--message', 'x'])).rejects.toThrow(/under review/);
  });

  test('reject: steps of the application only, a message needed, not before submission', async () => {
    const { c, appId } = await ready();
    await expect(ops(['reject', appId, '--steps', 'USERINFO', '--message', 'x'])).rejects.toThrow(/under review/);
    await submit(c, appId);
    await expect(ops(['reject', appId, '--steps', 'IDCARD', '--message', 'x'])).rejects.toThrow(/not steps of/);
    await expect(ops(['reject', appId, '--steps', 'USERINFO'])).rejects.toThrow(/--message/);
    expect((await eventsOf(appId)).map((e) => e.kind)).toEqual(['submit']);
  });

  test('set-status: known statuses only; reject and approve statuses through their commands', async () => {
    const { c, appId } = await ready();
    await submit(c, appId);
    await expect(ops(['set-status', appId, '1234'])).rejects.toThrow(/unknown status 1234: one of .*1200.*5000/);
    await expect(ops(['set-status', appId, '1901'])).rejects.toThrow(/use reject/);
    await expect(ops(['set-status', appId, '4000'])).rejects.toThrow(/use approve/);
    await ops(['set-status', appId, '3000']);
    expect((await eventsOf(appId)).at(-1)).toEqual(expect.objectContaining({ actor: 'ops:set-status', kind: 'status', from_status: 1200, to_status: 3000 }));
  });

  test('deposit and stock: after submission, with their events; unknown stock statuses refused', async () => {
    const { c, appId } = await ready();
    await expect(ops(['deposit', appId, '2000'])).rejects.toThrow(/not submitted/);
    await expect(ops(['stock', appId, '1'])).rejects.toThrow(/not submitted/);
    await submit(c, appId);
    await ops(['deposit', appId, '2020', '--message', 'Name on the slip differs']);
    await ops(['stock', appId, '4']);
    await expect(ops(['stock', appId, '7'])).rejects.toThrow(/unknown stock status 7/);
    const app = (await c.call('applyDetail')).body.result as ApplicationView;
    expect([app.cashInStatus, app.cashInData?.message, app.stockStatus]).toEqual([2020, 'Name on the slip differs', 4]);
    const [, deposit, stock] = await eventsOf(appId);
    expect(deposit).toEqual(expect.objectContaining({ actor: 'ops:deposit', kind: 'deposit', from_status: 1200, to_status: 1200, detail: { cashInStatus: 2020, fromCashInStatus: null, message: 'Name on the slip differs' } }));
    expect(stock).toEqual(expect.objectContaining({ actor: 'ops:stock', kind: 'stock', detail: { stockStatus: 4, fromStockStatus: null } }));
  });

  test('client-status 30|33 sets the application and the user; 31 only through approve', async () => {
    const { c, appId } = await ready();
    await ops(['client-status', appId, '30']);
    expect((await c.call('applyDetail')).body.result.clientStatus).toBe(30);
    expect((await c.call('userInfo')).body.result.clientStatus).toBe(30);
    await expect(ops(['client-status', appId, '31'])).rejects.toThrow(/use approve/);
    await expect(ops(['client-status', appId, '32'])).rejects.toThrow(/unknown client status/);
    expect((await eventsOf(appId)).map((e) => [e.kind, e.detail])).toEqual([['client-status', { clientStatus: 30, fromClientStatus: 33 }]]);
  });

  test('history prints every submission and decision; app shows the last ones', async () => {
    const { c, appId } = await ready();
    await submit(c, appId);
    await ops(['reject', appId, '--steps', 'USERINFO', '--message', 'Blurred photo']);
    await submit(c, appId);
    await ops(['approve', appId]);
    const { out } = await ops(['history', appId]);
    const lines = out.split('\n');
    expect(lines[0]).toBe(`history of ${appId}`);
    expect(lines.slice(1).map((l) => l.replace(/^\s+\S+\s+#\d+\s+/, ''))).toEqual([
      expect.stringMatching(new RegExp(`^user:${c.user!.userId}  submit  1090 → 1200  changed .*; snapshot [0-9a-f]{12}$`)),
      'ops:reject  reject  1200 → 1900  steps USERINFO; “Blurred photo”',
      expect.stringMatching(/  resubmit  1900 → 1200  answers the rejection of USERINFO; changed nothing; snapshot [0-9a-f]{12}$/),
      expect.stringMatching(/^ops:approve  approve  1200 → 4000  sub-account S\d{8}$/),
    ]);
    const byPhone = await ops(['history', phoneOf(c)]);
    expect(byPhone.out).toBe(out);
    const app = await ops(['app', appId]);
    expect(app.out).toContain('last events');
    expect(app.out).toMatch(/ops:approve {2}approve {2}1200 → 4000/);
    await expect(ops(['history', 'noSuchApp-1'])).rejects.toThrow(/no application/);
  });

  test('the user record behind a phone is the applicant (ops user and the login agree)', async () => {
    const c = await user();
    await ops(['user', phoneOf(c), '--witness', '1']);
    expect((await findUserByPhone(t.db, '852', phoneOf(c)))!.id).toBe(c.user!.userId);
  });
});

test('the hk step list used here is the one ApplyStart gives', async () => {
  const c = await user();
  const appId = await start(c);
  expect((await c.call('applyDetail', { appId })).body.result.applyStepsName).toEqual([...STEPS_OF.hk]);
  expect(STEP_VERSION).toBe('1.0');
});
