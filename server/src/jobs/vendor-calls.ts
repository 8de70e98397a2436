/**
 * Face checks and card readings as jobs (face.check, ocr.read): the vendor call runs where jobs are worked (the
 * worker; with JOBS=inline this process), the request waits for its result with its usual time-out (FACE_TIMEOUT_MS,
 * OCR_TIMEOUT_MS). Files travel by storage key, never as bytes in the job: the request stores the card it cut out
 * (and removes it after), the worker stores the frame the face check chose (the request adopts it as the caller's file).
 *
 * A vendor busy (its own queue full) answers {busy: true}: the request answers 100503. So does a job no worker
 * took before the time-out (a full queue); a job taken but not finished in time is an error (100500), as before.
 * A vendor that failed answers {error} (the request answers 100500): thrown, the job would be run a second time by
 * the queue's retry, which is there for a worker stopped with the job in hand.
 * The name and ID number given to the face check, and what the OCR read, travel sealed (seal.ts).
 */
import { ErrorCode } from '@core/domain';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { FileStorage } from '../storage';
import type { Vendors } from '../vendors';
import { FaceBusyError } from '../vendors/face';
import type { BankCardText, IdCardText } from '../vendors/ocr';
import { JobTimeoutError, type Jobs } from './queue';
import { seal, unseal } from './seal';
import type { FaceJob, FaceJobResult, FacePerson, JobHandler, JobName, PayloadOf, ResultOf } from './types';

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
      r = await deps.vendors.face.check({ video, idPhoto, name: person.name, idNumber: person.idNumber });
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
      const text = job.kind === 'idcard' ? await deps.vendors.ocr.readIdCard(card, { today: job.today }) : await deps.vendors.ocr.readBankCard(card);
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

/** runAndWait for a request: a job no worker took in time is 100503 (try again); other failures stay errors. */
export async function runForRequest<N extends JobName>(jobs: Jobs, name: N, payload: PayloadOf<N>, timeoutMs: number): Promise<ResultOf<N>> {
  try {
    return await jobs.runAndWait(name, payload, timeoutMs);
  } catch (err) {
    if (err instanceof JobTimeoutError && !err.started) throw new AppError(ErrorCode.BUSY);
    throw err;
  }
}

export interface RequestJobDeps {
  config: Config;
  jobs: Jobs;
  storage: FileStorage;
}

/** A face check through the queue; 100503 when FACE_QUEUE checks wait already, or the vendor is busy. */
export async function checkFaceByJob(
  deps: RequestJobDeps,
  check: { videoKey: string; idPhotoKey: string } & FacePerson,
): Promise<Extract<FaceJobResult, { busy: false; error?: undefined }>> {
  if ((await deps.jobs.countWaiting('face.check', deps.config.face.maxWaiting)) >= deps.config.face.maxWaiting) throw new AppError(ErrorCode.BUSY);
  const job: FaceJob = { videoKey: check.videoKey, idPhotoKey: check.idPhotoKey, sealedPerson: seal(deps.config.secrets.signingSecret, { name: check.name, idNumber: check.idNumber }) };
  const r = await runForRequest(deps.jobs, 'face.check', job, deps.config.face.timeoutMs);
  if (r.busy) throw new AppError(ErrorCode.BUSY);
  if (r.error !== undefined) throw new VendorFailedError('face check', r.error);
  return r;
}

async function readByJob<T>(deps: RequestJobDeps, card: Buffer, read: (cardKey: string) => Promise<T>): Promise<T> {
  const stored = await deps.storage.put(card);
  try {
    return await read(stored.key);
  } finally {
    await deps.storage.remove(stored.key).catch(() => undefined);
  }
}

/** The vendor's reading of an ID card cut out of a photo, through the queue (100503 when busy). */
export async function readIdCardByJob(deps: RequestJobDeps, card: Buffer, today: string): Promise<{ text: IdCardText; vendor: string }> {
  return readByJob(deps, card, async (cardKey) => {
    const r = await runForRequest(deps.jobs, 'ocr.read', { kind: 'idcard', cardKey, today }, deps.config.ocr.timeoutMs);
    if (r.busy) throw new AppError(ErrorCode.BUSY);
    if (r.error !== undefined) throw new VendorFailedError('ID card reading', r.error);
    return { text: unseal<IdCardText>(deps.config.secrets.signingSecret, r.sealedText), vendor: r.vendor };
  });
}

/** The vendor's reading of a bank card, through the queue (100503 when busy). */
export async function readBankCardByJob(deps: RequestJobDeps, card: Buffer): Promise<{ text: BankCardText; vendor: string }> {
  return readByJob(deps, card, async (cardKey) => {
    const r = await runForRequest(deps.jobs, 'ocr.read', { kind: 'bankcard', cardKey }, deps.config.ocr.timeoutMs);
    if (r.busy) throw new AppError(ErrorCode.BUSY);
    if (r.error !== undefined) throw new VendorFailedError('bank card reading', r.error);
    return { text: unseal<BankCardText>(deps.config.secrets.signingSecret, r.sealedText), vendor: r.vendor };
  });
}
