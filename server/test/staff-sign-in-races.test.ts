/**
 * The desk's sign-in under tries sent all at once (an attack script, or a double click): the wrong tries are counted
 * and the account locked atomically, so that no more than STAFF_LIMITS.failedSignIns tries in a row are ever checked
 * whatever the concurrency, and one authenticator code makes one session. On PGlite (one connection) and on
 * PostgreSQL (DATABASE_URL: a pool of connections, the statements really concurrent).
 */
import { generate } from 'otplib';
import { CALLS, ErrorCode, STAFF_LIMITS } from '@core/domain';
import { checkParams, parseArgv } from '../src/ops/framework';
import { findCommand } from '../src/ops/commands';
import { runCommand } from '../src/ops/run';
import type { NewStaff } from '../src/modules/staff/service';
import { MINUTE, createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
async function newStaff(): Promise<NewStaff> {
  const cmd = findCommand('staff-create')!;
  const params = checkParams(cmd, cmd.parse(parseArgv([`racer${++seq}`, '--role', 'reviewer', '--name', `Racer ${seq}`])));
  return (await runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, 'staff-create', params)) as NewStaff;
}

/** the authenticator's code at the test clock, and a code that is none of the steps taken around it */
const codeOf = (s: NewStaff, stepsLater = 0) => generate({ secret: s.totpSecret, epoch: Math.floor(t.clock.now() / 1000) + stepsLater * 30 });
async function wrongCodeOf(s: NewStaff): Promise<string> {
  const taken = await Promise.all([-1, 0, 1].map((d) => codeOf(s, d)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!taken.includes(code)) return code;
  }
}

let addresses = 0;
/** a sign-in from an address of its own (the per-address rate limit is not what these tests are about) */
async function signIn(input: { login: string; password: string; code: string }) {
  const n = ++addresses;
  const res = await t.app.inject({ method: 'POST', url: CALLS.staffSignIn.path, payload: input, remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });
  return { status: res.statusCode, body: res.json() as { result?: unknown; error?: { code: number; data?: { triesLeft?: number; retryAfterSeconds?: number } } } };
}

const answersOf = (results: Awaited<ReturnType<typeof signIn>>[]) => ({
  ok: results.filter((r) => r.status === 200 && r.body.result).length,
  failed: results.filter((r) => r.body.error?.code === ErrorCode.STAFF_SIGN_IN_FAILED).length,
  locked: results.filter((r) => r.body.error?.code === ErrorCode.STAFF_LOCKED).length,
});

/** the tries that were checked: each leaves one audit entry (a good one too) */
async function checkedTries(s: NewStaff): Promise<{ action: string; what?: string }[]> {
  const { rows } = await t.db.query<{ action: string; detail: { what?: string } | null }>(
    "SELECT action, detail FROM audit_log WHERE actor = $1 AND action LIKE 'staff.signIn%' ORDER BY id",
    [`staff:${s.staff.staffId}`],
  );
  return rows.map((r) => ({ action: r.action, ...(r.detail?.what ? { what: r.detail.what } : {}) }));
}

const sessionsOf = async (s: NewStaff) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_sessions WHERE staff_id = $1', [s.staff.staffId])).rows[0].n;

const LIMIT = STAFF_LIMITS.failedSignIns;

