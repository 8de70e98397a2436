/**
 * Face liveness against a real migrated database and the real local face check (Human and ffmpeg in a child
 * process): VideoUpload, LivingBodyVerifyRaw, LivingBodyConfirm and the LIVINGWITNESS step, with videos made in the
 * test from public-domain faces (server/test/fixtures/faces): a moving face, a still photo, no face, another person.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CALLS, ErrorCode } from '@core/domain';
import { FACE_ATTEMPTS_PER_DAY, FACE_CHECK } from '@core/domain/face';
import { makeFaceVideo } from '../../scripts/make-face-video';
import { makeIdFront, SAMPLE_FRONT } from '../../scripts/make-card-images';
import { createLocalFace } from '../src/vendors/face';
import { findCommand } from '../src/ops/commands';
import { checkParams, parseArgv, type OpsIo } from '../src/ops/framework';
import { runCommand } from '../src/ops/run';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import { idcardData, invalidIssues, saveStep, startApp, stepUser, type Ref } from './step-fixtures';

const FACES = join(__dirname, 'fixtures', 'faces');
const face = (name: string) => readFileSync(join(FACES, name));

let t: TestApp;
let newUser: () => Promise<TestClient>;
let live: Buffer;
let still: Buffer;
let blank: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  newUser = stepUser(t, '1371500', { start: 1000, areaCode: '86' });
  [live, still, blank] = await Promise.all([
    makeFaceVideo(face('astronaut.jpg'), { seconds: 3, motion: 'move' }),
    makeFaceVideo(face('astronaut.jpg'), { seconds: 3, motion: 'still', format: 'webm' }),
    makeFaceVideo(readFileSync(join(__dirname, '..', '..', 'static', 'risk', 'speaker.png')), { seconds: 3 }),
  ]);
}, 120_000);
afterAll(() => t.close());

async function upload(c: TestClient, bytes: Buffer, filename = 'liveness.mp4') {
  return c.upload(CALLS.videoUpload.path, { filename }, bytes);
}

async function uploadOk(c: TestClient, bytes: Buffer): Promise<string> {
  const res = await upload(c, bytes);
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return res.body.result.ossId as string;
}

/** A mainland applicant whose saved IDCARD step's portrait side shows `portrait`: the application and that photo. */
async function applicant(portrait: string): Promise<{ c: TestClient; appId: string; front: Ref; name: string; idNumber: string }> {
  const c = await newUser();
  const appId = await startApp(c, 1);
  const card = await makeIdFront({ ...SAMPLE_FRONT, portrait: face(portrait) });
  const res = await c.upload(`${CALLS.upload.path}/UserInfo`, { filename: 'id-front.jpg' }, card);
  expect(res.status).toBe(200);
  const front: Ref = { ossId: res.body.result.ossId, url: res.body.result.ossUrl, description: 'id-front.jpg', ossCategory: 'UserInfo' };
  const data = await idcardData(c);
  const doc = data.documentInfo as { idCard: { front: Ref; back: Ref } };
  data.documentInfo = { ...doc, idCard: { ...doc.idCard, front } };
  const saved = await saveStep(c, appId, 'IDCARD', data);
  expect([saved.status, saved.body.error]).toEqual([200, undefined]);
  return { c, appId, front, name: data.chineseName as string, idNumber: data.idNumber as string };
}

const verify = (a: Awaited<ReturnType<typeof applicant>>, videoOssId: string, over: Record<string, unknown> = {}) =>
  a.c.call('livingBodyVerifyRaw', { appId: a.appId, videoOssId, name: a.name, idNumber: a.idNumber, idcardFrontOssId: a.front.ossId, ...over });

describe('VideoUpload', () => {
  test('an MP4 or WebM of 2-5 s is stored as the caller\'s file, with its length', async () => {
    const c = await newUser();
    const mp4 = await upload(c, live);
    expect(mp4.status).toBe(200);
    expect(mp4.body.result.seconds).toBeGreaterThanOrEqual(2.8);
    expect(mp4.body.result.seconds).toBeLessThanOrEqual(3.2);
    const webm = await upload(c, still, 'liveness.webm');
    expect(webm.status).toBe(200);
  });

  test('not a video (by content): 1009; too short or too long: 100400 with the rule', async () => {
    const c = await newUser();
    expect((await upload(c, face('astronaut.jpg'))).body.error?.code).toBe(ErrorCode.FILE_TYPE);
    const short = await makeFaceVideo(face('astronaut.jpg'), { seconds: 1 });
    expect(invalidIssues(await upload(c, short))).toEqual(['file:videoTooShort']);
    const long = await makeFaceVideo(face('astronaut.jpg'), { seconds: 7, fps: 8 });
    expect(invalidIssues(await upload(c, long))).toEqual(['file:videoTooLong']);
  }, 60_000);

  test('5 s is the longest taken: a 5.0 s video is stored, a 5.1 s one refused (videoTooLong), whatever the container', async () => {
    const c = await newUser();
    for (const format of ['mp4', 'webm'] as const) {
      const five = await upload(c, await makeFaceVideo(face('astronaut.jpg'), { seconds: 5, fps: 10, format }), `liveness.${format}`);
      expect([format, five.status, five.body.result?.seconds]).toEqual([format, 200, 5]);
      const over = await upload(c, await makeFaceVideo(face('astronaut.jpg'), { seconds: 5.1, fps: 10, format }), `liveness.${format}`);
      expect([format, invalidIssues(over)]).toEqual([format, ['file:videoTooLong']]);
    }
  }, 60_000);

  test('a video over 3 MB is re-encoded under it', async () => {
    const c = await newUser();
    const big = await makeFaceVideo(face('astronaut.jpg'), { seconds: 2.5, quality: 'lossless' });
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
    const res = await upload(c, big);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    const file = await t.db.query<{ size: number; mime: string }>('SELECT size, mime FROM files WHERE oss_id = $1', [res.body.result.ossId]);
    expect(file.rows[0].mime).toBe('video/mp4');
    expect(file.rows[0].size).toBeLessThanOrEqual(3 * 1024 * 1024);
  }, 90_000);
});

