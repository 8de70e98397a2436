/**
 * Counted limits under parallel requests (issue 25): an attempt is counted by the statement (or under the lock)
 * that admits it, so that requests sent at once cannot all pass the limit. Run on PGlite and on PostgreSQL
 * (DATABASE_URL=... : the app's pool sends the requests over several connections, truly at once).
 * - LivingBodyVerifyRaw: FACE_ATTEMPTS_PER_DAY checks an application a day; a failing vendor runs once per check.
 * - Organisation signing's ApplyAuth: a ticket locks after SIGN_LIMITS.authAttempts wrong ID numbers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { CALLS, ErrorCode, SIGN_LIMITS } from '@core/domain';
import { FACE_ATTEMPTS_PER_DAY } from '@core/domain/face';
import { makeFaceVideo } from '../../scripts/make-face-video';
import { createOrganisation, issueTicket } from '../src/modules/org-sign/service';
import { FaceBusyError, type FaceCheckInput, type FaceCheckResult, type FaceVendor } from '../src/vendors/face';
import { createTestApp, type CallResult, type TestApp, type TestClient } from './helpers';
import { idcardData, saveStep, startApp, stepUser, type Ref } from './step-fixtures';

/**
 * A face vendor whose answer each test chooses, counting the checks it runs. Each check takes a little while, so
 * that the requests sent at once overlap (the limit must hold however they interleave; the wait only makes the
 * old race, counting before and storing after the check, show every time).
 */
class CountingFace implements FaceVendor {
  readonly name = 'counting';
  runs = 0;
  answer: 'pass' | 'throw' | 'busy' = 'pass';
  constructor(private frame: Buffer) {}
  async check(_input: FaceCheckInput): Promise<FaceCheckResult> {
    if (this.answer === 'busy') throw new FaceBusyError(99);
    this.runs++;
    await new Promise((r) => setTimeout(r, 150));
    if (this.answer === 'throw') throw new Error('the engine crashed');
    return { passed: true, frame: this.frame, scores: { similarity: 0.9 } };
  }
  async close(): Promise<void> {}
}

let t: TestApp;
let face: CountingFace;
let video: Buffer;
let newUser: () => Promise<TestClient>;

beforeAll(async () => {
  const frame = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#8a7' } }).jpeg().toBuffer();
  face = new CountingFace(frame);
  t = await createTestApp({ vendors: { face } });
  newUser = stepUser(t, '1371620', { start: 1000, areaCode: '86' });
  video = await makeFaceVideo(readFileSync(join(__dirname, 'fixtures', 'faces', 'astronaut.jpg')), { seconds: 2.5 });
}, 120_000);
afterAll(() => t.close());

/** A mainland applicant with a saved IDCARD step and an uploaded liveness video: the check's request. */
async function applicant() {
  const c = await newUser();
  const appId = await startApp(c, 1);
  const data = await idcardData(c);
  const saved = await saveStep(c, appId, 'IDCARD', data);
  expect([saved.status, saved.body.error]).toEqual([200, undefined]);
  const up = await c.upload(CALLS.videoUpload.path, { filename: 'v.mp4' }, video);
  expect([up.status, up.body.error]).toEqual([200, undefined]);
  const front = (data.documentInfo as { idCard: { front: Ref } }).idCard.front;
  const request = { appId, videoOssId: up.body.result.ossId as string, name: data.chineseName, idNumber: data.idNumber, idcardFrontOssId: front.ossId };
  return { c, appId, verify: () => c.call('livingBodyVerifyRaw', request) };
}

const outcomeOf = (r: CallResult) => (r.body.error ? `${r.body.error.code}${r.body.error.code === ErrorCode.FACE_FAILED ? ` ${r.body.error.message}` : ''}` : 'passed');
const tally = (list: string[]) => list.reduce<Record<string, number>>((acc, k) => ({ ...acc, [k]: (acc[k] ?? 0) + 1 }), {});

async function checksOf(appId: string) {
  const { rows } = await t.db.query<{ passed: boolean | null; reason: string | null; image_oss_id: string | null }>(
    'SELECT passed, reason, image_oss_id FROM face_checks WHERE app_id = $1 ORDER BY id',
    [appId],
  );
  return rows;
}

