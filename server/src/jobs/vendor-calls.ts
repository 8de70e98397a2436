/**
 * Face checks and card readings as jobs (face.check, ocr.read): the vendor call runs where jobs are worked (the
 * worker; with JOBS=inline this process), the request waits for its result with its usual time-out (FACE_TIMEOUT_MS,
 * OCR_TIMEOUT_MS). Files travel by storage key, never as bytes in the job: the request stores the card it cut out
 * (and removes it after), the worker stores the frame the face check chose (the request adopts it as the caller's file).
 *
 * A vendor busy (its own queue full) answers {busy: true}: the request answers 100503, as does a job not answered
 * before the request's time-out, taken or not (engines slower than usual under a burst: busy, never an error), and a
 * face check whose estimated wait is past the time-out (refused at once instead of after it). Each 100503 names
 * `retryAfterSeconds`, the phone's countdown before it sends the same video again.
 * A vendor that failed answers {error} (the request answers 100500): thrown, the job would be run a second time by
 * the queue's retry, which is there for a worker stopped with the job in hand.
 * The name and ID number given to the face check, and what the OCR read, travel sealed (seal.ts).
 */
import { ErrorCode } from '@core/domain';
import { FACE_RETRY_AFTER_MAX_S, FACE_RETRY_AFTER_MIN_S, faceWaitSeconds, OCR_RETRY_AFTER_S } from '@core/domain/face';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { FileStorage } from '../storage';
import type { Vendors } from '../vendors';
import { FaceBusyError } from '../vendors/face';
import type { BankCardText, HkIdText, IdCardText, PassportMrzText } from '../vendors/ocr';
import { JobTimeoutError, type Jobs } from './queue';
import { seal, unseal } from './seal';
import { inSpan } from '../tracing';
import type { FaceJob, FaceJobResult, FacePerson, JobHandler, JobName, OcrJob, PayloadOf, ResultOf } from './types';