describe('LivingBodyVerifyRaw', () => {
  test('a live face that is the ID card\'s passes; the frame is kept; confirmed, the LIVINGWITNESS step saves', async () => {
    const a = await applicant('astronaut.jpg');
    const res = await verify(a, await uploadOk(a.c, live));
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    const { id, imageOssId } = res.body.result as { id: number; imageOssId: string };
    const row = await t.db.query<{ passed: boolean; scores: { similarity: number; faceSeconds: number; ms: number } }>('SELECT passed, scores FROM face_checks WHERE id = $1', [id]);
    expect(row.rows[0].passed).toBe(true);
    expect(row.rows[0].scores.similarity).toBeGreaterThanOrEqual(FACE_CHECK.matchSimilarity);
    expect(row.rows[0].scores.faceSeconds).toBeGreaterThanOrEqual(2);
    const frame = await t.db.query<{ owner_user_id: string; mime: string }>('SELECT owner_user_id, mime FROM files WHERE oss_id = $1', [imageOssId]);
    expect(frame.rows[0].mime).toBe('image/jpeg');

    expect((await a.c.call('livingBodyConfirm', { appId: a.appId, livingBodyVerifyId: id })).body.result).toEqual({ ok: true });
    // staff see the check with its scores and evidence (ops face-checks)
    const cmd = findCommand('face-checks')!;
    const params = checkParams(cmd, cmd.parse(parseArgv([a.appId])));
    const out: string[] = [];
    const io: OpsIo = { out: (l) => out.push(l), writeFile: () => undefined };
    cmd.print!(await runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, 'face-checks', params), params, io);
    expect(out.join('\n')).toMatch(new RegExp(`#${id} .* local +passed +confirmed\\n +seconds 3, faceSeconds 3, .*similarity 0\\.9\\d*, ms \\d+\\n +video \\S+ +frame ${imageOssId}`));
    const step = await saveStep(a.c, a.appId, 'LIVINGWITNESS', {
      livingBodyVerifyId: id,
      documentInfo: { livingBodyCertificationPicture: { ossId: imageOssId, description: 'liveness.jpg', ossCategory: 'UserApply' } },
    });
    expect([step.status, step.body.error]).toEqual([200, undefined]);
  }, 90_000);

  test('refused with its reason: another person on the card, a still photo, no face', async () => {
    const other = await applicant('solvay-04.jpg');
    const mismatch = await verify(other, await uploadOk(other.c, live));
    expect([mismatch.body.error?.code, mismatch.body.error?.message]).toEqual([ErrorCode.FACE_FAILED, 'FACE_MISMATCH']);

    const a = await applicant('astronaut.jpg');
    const photo = await verify(a, await uploadOk(a.c, still));
    expect([photo.body.error?.code, photo.body.error?.message]).toEqual([ErrorCode.FACE_FAILED, 'NO_MOTION']);
    const nobody = await verify(a, await uploadOk(a.c, blank));
    expect([nobody.body.error?.code, nobody.body.error?.message]).toEqual([ErrorCode.FACE_FAILED, 'NO_FACE']);
    // every check is kept, none passed: the step cannot name one
    const rows = await t.db.query<{ passed: boolean; reason: string }>('SELECT passed, reason FROM face_checks WHERE app_id = $1 ORDER BY id', [a.appId]);
    expect(rows.rows).toEqual([
      { passed: false, reason: 'NO_MOTION' },
      { passed: false, reason: 'NO_FACE' },
    ]);
  }, 120_000);

  test('a name or ID number other than the saved ID card\'s fails before any check; the photo must be the card\'s', async () => {
    const a = await applicant('astronaut.jpg');
    const video = await uploadOk(a.c, live);
    expect((await verify(a, video, { name: '李四' })).body.error?.message).toBe('NAME_WRONG');
    expect((await verify(a, video, { idNumber: '110101199003074514' })).body.error?.message).toBe('ID_NUMBER_WRONG');
    const other = await a.c.upload(`${CALLS.upload.path}/UserInfo`, { filename: 'x.jpg' }, face('astronaut.jpg'));
    expect(invalidIssues(await verify(a, video, { idcardFrontOssId: other.body.result.ossId }))).toEqual(['idcardFrontOssId:notTheIdCard']);
  }, 60_000);

  test("another user's video or application: refused", async () => {
    const a = await applicant('astronaut.jpg');
    const stranger = await newUser();
    const foreign = await uploadOk(stranger, live);
    expect((await verify(a, foreign)).body.error?.code).toBe(ErrorCode.FORBIDDEN);
    const res = await stranger.call('livingBodyVerifyRaw', { appId: a.appId, videoOssId: foreign, name: a.name, idNumber: a.idNumber, idcardFrontOssId: a.front.ossId });
    expect(res.body.error?.code).toBe(ErrorCode.NO_APPLICATION);
  }, 60_000);

  test(`after ${FACE_ATTEMPTS_PER_DAY} checks in a day: ATTEMPTS_LIMIT`, async () => {
    const a = await applicant('astronaut.jpg');
    for (let i = 0; i < FACE_ATTEMPTS_PER_DAY; i++) {
      await t.db.query("INSERT INTO face_checks (app_id, passed, reason, created_at) VALUES ($1, false, 'NO_FACE', $2)", [a.appId, new Date(t.clock.now())]);
    }
    const res = await verify(a, await uploadOk(a.c, live));
    expect([res.body.error?.code, res.body.error?.message]).toEqual([ErrorCode.FACE_FAILED, 'ATTEMPTS_LIMIT']);
  }, 60_000);

  test('a confirmation or a step naming a failed check, or none of the application: refused', async () => {
    const a = await applicant('astronaut.jpg');
    const { rows } = await t.db.query<{ id: string }>("INSERT INTO face_checks (app_id, passed, reason) VALUES ($1, false, 'NO_FACE') RETURNING id", [a.appId]);
    expect(invalidIssues(await a.c.call('livingBodyConfirm', { appId: a.appId, livingBodyVerifyId: Number(rows[0].id) }))).toEqual(['livingBodyVerifyId:notPassed']);
  });
});