describe(`LivingBodyVerifyRaw: at most ${FACE_ATTEMPTS_PER_DAY} checks a day, whatever the concurrency`, () => {
  const SENT = FACE_ATTEMPTS_PER_DAY + 2;

  test(`${SENT} checks sent at once: ${FACE_ATTEMPTS_PER_DAY} run and are stored once each, the others get ATTEMPTS_LIMIT`, async () => {
    face.answer = 'pass';
    const a = await applicant();
    const runsBefore = face.runs;
    const answers = await Promise.all(Array.from({ length: SENT }, () => a.verify()));
    expect(tally(answers.map(outcomeOf))).toEqual({ passed: FACE_ATTEMPTS_PER_DAY, [`${ErrorCode.FACE_FAILED} ATTEMPTS_LIMIT`]: SENT - FACE_ATTEMPTS_PER_DAY });
    expect(face.runs - runsBefore).toBe(FACE_ATTEMPTS_PER_DAY);
    // one row per check that ran, each with its own frame, one audit entry each
    const rows = await checksOf(a.appId);
    expect(rows.map((r) => r.passed)).toEqual(Array(FACE_ATTEMPTS_PER_DAY).fill(true));
    expect(new Set(rows.map((r) => r.image_oss_id)).size).toBe(FACE_ATTEMPTS_PER_DAY);
    const ids = answers.filter((r) => !r.body.error).map((r) => r.body.result.imageOssId as string);
    expect(new Set(ids)).toEqual(new Set(rows.map((r) => r.image_oss_id)));
    const audited = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE app_id = $1 AND action = 'face.check'", [a.appId]);
    expect(audited.rows[0].n).toBe(FACE_ATTEMPTS_PER_DAY);
  });

  test('a check whose vendor fails runs once (not again by the job queue) and stays counted', async () => {
    face.answer = 'throw';
    const a = await applicant();
    const runsBefore = face.runs;
    const answers = await Promise.all(Array.from({ length: SENT }, () => a.verify()));
    expect(tally(answers.map(outcomeOf))).toEqual({ [ErrorCode.INTERNAL]: FACE_ATTEMPTS_PER_DAY, [`${ErrorCode.FACE_FAILED} ATTEMPTS_LIMIT`]: SENT - FACE_ATTEMPTS_PER_DAY });
    expect(face.runs - runsBefore).toBe(FACE_ATTEMPTS_PER_DAY);
    expect(await checksOf(a.appId)).toEqual(Array(FACE_ATTEMPTS_PER_DAY).fill({ passed: false, reason: 'CHECK_ERROR', image_oss_id: null }));
  });

  test('a check the busy vendor never ran is given back: 100503, not counted', async () => {
    face.answer = 'busy';
    const a = await applicant();
    const answers = await Promise.all(Array.from({ length: 3 }, () => a.verify()));
    expect(answers.map((r) => [r.status, r.body.error?.code])).toEqual(Array(3).fill([503, ErrorCode.BUSY]));
    expect(await checksOf(a.appId)).toEqual([]);
    face.answer = 'pass';
    const later = await Promise.all(Array.from({ length: FACE_ATTEMPTS_PER_DAY }, () => a.verify()));
    expect(later.map(outcomeOf)).toEqual(Array(FACE_ATTEMPTS_PER_DAY).fill('passed'));
  });
});

describe(`organisation signing's ApplyAuth: ${SIGN_LIMITS.authAttempts} wrong ID numbers lock the ticket, whatever the concurrency`, () => {
  let orgSeq = 0;
  const ops = () => ({ config: t.config, db: t.db, clock: t.clock, storage: t.storage });
  async function ticket(): Promise<string> {
    orgSeq++;
    const org = await createOrganisation(
      ops(),
      { name: `Parallel Trading ${orgSeq} Limited`, nameZh: `並行貿易${orgSeq}有限公司`, registrationNumber: `6${String(orgSeq).padStart(7, '0')}`, country: 'HK', signerName: 'CHAN Tai Man', signerIdNumber: 'K1234567' },
      'ops:test',
    );
    return (await issueTicket(ops(), { org: org.id }, 'ops:test')).ticket;
  }
  const WRONG = SIGN_LIMITS.authAttempts * 2;

  test(`${WRONG} wrong numbers at once: ${SIGN_LIMITS.authAttempts} are checked, the rest find the ticket locked; then the right one is refused`, async () => {
    const tk = await ticket();
    const c = await t.handshake();
    const answers = await Promise.all(Array.from({ length: WRONG }, (_, i) => c.call('signApplyAuth', { ticket: tk, idNumber: `K00000${String(i).padStart(2, '0')}` })));
    expect(tally(answers.map((r) => String(r.body.error?.code)))).toEqual({ [ErrorCode.SIGN_VERIFY_FAILED]: SIGN_LIMITS.authAttempts, [ErrorCode.SIGN_LOCKED]: WRONG - SIGN_LIMITS.authAttempts });
    expect((await c.call('signApplyAuth', { ticket: tk, idNumber: 'K1234567' })).body.error?.code).toBe(ErrorCode.SIGN_LOCKED);
  });

  test('the right number sent among wrong ones at once is let in only before the lock', async () => {
    const tk = await ticket();
    const c = await t.handshake();
    const calls = Array.from({ length: WRONG }, (_, i) => ({ ticket: tk, idNumber: `K00000${String(i).padStart(2, '0')}` }));
    calls.splice(WRONG / 2, 0, { ticket: tk, idNumber: 'K1234567' });
    const answers = await Promise.all(calls.map((p) => c.call('signApplyAuth', p)));
    const right = answers[WRONG / 2];
    const wrong = answers.filter((r) => r !== right).map((r) => r.body.error?.code);
    // exactly authAttempts wrong numbers were checked whatever the order; the right one got in or found the lock
    expect(wrong.filter((code) => code === ErrorCode.SIGN_VERIFY_FAILED)).toHaveLength(SIGN_LIMITS.authAttempts);
    expect(wrong.filter((code) => code !== ErrorCode.SIGN_VERIFY_FAILED).every((code) => code === ErrorCode.SIGN_LOCKED)).toBe(true);
    expect([undefined, ErrorCode.SIGN_LOCKED]).toContain(right.body.error?.code);
  });
});
