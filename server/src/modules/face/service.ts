/**
 * Face liveness (LIVINGWITNESS, mainland applicants; spec part 3 §2, §3, §7, §8):
 * - VideoUpload: the caller's video, MP4 or WebM by content (and decoded only as that container, with its allowed
 *   codecs: vendors/face/ffmpeg.ts; anything else is videoUnreadable), at most 50 MB; its length measured (2-5 s, else 100400
 *   videoTooShort / videoTooLong); one over 3 MB re-encoded (H.264, 640 px, no sound), 120207 when it stays over.
 * - LivingBodyVerifyRaw: the caller's video against the portrait side of the saved IDCARD step, with that step's
 *   name and ID number; at most FACE_ATTEMPTS_PER_DAY checks an application a day, each counted (its face_checks row
 *   reserved under a lock on the application) before it runs, whatever the concurrency. The vendor runs as a job (in the
 *   worker, jobs/vendor-calls.ts), the request waiting for its result; FACE_QUEUE checks waiting, or a busy vendor, is 100503. Every check is kept (face_checks: passed, reason, scores, the chosen frame as
 *   the caller's file); a failed one answers 150405 with the reason as the message.
 * - LivingBodyConfirm: marks the caller's passed check as the one the step names.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, type Res } from '@core/domain';
import { checkVideoLength, FACE_ATTEMPTS_PER_DAY, faceWaitSeconds, VIDEO_LIMITS, videoContainerOf, type FaceReason } from '@core/domain/face';
import { todayInHongKong } from '@core/domain/identity';
import { str } from '@core/domain/step-rules/types';
import { audit } from '../../db/audit';
import { AppError } from '../../errors';
import { findOwnedFile } from '../files';
import { storeUpload, type FilesDeps } from '../files';
import { ownedActive } from '../applications';
import { isLockedForEditing, isRejected } from '@core/domain/status';
import type { AppRow } from '../applications';
import { FFMPEG_LIMITS, runFfmpeg, videoInput, type VideoContainer } from '../../vendors/face/ffmpeg';
import { checkFaceByJob, faceEngines } from '../../jobs/vendor-calls';
import * as repo from './repository';
import type { Jobs } from '../../jobs/queue';

export interface FaceDeps extends FilesDeps {
  /** the check runs as a job (face.check: jobs/vendor-calls.ts), in the worker */
  jobs: Jobs;
}

const STEP = 'LIVINGWITNESS';
const VIDEO_TYPES = ['video/mp4', 'video/webm'];

/** the reason kept for a check whose vendor failed or did not answer in time (staff see it; the request answers 100500) */
const CHECK_ERROR = 'CHECK_ERROR';

const invalid = (path: string, message: string) => new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path, message }] } });
const failed = (reason: FaceReason | string) => new AppError(ErrorCode.FACE_FAILED, { message: reason });

/** The step may be worked on: in the application's list, not submitted (or sent back with this step). */
function assertStepOpen(row: AppRow): void {
  if (!row.steps.includes(STEP)) throw invalid('appId', 'stepNotInApplication');
  if (isLockedForEditing(row.apply_status, row.client_status)) throw new AppError(ErrorCode.APPLICATION_LOCKED);
  if (isRejected(row.apply_status) && !(row.reject_data?.steps ?? []).includes(STEP)) throw new AppError(ErrorCode.APPLICATION_LOCKED);
}

// ---------------------------------------------------------------- the video

/**
 * The video's length in seconds: its frames evened out to 30 a second (MediaRecorder's frames come unevenly, and
 * Chrome's WebM carries no duration) and counted, decoded tiny.
 */
async function lengthOf(path: string, container: VideoContainer): Promise<number> {
  const raw = await runFfmpeg([...videoInput(path, container), '-an', '-map', '0:v:0', '-vf', 'fps=30,scale=8:8', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], 30_000).catch(() => null);
  return raw && raw.length ? raw.length / 64 / 30 : NaN;
}