export interface VendorJobDeps {
  config: Config;
  vendors: Pick<Vendors, 'face' | 'ocr'>;
  storage: FileStorage;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** A vendor's failure answered by the job: an error of the request (100500), after the caller counted the attempt. */
export class VendorFailedError extends Error {
  constructor(vendorCall: string, message: string) {
    super(`${vendorCall} failed: ${message}`);
    this.name = 'VendorFailedError';
  }
}

export function faceHandler(deps: VendorJobDeps): JobHandler<'face.check'> {
  return async (job) => {
    const [video, idPhoto] = await Promise.all([deps.storage.read(job.videoKey), deps.storage.read(job.idPhotoKey)]);
    const person = unseal<FacePerson>(deps.config.secrets.signingSecret, job.sealedPerson);
    let r;
    try {
      r = await inSpan('vendor face.check', { 'esop.vendor': deps.vendors.face.name }, () => deps.vendors.face.check({ video, idPhoto, name: person.name, idNumber: person.idNumber }));
    } catch (err) {
      if (err instanceof FaceBusyError) return { busy: true };
      // answered, not thrown: a failed job is run again by the queue, i.e. the check would run twice
      return { busy: false, error: errorText(err) };
    }
    const frameKey = r.frame ? (await deps.storage.put(r.frame)).key : null;
    return { busy: false, passed: r.passed, reason: r.passed ? null : r.reason, frameKey, scores: r.scores, vendor: deps.vendors.face.name };
  };
}

export function ocrHandler(deps: VendorJobDeps): JobHandler<'ocr.read'> {
  return async (job) => {
    const card = await deps.storage.read(job.cardKey);
    try {
      const text = await inSpan<IdCardText | HkIdText | PassportMrzText | BankCardText>(`vendor ocr.${job.kind}`, { 'esop.vendor': deps.vendors.ocr.name }, () =>
        job.kind === 'idcard'
          ? deps.vendors.ocr.readIdCard(card, { today: job.today })
          : job.kind === 'hkid'
            ? deps.vendors.ocr.readHkIdCard(card)
            : job.kind === 'passport'
              ? deps.vendors.ocr.readPassportMrz(card)
              : deps.vendors.ocr.readBankCard(card),
      );
      return { busy: false, vendor: deps.vendors.ocr.name, sealedText: seal(deps.config.secrets.signingSecret, text) };
    } catch (err) {
      // the local engines' own queue is full (vendors/ocr/local.ts OcrBusyError)
      if ((err as Error)?.name === 'OcrBusyError') return { busy: true };
      // answered, not thrown: a failed job is run again by the queue, i.e. the card would be read twice
      return { busy: false, error: errorText(err) };
    }
  };
}

// ---------------------------------------------------------------- the request's side

/** A busy answer (100503) that tells the phone when to try again. */
export const busy = (retryAfterSeconds: number) =>
  new AppError(ErrorCode.BUSY, { data: { retryAfterSeconds: Math.min(FACE_RETRY_AFTER_MAX_S, Math.max(FACE_RETRY_AFTER_MIN_S, Math.ceil(retryAfterSeconds))) } });

/**
 * runAndWait for a request: a job not answered in time is 100503 (try again), whether a worker had taken it or not
 * (the engines are slower than the request's patience: a busy service, not an error); other failures stay errors.
 */
export async function runForRequest<N extends JobName>(jobs: Jobs, name: N, payload: PayloadOf<N>, timeoutMs: number, retryAfterSeconds = OCR_RETRY_AFTER_S): Promise<ResultOf<N>> {
  try {
    return await jobs.runAndWait(name, payload, timeoutMs);
  } catch (err) {
    if (err instanceof JobTimeoutError) throw busy(retryAfterSeconds);
    throw err;
  }
}

export interface RequestJobDeps {
  config: Config;
  jobs: Jobs;
  storage: FileStorage;
}

/** The engines at work on face checks now (at least one: a queue nobody works yet is worked by one when it starts). */
export async function faceEngines(jobs: Jobs): Promise<number> {
  return Math.max(1, await jobs.countActive('face.check').catch(() => 0));
}

/**
 * A face check through the queue. Admitted only when its answer can come within the request's time-out: the checks
 * waiting, shared among the engines at work, at FACE_SECONDS_PER_CHECK each (faceWaitSeconds); otherwise, or with
 * FACE_QUEUE checks waiting, or a busy vendor, 100503 at once with the seconds until a place is likely free.
 */
export async function checkFaceByJob(
  deps: RequestJobDeps,
  check: { videoKey: string; idPhotoKey: string; checkId: number } & FacePerson,
): Promise<Extract<FaceJobResult, { busy: false; error?: undefined }>> {
  const { maxWaiting, secondsPerCheck, timeoutMs } = deps.config.face;
  const [waiting, engines] = await Promise.all([deps.jobs.countWaiting('face.check', maxWaiting), faceEngines(deps.jobs)]);
  const eta = faceWaitSeconds({ ahead: waiting, engines, secondsPerCheck });
  const patience = timeoutMs / 1000;
  if (waiting >= maxWaiting || eta > patience) throw busy(Math.max(eta - patience, secondsPerCheck));
  const job: FaceJob = {
    checkId: check.checkId,
    videoKey: check.videoKey,
    idPhotoKey: check.idPhotoKey,
    sealedPerson: seal(deps.config.secrets.signingSecret, { name: check.name, idNumber: check.idNumber }),
  };
  const r = await runForRequest(deps.jobs, 'face.check', job, timeoutMs, eta);
  if (r.busy) throw busy(secondsPerCheck);
  if (r.error !== undefined) throw new VendorFailedError('face check', r.error);
  return r;
}

/**
 * A card read by the OCR vendor through the queue: the card stored for the worker (removed after), the job run within
 * OCR_TIMEOUT, 100503 when busy, the vendor's failure named by `what`, the reading unsealed.
 */
async function readByJob<T>(deps: RequestJobDeps, card: Buffer, job: DistributiveOmit<OcrJob, 'cardKey'>, what: string): Promise<{ text: T; vendor: string }> {
  const stored = await deps.storage.put(card);
  try {
    const r = await runForRequest(deps.jobs, 'ocr.read', { ...job, cardKey: stored.key } as OcrJob, deps.config.ocr.timeoutMs);
    if (r.busy) throw busy(OCR_RETRY_AFTER_S);
    if (r.error !== undefined) throw new VendorFailedError(what, r.error);
    return { text: unseal<T>(deps.config.secrets.signingSecret, r.sealedText), vendor: r.vendor };
  } finally {
    await deps.storage.remove(stored.key).catch(() => undefined);
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The vendor's reading of an ID card cut out of a photo, through the queue (100503 when busy). */
export const readIdCardByJob = (deps: RequestJobDeps, card: Buffer, today: string) => readByJob<IdCardText>(deps, card, { kind: 'idcard', today }, 'ID card reading');

/** The vendor's reading of a Hong Kong identity card's front, through the queue (100503 when busy). */
export const readHkIdCardByJob = (deps: RequestJobDeps, card: Buffer) => readByJob<HkIdText>(deps, card, { kind: 'hkid' }, 'HKID card reading');

/** The vendor's reading of a passport's machine-readable zone, through the queue (100503 when busy). */
export const readPassportMrzByJob = (deps: RequestJobDeps, page: Buffer) => readByJob<PassportMrzText>(deps, page, { kind: 'passport' }, 'passport reading');

/** The vendor's reading of a bank card, through the queue (100503 when busy). */
export const readBankCardByJob = (deps: RequestJobDeps, card: Buffer) => readByJob<BankCardText>(deps, card, { kind: 'bankcard' }, 'bank card reading');
