/**
 * KYC retention (issue 38): `ops erase-expired` on a real migrated database and file store, the clock moved by days
 * and years. An abandoned draft goes with its files and is recorded; a recent draft, an application closed within the
 * retention period and an opened client's records stay; --dry-run changes nothing.
 */
import { CALLS, STEPS_OF, STEP_VERSION } from '@core/domain';
import { findCommand } from '../src/ops/commands';
import { checkParams, parseArgv, type OpsIo } from '../src/ops/framework';
import { runCommand } from '../src/ops/run';
import type { ErasureReport } from '../src/modules/retention/service';
import { createTestApp, TestClock, type TestApp, type TestClient } from './helpers';
import { validStepData } from './step-fixtures';
import { testPng } from './upload-fixtures';

const DAY = 24 * 3600_000;
const T0 = Date.UTC(2031, 0, 10, 2, 0, 0);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: new TestClock(T0) });
});
afterAll(() => t.close());

async function ops(argv: string[]): Promise<{ result: ErasureReport; out: string }> {
  const [name, ...rest] = argv;
  const cmd = findCommand(name)!;
  const params = checkParams(cmd, cmd.parse(parseArgv(rest)));
  const result = (await runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, name, params)) as ErasureReport;
  const out: string[] = [];
  const io: OpsIo = { out: (s) => out.push(s), writeFile: () => undefined };
  cmd.print!(result, params, io);
  return { result, out: out.join('\n') };
}

async function uploadTo(c: TestClient, seed: number): Promise<{ ossId: string; key: string }> {
  const res = await c.upload(`${CALLS.upload.path}/UserApply`, { filename: `photo-${seed}.png` }, testPng({ seed }));
  expect(res.body.error).toBeUndefined();
  const ossId = (res.body.result as { ossId: string }).ossId;
  const { rows } = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE oss_id = $1', [ossId]);
  return { ossId, key: rows[0].storage_key };
}

async function startWithFile(phone: string, seed: number): Promise<{ c: TestClient; appId: string; file: { ossId: string; key: string } }> {
  const c = await t.login(phone);
  const start = await c.call('applyStart', { oaType: 2 });
  const appId = start.body.result.appId as string;
  return { c, appId, file: await uploadTo(c, seed) };
}

async function submit(c: TestClient, appId: string): Promise<void> {
  for (const step of STEPS_OF.hk) {
    const res = await c.call('applyUpdate', { appId, stepVersion: STEP_VERSION, currentStep: step, data: await validStepData(c, step, appId) });
    expect(res.body.error).toBeUndefined();
  }
  expect((await c.call('applySubmit', { appId })).body.result.application.applyStatus).toBe(1200);
}

const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0].n;
const hasApp = (appId: string) => count('applications WHERE app_id = $1', [appId]).then((n) => n === 1);
const stored = (key: string) => t.storage.read(key).then(
  () => true,
  () => false,
);

/** Every row count of the tables the erasure touches, and whether each object is in the store: a dry run leaves all alike. */
async function snapshot(keys: string[]) {
  const tables = ['applications', 'files', 'users', 'sessions', 'login_codes', 'sms_outbox', 'identity_numbers', 'application_snapshots', 'erasures'];
  const counts = Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await count(table)] as const)));
  return { counts, objects: await Promise.all(keys.map(stored)) };
}

