/**
 * The jobs, by name: what a sender gives (payload: ids, storage keys and small values, never file bytes) and what
 * the job answers (result, kept by pg-boss with the completed job and read back by runAndWait).
 */
import type { FaceScores } from '../vendors/face';

/** A login code's SMS: the code travels sealed (modules/auth/sms-job.ts), never in clear in the job table. */
export interface SmsJob {
  /** the login_codes row (its salt) the code belongs to */
  salt: string;
  areaCode: string;
  phone: string;
  lang: string;
  sealedCode: string;
}

export interface FaceJob {
  /** the face_checks row the job answers (LivingBodyQueue finds the caller's job by it) */
  checkId?: number;
  videoKey: string;
  idPhotoKey: string;
  /** {name, idNumber} sealed (seal.ts) */
  sealedPerson: string;
}

/** What the face check is told of the person (sealed in the job). */
export interface FacePerson {
  name: string;
  idNumber: string;
}

/**
 * A face check done: the frame the vendor chose is stored (frameKey) for the web to adopt as the caller's file.
 * A vendor that failed is an answer too ({error}), not a failed job: pg-boss would run a failed job again, and the
 * check would run twice for one request (its retry is kept for a worker that stopped with the job in hand).
 */
export type FaceJobResult =
  | { busy: true }
  | { busy: false; error: string }
  | { busy: false; error?: undefined; passed: boolean; reason: string | null; frameKey: string | null; scores: Partial<FaceScores>; vendor: string };

export type OcrJob = { kind: 'idcard'; cardKey: string; today: string } | { kind: 'hkid'; cardKey: string } | { kind: 'passport'; cardKey: string } | { kind: 'bankcard'; cardKey: string };

/** The vendor's reading, sealed (seal.ts): an IdCardText for kind idcard, an HkIdText for hkid, a PassportMrzText for passport, a BankCardText for bankcard (vendors/ocr). */
/** A vendor that failed is an answer ({error}), as for the face check: the reading is not run again. */
export type OcrJobResult = { busy: true } | { busy: false; error: string } | { busy: false; error?: undefined; vendor: string; sealedText: string };


export interface JobTypes {
  'sms.send': { payload: SmsJob; result: { sent: boolean; skipped?: 'gone' | 'sent' | 'expired' } };
  'outbox.sweep': { payload: Record<string, never>; result: { queued: number } };
  'outbox.deliver': { payload: { eventId: number }; result: { outcome: 'delivered' | 'duplicate' | 'published' } };
  'face.check': { payload: FaceJob; result: FaceJobResult };
  'ocr.read': { payload: OcrJob; result: OcrJobResult };
}

export type JobName = keyof JobTypes;
export type PayloadOf<N extends JobName> = JobTypes[N]['payload'];
export type ResultOf<N extends JobName> = JobTypes[N]['result'];

export const JOB_NAMES = ['sms.send', 'outbox.sweep', 'outbox.deliver', 'face.check', 'ocr.read'] as const satisfies readonly JobName[];

/** What a handler is told about the job it runs. */
export interface JobContext {
  id: string;
  /** 0 on the first attempt */
  retryCount: number;
  retryLimit: number;
  /** aborted when the queue stops without waiting for the handler (or the job expires) */
  signal: AbortSignal;
}

export type JobHandler<N extends JobName> = (payload: PayloadOf<N>, job: JobContext) => Promise<ResultOf<N>>;
export type JobHandlers = { [N in JobName]?: JobHandler<N> };
