import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALLS, STEPS_OF, STEP_VERSION } from '@core/domain';
import { findCommand } from '../src/ops/commands';
import { checkParams, OpsError, parseArgv, type OpsIo } from '../src/ops/framework';
import { runCommand } from '../src/ops/run';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import { testPdf } from './upload-fixtures';
import { validStepData } from './step-fixtures';
import { newAppId } from '../src/modules/applications/service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs a command the way the CLI's direct path does: argv → parse → check → run → print. */
async function ops(argv: string[]): Promise<{ result: unknown; out: string[]; files: Record<string, Buffer> }> {
  const [name, ...rest] = argv;
  const cmd = findCommand(name);
  if (!cmd) throw new Error(`no command ${name}`);
  const args = parseArgv(rest);
  const json = args.flags.json === true;
  delete args.flags.json;
  const params = checkParams(cmd, cmd.parse(args));
  const result = await runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, name, params);
  const out: string[] = [];
  const files: Record<string, Buffer> = {};
  const io: OpsIo = { out: (s) => out.push(s), writeFile: (p, b) => (files[p] = Buffer.from(b)) };
  if (json || !cmd.print) io.out(JSON.stringify(result, null, 2));
  else cmd.print(result, params, io);
  return { result, out, files };
}

let phones = 0;
const user = () => t.login(`9${String(8000000 + ++phones)}`);

async function submitted(c: TestClient, oaType: 1 | 2 = 2): Promise<string> {
  const start = await c.call('applyStart', { oaType });
  const appId = start.body.result.appId as string;
  for (const step of oaType === 2 ? STEPS_OF.hk : STEPS_OF.cn) {
    const res = await c.call('applyUpdate', { appId, stepVersion: STEP_VERSION, currentStep: step, data: await validStepData(c, step, appId) });
    expect(res.body.error).toBeUndefined();
  }
  expect((await c.call('applySubmit', { appId })).body.result.application.applyStatus).toBe(1200);
  return appId;
}

async function lastAudit(appId: string) {
  const { rows } = await t.db.query<{ actor: string; action: string; detail: Record<string, unknown> }>(
    'SELECT actor, action, detail FROM audit_log WHERE app_id = $1 ORDER BY id DESC LIMIT 1',
    [appId],
  );
  return rows[0];
}