/** Re-encodes a video to H.264 MP4, 640 px on its longer side, no sound, at a bit rate that fits 5 s in 3 MB. */
async function reencode(path: string, container: VideoContainer, dir: string): Promise<Buffer> {
  const out = join(dir, 'small.mp4');
  await runFfmpeg(
    [...videoInput(path, container), '-an', '-map', '0:v:0', '-vf', "scale='if(gt(iw,ih),640,-2)':'if(gt(iw,ih),-2,640)'", '-c:v', 'libx264', '-threads', String(FFMPEG_LIMITS.threads), '-preset', 'veryfast', '-b:v', '1500k', '-maxrate', '2000k', '-bufsize', '2000k', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', out],
    45_000,
  );
  return readFile(out);
}

export async function storeVideo(deps: FaceDeps, userId: string, upload: { filename: string; bytes: Uint8Array }): Promise<Res<'videoUpload'>> {
  if (upload.bytes.byteLength > VIDEO_LIMITS.maxUploadBytes) throw new AppError(ErrorCode.FILE_TOO_LARGE);
  const container = videoContainerOf(upload.bytes.subarray(0, 16));
  if (!container) throw new AppError(ErrorCode.FILE_TYPE);
  const dir = await mkdtemp(join(tmpdir(), 'video-'));
  try {
    const path = join(dir, `in.${container}`);
    await writeFile(path, upload.bytes);
    const seconds = await lengthOf(path, container);
    if (!Number.isFinite(seconds)) throw invalid('file', 'videoUnreadable');
    const rule = checkVideoLength(seconds);
    if (rule) throw invalid('file', rule);
    let bytes: Uint8Array = upload.bytes;
    let name = upload.filename;
    if (bytes.byteLength > VIDEO_LIMITS.maxStoredBytes) {
      bytes = await reencode(path, container, dir).catch(() => Buffer.alloc(0));
      if (!bytes.byteLength || bytes.byteLength > VIDEO_LIMITS.maxStoredBytes) throw new AppError(ErrorCode.VIDEO_TOO_LARGE);
      name = name.replace(/\.[^.]*$/, '') + '.mp4';
    }
    const stored = await storeUpload(deps, userId, { category: 'UserApply', filename: name, bytes }, 'video');
    return { ...stored, seconds: Math.round(seconds * 100) / 100 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- the check

/** The storage key of the caller's file of one of these types (the job reads the bytes). */
async function ownedKey(deps: FaceDeps, userId: string, ossId: string, mimes: readonly string[]): Promise<string> {
  const file = await findOwnedFile(deps.db, userId, ossId);
  if (!file) throw new AppError(ErrorCode.FORBIDDEN);
  if (!mimes.includes(file.mime)) throw new AppError(ErrorCode.FILE_TYPE);
  return file.storage_key;
}

/** The portrait side's photos of the saved IDCARD step (the upload and the card cut out of it). */
function idFrontsOf(row: AppRow): string[] {
  const idcard = (row.data.IDCARD ?? {}) as Record<string, unknown>;
  const doc = (idcard.documentInfo ?? {}) as Record<string, { front?: { ossId?: unknown } } | undefined>;
  return [doc.idCard?.front?.ossId, doc.CropIdCard?.front?.ossId].filter((v): v is string => typeof v === 'string');
}

/** The start of the day in Hong Kong (UTC+8, no daylight saving): the daily count's window. */
const hongKongMidnight = (now: number) => new Date(`${todayInHongKong(now)}T00:00:00+08:00`);

export async function verify(deps: FaceDeps, userId: string, req: { appId: string; videoOssId: string; name: string; idNumber: string; idcardFrontOssId: string }): Promise<Res<'livingBodyVerifyRaw'>> {
  const now = deps.clock.now();
  const at = new Date(now);
  const first = await ownedActive(deps.db, userId, req.appId);
  assertStepOpen(first);
  if (!idFrontsOf(first).includes(req.idcardFrontOssId)) throw invalid('idcardFrontOssId', 'notTheIdCard');
  const videoKey = await ownedKey(deps, userId, req.videoOssId, VIDEO_TYPES);
  const idPhotoKey = await ownedKey(deps, userId, req.idcardFrontOssId, ['image/jpeg', 'image/png']);

  // the attempt is counted by the statement that admits it (under a lock on the application): parallel requests
  // cannot all pass FACE_ATTEMPTS_PER_DAY; the check runs only with its row reserved
  const { row, checkId } = await deps.db.transaction(async (tx) => {
    const locked = await ownedActive(tx, userId, req.appId);
    assertStepOpen(locked);
    const id = await repo.reserveCheck(tx, { appId: locked.app_id, videoOssId: req.videoOssId, vendor: deps.config.face.vendor, at, since: hongKongMidnight(now), limit: FACE_ATTEMPTS_PER_DAY });
    return { row: locked, checkId: id };
  });
  if (checkId === null) throw failed('ATTEMPTS_LIMIT');

  // what the phone sends must be what the application holds (a police check compares these with its records)
  const idcard = (row.data.IDCARD ?? {}) as Record<string, unknown>;
  const reasonBefore: FaceReason | null =
    req.idNumber.toUpperCase() !== str(idcard.idNumber).toUpperCase() ? 'ID_NUMBER_WRONG' : req.name !== str(idcard.chineseName) ? 'NAME_WRONG' : null;

  let outcome: { passed: boolean; reason: string | null; frameKey: string | null; scores: Record<string, unknown>; vendor: string | null };
  let image: { ossId: string } | null = null;
  try {
    if (reasonBefore) {
      outcome = { passed: false, reason: reasonBefore, frameKey: null, scores: {}, vendor: null };
    } else {
      // 100503 when too many checks wait or the vendor is busy
      outcome = await checkFaceByJob(deps, { checkId, videoKey, idPhotoKey, name: req.name, idNumber: req.idNumber });
    }
    // the frame the check chose, stored by the job: kept as the caller's file
    if (outcome.frameKey) {
      const frameKey = outcome.frameKey;
      try {
        image = await storeUpload(deps, userId, { category: 'UserApply', filename: 'liveness.jpg', bytes: await deps.storage.read(frameKey) });
      } finally {
        await deps.storage.remove(frameKey).catch(() => undefined);
      }
    }
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCode.BUSY) {
      // the vendor never ran (a full queue, a busy vendor, no worker in time): the attempt is given back
      await repo.releaseCheck(deps.db, checkId);
    } else {
      // it ran (or may have) and failed: it stays counted, so that a video that breaks the check is not free to repeat
      await repo.finishCheck(deps.db, checkId, { passed: false, reason: CHECK_ERROR, imageOssId: null, scores: {}, vendor: deps.config.face.vendor });
    }
    throw err;
  }

  await deps.db.transaction(async (tx) => {
    await repo.finishCheck(tx, checkId, {
      passed: outcome.passed,
      reason: outcome.reason,
      imageOssId: image?.ossId ?? null,
      scores: outcome.scores,
      vendor: outcome.vendor ?? deps.config.face.vendor,
    });
    await audit(tx, {
      actor: `user:${userId}`,
      userId,
      appId: row.app_id,
      action: 'face.check',
      step: STEP,
      detail: { id: checkId, passed: outcome.passed, reason: outcome.reason },
      at,
    });
  });
  if (!outcome.passed) throw failed(outcome.reason ?? 'NOT_LIVE');
  return { id: checkId, imageOssId: image!.ossId };
}

/**
 * Where the caller's face check of the application stands (LivingBodyQueue): waiting with the checks ahead of it and
 * the estimate, being checked, or none. The application must be the caller's.
 */
export async function queueState(deps: FaceDeps, userId: string, appId: string): Promise<Res<'livingBodyQueue'>> {
  const row = await ownedActive(deps.db, userId, appId);
  const checkId = await repo.pendingCheckOf(deps.db, row.app_id);
  const none = { state: 'none' as const, ahead: 0, etaSeconds: 0 };
  if (checkId === null) return none;
  const { secondsPerCheck } = deps.config.face;
  const [at, engines] = await Promise.all([deps.jobs.position('face.check', { checkId }), faceEngines(deps.jobs)]);
  // reserved and not sent yet (the ID is being compared with the application): as good as being checked
  if (!at || at.state === 'active') return { state: 'checking', ahead: 0, etaSeconds: Math.ceil(secondsPerCheck) };
  if (at.state === 'settled') return none;
  return { state: 'waiting', ahead: at.ahead, etaSeconds: faceWaitSeconds({ ahead: at.ahead, engines, secondsPerCheck }) };
}

export async function confirm(deps: FaceDeps, userId: string, req: { appId: string; livingBodyVerifyId: number }): Promise<Res<'livingBodyConfirm'>> {
  return deps.db.transaction(async (tx) => {
    const row = await ownedActive(tx, userId, req.appId);
    assertStepOpen(row);
    if (!(await repo.confirmCheck(tx, req.livingBodyVerifyId, row.app_id, new Date(deps.clock.now())))) throw invalid('livingBodyVerifyId', 'notPassed');
    return { ok: true as const };
  });
}