describe('tries sent all at once', () => {
  test('50 wrong passwords at once: only the allowed tries are checked, the rest answer locked unchecked, and the right password waits out the lock', async () => {
    const s = await newStaff();
    const code = await codeOf(s);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => signIn({ login: s.staff.login, password: `not the password ${i}`, code })));
    const answers = answersOf(results);
    // the last allowed try answers locked itself (as one after another: four "wrong", then locked)
    expect(answers).toEqual({ ok: 0, failed: LIMIT - 1, locked: 50 - (LIMIT - 1) });
    expect(results.filter((r) => r.status === 401).map((r) => r.body.error?.data?.triesLeft).sort()).toEqual(Array.from({ length: LIMIT - 1 }, (_, i) => i + 1));
    for (const r of results.filter((x) => x.body.error?.code === ErrorCode.STAFF_LOCKED)) {
      expect(r.status).toBe(429);
      expect(r.body.error?.data?.retryAfterSeconds).toBeGreaterThan(0);
      expect(r.body.error?.data?.retryAfterSeconds).toBeLessThanOrEqual(STAFF_LIMITS.lockMinutes * 60);
    }
    const checked = await checkedTries(s);
    expect(checked).toHaveLength(LIMIT);
    expect(checked.filter((c) => c.action === 'staff.signIn.locked')).toEqual([{ action: 'staff.signIn.locked', what: 'password' }]);

    // locked: the right password and code are not checked either
    const right = await signIn({ login: s.staff.login, password: s.password, code });
    expect([right.status, right.body.error?.code]).toEqual([429, ErrorCode.STAFF_LOCKED]);
    expect(await sessionsOf(s)).toBe(0);
    expect(await checkedTries(s)).toHaveLength(LIMIT);

    t.clock.advance(STAFF_LIMITS.lockMinutes * MINUTE);
    const after = await signIn({ login: s.staff.login, password: s.password, code: await codeOf(s) });
    expect(after.body.error).toBeUndefined();
    expect(await sessionsOf(s)).toBe(1);
  });

  test('30 wrong codes at once with the right password: only the allowed tries are checked, and the right code after them is refused while locked', async () => {
    const s = await newStaff();
    const wrong = await wrongCodeOf(s);
    const results = await Promise.all(Array.from({ length: 30 }, () => signIn({ login: s.staff.login, password: s.password, code: wrong })));
    expect(answersOf(results)).toEqual({ ok: 0, failed: LIMIT - 1, locked: 30 - (LIMIT - 1) });
    const checked = await checkedTries(s);
    expect(checked).toHaveLength(LIMIT);
    expect(checked.every((c) => c.what === 'code')).toBe(true);

    const right = await signIn({ login: s.staff.login, password: s.password, code: await codeOf(s) });
    expect([right.status, right.body.error?.code]).toEqual([429, ErrorCode.STAFF_LOCKED]);
    expect(await sessionsOf(s)).toBe(0);

    t.clock.advance(STAFF_LIMITS.lockMinutes * MINUTE);
    expect((await signIn({ login: s.staff.login, password: s.password, code: await codeOf(s) })).body.error).toBeUndefined();
  });

  test('10 sign-ins at once with the right password and the same code: one session, nine refusals', async () => {
    const s = await newStaff();
    const code = await codeOf(s);
    const results = await Promise.all(Array.from({ length: 10 }, () => signIn({ login: s.staff.login, password: s.password, code })));
    const answers = answersOf(results);
    expect(answers.ok).toBe(1);
    expect(answers.failed + answers.locked).toBe(9);
    expect(await sessionsOf(s)).toBe(1);
    expect((await checkedTries(s)).filter((c) => c.action === 'staff.signIn')).toHaveLength(1);

    // a later code signs in (after the lock that enough refused tries could have left)
    t.clock.advance(STAFF_LIMITS.lockMinutes * MINUTE);
    expect((await signIn({ login: s.staff.login, password: s.password, code: await codeOf(s) })).body.error).toBeUndefined();
    expect(await sessionsOf(s)).toBe(2);
  });

  test('tries one after another keep their answers: the tries left, then the lock on the last one', async () => {
    const s = await newStaff();
    const answers = [];
    for (let i = 0; i < LIMIT; i++) answers.push(await signIn({ login: s.staff.login, password: 'wrong', code: '123456' }));
    expect(answers.map((a) => a.body.error?.data)).toEqual([
      ...Array.from({ length: LIMIT - 1 }, (_, i) => ({ triesLeft: LIMIT - 1 - i })),
      { retryAfterSeconds: STAFF_LIMITS.lockMinutes * 60 },
    ]);
    t.clock.advance(MINUTE);
    const later = await signIn({ login: s.staff.login, password: s.password, code: await codeOf(s) });
    expect([later.body.error?.code, later.body.error?.data]).toEqual([ErrorCode.STAFF_LOCKED, { retryAfterSeconds: (STAFF_LIMITS.lockMinutes - 1) * 60 }]);
  });
});