describe('application ids on the command line', () => {
  test('an application id never begins with a dash (it would be read as a flag): 20 000 new ids', () => {
    const ids = Array.from({ length: 20_000 }, newAppId);
    expect(ids.filter((id) => id.startsWith('-'))).toEqual([]);
    expect(ids.every((id) => /^[A-Za-z0-9_][A-Za-z0-9_-]{19}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('after a bare --, every word is a positional, dashes and all', () => {
    expect(parseArgv(['--area', '86', '--', '--abc', '-x'])).toEqual({ positionals: ['--abc', '-x'], flags: { area: '86' } });
    expect(parseArgv(['app1', '--json'])).toEqual({ positionals: ['app1'], flags: { json: true } });
  });
});

describe('ops commands (direct path)', () => {
  test('apps lists applications with masked phones, filtered by status', async () => {
    const a = await user();
    const appA = await submitted(a);
    const b = await user();
    const appB = (await b.call('applyStart', { oaType: 1 })).body.result.appId;
    const all = await ops(['apps', '--json']);
    const ids = (all.result as { appId: string }[]).map((r) => r.appId);
    expect(ids).toEqual(expect.arrayContaining([appA, appB]));
    const only = await ops(['apps', '--status', '1200']);
    expect((only.result as { appId: string; phone: string }[]).map((r) => r.appId)).toEqual([appA]);
    expect(only.out.join('\n')).toContain(appA);
    expect(only.out.join('\n')).not.toContain(a.user!.userId);
    expect((only.result as { phone: string }[])[0].phone).toMatch(/^\+852 \d{2,3}\*{4}\d*$/);
    await expect(ops(['apps', '--status', 'x'])).rejects.toThrow(OpsError);
  });

  test('app shows one application by appId or by phone, with its audit trail', async () => {
    const c = await user();
    // (a mainland application cannot be submitted before the liveness step exists: issue 11)
    const appId = await submitted(c, 2);
    const byId = await ops(['app', appId]);
    const text = byId.out.join('\n');
    expect(text).toContain(`application ${appId}  hk (oaType 2)`);
    expect(text).toContain('status 1200');
    expect(text).toContain('application.submit');
    const phone = `9${String(8000000 + phones)}`;
    const byPhone = await ops(['app', phone, '--json']);
    expect((byPhone.result as { application: { appId: string } }).application.appId).toBe(appId);
    await expect(ops(['app', 'nothing-here'])).rejects.toThrow(/no application/);
  });

  test('approve opens the account: 4000, client status 31, sub-account S+8 digits, the user sees it', async () => {
    const c = await user();
    const appId = await submitted(c);
    const r = await ops(['approve', appId]);
    const app = r.result as { applyStatus: number; clientStatus: number; hlId: string; clientInfo: { accts: { subAcctId: string }[] } };
    expect(app.applyStatus).toBe(4000);
    expect(app.clientStatus).toBe(31);
    expect(app.clientInfo.accts[0].subAcctId).toMatch(/^S\d{8}$/);
    expect(app.clientInfo.accts[0].subAcctId).toBe(`S${app.hlId}`);
    expect(r.out[0]).toContain('opened');
    const info = await c.call('userInfo');
    expect(info.body.result).toEqual(expect.objectContaining({ clientStatus: 31, subAcctId: app.clientInfo.accts[0].subAcctId }));
    expect(await lastAudit(appId)).toEqual(expect.objectContaining({ actor: 'ops:approve', action: 'ops.approve' }));
    await expect(ops(['approve', appId])).rejects.toThrow(/already opened/);
  });

  test('approve refuses an application that is not submitted', async () => {
    const c = await user();
    const appId = (await c.call('applyStart', { oaType: 2 })).body.result.appId;
    await expect(ops(['approve', appId])).rejects.toThrow(/not submitted/);
  });

  test('reject sets 1900 with steps and message; the steps must belong to the application', async () => {
    const c = await user();
    const appId = await submitted(c);
    await expect(ops(['reject', appId, '--steps', 'IDCARD', '--message', 'x'])).rejects.toThrow(/not steps of/);
    await expect(ops(['reject', appId, '--steps', 'USERINFO'])).rejects.toThrow(/--message/);
    const r = await ops(['reject', appId, '--steps', 'USERINFO,PROOFADDRESS', '--message', 'Please upload a clearer address proof']);
    expect(r.result).toEqual(expect.objectContaining({ applyStatus: 1900, rejectData: { steps: ['USERINFO', 'PROOFADDRESS'], message: 'Please upload a clearer address proof', fixed: [] } }));
    expect((await c.call('applyDetail')).body.result.rejectData.steps).toEqual(['USERINFO', 'PROOFADDRESS']);
    expect(await lastAudit(appId)).toEqual(expect.objectContaining({ actor: 'ops:reject', detail: expect.objectContaining({ from: 1200, to: 1900 }) }));
  });

  test('close ends an application for good with a reason from the list and a message, as the desk does', async () => {
    const c = await user();
    const appId = await submitted(c);
    await expect(ops(['close', appId, '--reason', 'duplicate'])).rejects.toThrow(/--message/);
    await expect(ops(['close', appId, '--reason', 'whim', '--message', 'x'])).rejects.toThrow(OpsError);
    const r = await ops(['close', appId, '--reason', 'duplicate', '--message', 'You hold an account with us already.']);
    expect(r.result).toEqual(expect.objectContaining({ applyStatus: 5000 }));
    expect((await c.call('applyDetail')).body.result.applyStatus).toBe(5000);
    expect(await lastAudit(appId)).toEqual(expect.objectContaining({ actor: 'ops:close', detail: expect.objectContaining({ from: 1200, to: 5000 }) }));
    await expect(ops(['close', appId, '--reason', 'duplicate', '--message', 'again'])).rejects.toThrow(/closed already/);
  });

  test('set-status sets any status and is audited', async () => {
    const c = await user();
    const appId = await submitted(c);
    const r = await ops(['set-status', appId, '1500']);
    expect(r.out).toEqual([`${appId}: status 1500`]);
    expect((await c.call('applyDetail')).body.result.applyStatus).toBe(1500);
    expect(await lastAudit(appId)).toEqual(expect.objectContaining({ actor: 'ops:set-status', detail: expect.objectContaining({ from: 1200, to: 1500 }) }));
    await expect(ops(['set-status', appId, 'high'])).rejects.toThrow(OpsError);
    await expect(ops(['set-status', 'noSuchApp01', '1500'])).rejects.toThrow(/no application/);
    // a refusal of the lifecycle, in the CLI's words
    await expect(ops(['set-status', appId, '1901'])).rejects.toThrow(/use reject <appId> --steps A,B/);
  });

  test('deposit records cashInStatus and the message', async () => {
    const c = await user();
    const appId = await submitted(c);
    await ops(['deposit', appId, '2020', '--message', 'Name on the bank slip does not match']);
    const app = (await c.call('applyDetail')).body.result;
    expect(app.cashInStatus).toBe(2020);
    expect(app.cashInData).toEqual({ steps: [], message: 'Name on the bank slip does not match' });
    await ops(['deposit', appId, '2000']);
    const done = (await c.call('applyDetail')).body.result;
    expect([done.cashInStatus, done.cashInData]).toEqual([2000, null]);
    expect(await lastAudit(appId)).toEqual(expect.objectContaining({ actor: 'ops:deposit', action: 'ops.deposit' }));
  });

  test('file exports an uploaded file to --out', async () => {
    const c = await user();
    const pdf = testPdf('ops export');
    const up = await c.upload(`${CALLS.upload.path}/UserApply`, { filename: 'proof.pdf' }, pdf);
    const ossId = up.body.result.ossId;
    const out = join(mkdtempSync(join(tmpdir(), 'ops-file-')), 'proof.pdf');
    const r = await ops(['file', ossId, '--out', out]);
    expect(r.files[out].equals(pdf)).toBe(true);
    expect(r.out[0]).toContain('application/pdf');
    await expect(ops(['file', ossId])).rejects.toThrow(/--out/);
    expect(readFileSync(join(t.config.dataDir, 'files', (await t.db.query<{ k: string }>('SELECT storage_key AS k FROM files WHERE oss_id = $1', [ossId])).rows[0].k)).equals(pdf)).toBe(true);
  });
});