test('abandoned drafts and closed applications past retention go with their files and are recorded; recent drafts, live and opened clients stay; --dry-run changes nothing', async () => {
  // at T0: a draft with a photo, a client whose account is opened, an application closed by the broker
  const draft = await startWithFile('61110001', 1);
  const opened = await startWithFile('61110002', 2);
  await submit(opened.c, opened.appId);
  await runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, 'approve', { appId: opened.appId });
  const closed = await startWithFile('61110003', 3);
  await submit(closed.c, closed.appId);
  await runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, 'close', { appId: closed.appId, reason: 'duplicate', message: 'You hold an account with us already.' });
  const underReview = await startWithFile('61110004', 4);
  await submit(underReview.c, underReview.appId);

  // 60 days on: a new draft
  t.clock.advance(60 * DAY);
  const recent = await startWithFile('61110005', 5);

  // 91 days after T0: the first draft is past KYC_DRAFT_DAYS (90), the recent one is not
  t.clock.set(T0 + 91 * DAY);
  const keys = [draft, opened, closed, underReview, recent].map((a) => a.file.key);
  const before = await snapshot(keys);
  expect(before.objects).toEqual([true, true, true, true, true]);

  const dry = await ops(['erase-expired', '--dry-run']);
  expect(dry.result.dryRun).toBe(true);
  expect(dry.result.applications.map((a) => [a.appId, a.reason, a.files])).toEqual([[draft.appId, 'draft-abandoned', 1]]);
  expect(dry.result.expired.sessions).toBeGreaterThan(0);
  expect(dry.result.expired.login_codes).toBeGreaterThan(0);
  expect(dry.out).toContain('dry run: nothing changed');
  expect(await snapshot(keys)).toEqual(before);

  const run = await ops(['erase-expired']);
  expect(run.result.failures).toEqual([]);
  expect(run.result.applications.map((a) => [a.appId, a.reason])).toEqual([[draft.appId, 'draft-abandoned']]);
  expect(run.result.applications[0].rows).toEqual(expect.objectContaining({ applications: 1, files: 1 }));
  // the draft, its file row and its bytes are gone; its login, left with nothing, too
  expect(await hasApp(draft.appId)).toBe(false);
  expect(await count('files WHERE oss_id = $1', [draft.file.ossId])).toBe(0);
  expect(await stored(draft.file.key)).toBe(false);
  expect(await count('users WHERE id = $1', [draft.c.user!.userId])).toBe(0);
  expect(run.result.users.map((u) => u.userId)).toEqual([draft.c.user!.userId]);
  // recorded, by id and reason only
  const { rows: records } = await t.db.query<{ kind: string; subject: string | null; reason: string; actor: string; erased: { files?: number; rows: Record<string, number> } }>(
    'SELECT kind, subject, reason, actor, erased FROM erasures ORDER BY id',
  );
  expect(records.map((r) => [r.kind, r.subject, r.reason, r.actor])).toEqual([
    ['application', draft.appId, 'draft-abandoned', 'ops:erase-expired'],
    ['user', draft.c.user!.userId, 'no-application-left', 'ops:erase-expired'],
    ['expired', null, 'expired', 'ops:erase-expired'],
  ]);
  expect(records[0].erased.files).toBe(1);
  expect(JSON.stringify(records)).not.toContain('61110001');
  // expired codes and sessions went; everything else stays
  expect(await count('sessions')).toBe(0);
  expect(await count('login_codes WHERE sent_at < $1', [new Date(T0 + 89 * DAY)])).toBe(0);
  for (const kept of [opened, closed, underReview, recent]) {
    expect(await hasApp(kept.appId)).toBe(true);
    expect(await stored(kept.file.key)).toBe(true);
  }

  // a second run finds nothing more
  const again = await ops(['erase-expired']);
  expect(again.result.applications).toEqual([]);
  expect(again.result.users).toEqual([]);

  // 7 years and a day after the closing (KYC_RETENTION_YEARS 7): the closed application and the recent draft go;
  // the opened client's and the one under review stay
  t.clock.set(Date.UTC(2038, 0, 11, 3, 0, 0));
  const late = await ops(['erase-expired']);
  expect(late.result.failures).toEqual([]);
  expect(late.result.applications.map((a) => [a.appId, a.reason]).sort()).toEqual(
    [
      [closed.appId, 'closed-past-retention'],
      [recent.appId, 'draft-abandoned'],
    ].sort(),
  );
  expect(await hasApp(closed.appId)).toBe(false);
  expect(await stored(closed.file.key)).toBe(false);
  expect(await count('identity_numbers WHERE app_id = $1', [closed.appId])).toBe(0);
  expect(await hasApp(opened.appId)).toBe(true);
  expect(await stored(opened.file.key)).toBe(true);
  expect(await count('accounts WHERE app_id = $1', [opened.appId])).toBe(1);
  expect(await hasApp(underReview.appId)).toBe(true);
  expect(await stored(underReview.file.key)).toBe(true);
  // the closing's decision history (no identity data) outlives the application
  expect(await count("application_events WHERE app_id = $1 AND kind = 'close'", [closed.appId])).toBe(1);
});

test('a closed application within the retention period is kept, a day before it ends too', async () => {
  const c = await startWithFile('61120001', 11);
  await submit(c.c, c.appId);
  const closedAt = t.clock.now();
  await runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, 'close', { appId: c.appId, reason: 'other', message: 'Closed at your request.' });
  t.clock.set(closedAt + 7 * 365 * DAY - DAY); // under 7 calendar years
  expect((await ops(['erase-expired'])).result.applications.map((a) => a.appId)).not.toContain(c.appId);
  expect(await hasApp(c.appId)).toBe(true);
  expect(await stored(c.file.key)).toBe(true);
});

test('KYC_RETENTION_YEARS below the 5 years the regulation asks is refused by name', async () => {
  await expect(createTestApp({ env: { KYC_RETENTION_YEARS: '3' } })).rejects.toThrow(/KYC_RETENTION_YEARS/);
});