test('a full queue of checks answers 100503 at once', async () => {
  const busy = await createTestApp({ vendors: { face: createLocalFace({ maxWaiting: 0 }) } });
  try {
    const maker = stepUser(busy, '1371510', { start: 1000, areaCode: '86' });
    const c = await maker();
    const appId = await startApp(c, 1);
    const data = await idcardData(c);
    expect((await saveStep(c, appId, 'IDCARD', data)).status).toBe(200);
    const video = await c.upload(CALLS.videoUpload.path, { filename: 'v.mp4' }, live);
    const front = (data.documentInfo as { idCard: { front: Ref } }).idCard.front;
    const res = await c.call('livingBodyVerifyRaw', { appId, videoOssId: video.body.result.ossId, name: data.chineseName, idNumber: data.idNumber, idcardFrontOssId: front.ossId });
    expect([res.status, res.body.error?.code]).toEqual([503, ErrorCode.BUSY]);
    // the wait it names, in the body for the phone's count-down and in HTTP
    expect([res.body.error?.data, res.headers['retry-after']]).toEqual([{ retryAfterSeconds: 7 }, '7']);
  } finally {
    await busy.close();
  }
}, 60_000);

test("LivingBodyQueue: where the caller's check waits (checks ahead, estimate), none when nothing waits; only the caller's application", async () => {
  const a = await applicant('astronaut.jpg');
  expect((await a.c.call('livingBodyQueue', { appId: a.appId })).body.result).toEqual({ state: 'none', ahead: 0, etaSeconds: 0 });
  // another applicant's check queued first, then this one's (deferred an hour: no engine takes them here)
  const later = new Date(Date.now() + 3_600_000);
  const job = (checkId: number) => ({ checkId, videoKey: `00/${'0'.repeat(32)}`, idPhotoKey: `00/${'1'.repeat(32)}`, sealedPerson: 's' });
  const first = await t.app.deps.jobs.send('face.check', job(987_654), { startAfter: later });
  await new Promise((resolve) => setTimeout(resolve, 5)); // created one after the other
  const { rows } = await t.db.query<{ id: string }>("INSERT INTO face_checks (app_id, passed, video_oss_id, vendor) VALUES ($1, NULL, 'v', 'local') RETURNING id", [a.appId]);
  const mine = await t.app.deps.jobs.send('face.check', job(Number(rows[0].id)), { startAfter: later });
  try {
    const q = await a.c.call('livingBodyQueue', { appId: a.appId });
    // one ahead on one engine: two checks' time (FACE_SECONDS_PER_CHECK 7)
    expect(q.body.result).toEqual({ state: 'waiting', ahead: 1, etaSeconds: 14 });
    const other = await newUser();
    expect((await other.call('livingBodyQueue', { appId: a.appId })).body.error?.code).toBe(ErrorCode.NO_APPLICATION);
  } finally {
    await t.app.deps.jobs.boss.cancel('face.check', [first!, mine!]);
    await t.db.query('DELETE FROM face_checks WHERE id = $1', [rows[0].id]);
  }
});
