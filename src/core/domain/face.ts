/**
 * Face liveness (LIVINGWITNESS; spec part 3 §2 "Face liveness", §3 "Liveness", §5 "Liveness upload states", §8
 * 150405 / 120207, §9 video limits): the video rules the phone and the service share, the upload's states, the
 * reasons a face check gives, what the applicant can do about each, and the recording the phone makes.
 */
import type { StepName } from './steps';

/** A video the phone records and the service accepts: 2 to 5 seconds; at most 50 MB sent; kept at most 3 MB. */
export const VIDEO_LIMITS = {
  minSeconds: 2,
  maxSeconds: 5,
  /** a file over this is not sent: the dialog offers the app and the service phones */
  maxUploadBytes: 50 * 1024 * 1024,
  /** the service brings a larger video under this by re-encoding it, or answers 120207 */
  maxStoredBytes: 3 * 1024 * 1024,
  /** how long the phone waits to learn a chosen file's length */
  durationTimeoutMs: 10_000,
  /** a failed upload is sent again up to this many times (60 s each) */
  uploadRetries: 3,
} as const;

/**
 * What the phone records: the front camera at a modest size and bit rate, no sound. About 0.6 MB for 5 s, well under
 * the 3 MB the service keeps; the recording stops by itself at the longest length.
 */
export const RECORDING = {
  width: 640,
  height: 480,
  videoBitsPerSecond: 900_000,
  /**
   * the recording the phone stops at, and the longest it asks the native app's camera for: half a second under
   * maxSeconds, so that a recording's container (its first frame's offset, the last frame's time) never reads over 5 s
   */
  stopAfterMs: 4_500,
  /** the shortest recording the screen accepts before the stop button works */
  minMs: 2_500,
} as const;

/** Containers in the order the phone prefers them (MP4 where the browser records it, as iOS Safari does). */
export const VIDEO_TYPES = ['video/mp4;codecs=avc1', 'video/mp4', 'video/webm;codecs=vp8', 'video/webm;codecs=vp9', 'video/webm'] as const;

/** The container of a video file by its first bytes: an ISO BMFF `ftyp` box (MP4, MOV) or WebM's EBML header. */
export function videoContainerOf(head: Uint8Array): 'mp4' | 'webm' | null {
  if (head.length >= 12 && head[4] === 0x66 && head[5] === 0x74 && head[6] === 0x79 && head[7] === 0x70) return 'mp4';
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  return null;
}

export type VideoLengthRule = 'videoTooShort' | 'videoTooLong' | null;

/**
 * The length rule (spec part 3 §5, §9): 2 to 5 seconds, both ends included, nothing over. The length is taken to the
 * millisecond (a length read as 5.0000001 s is 5 s), no further slack: a 5.1 s video is refused, on the phone and by
 * the service. The phone's own recordings stop at RECORDING.stopAfterMs, well inside the limit.
 */
export function checkVideoLength(seconds: number): VideoLengthRule {
  if (!Number.isFinite(seconds)) return 'videoTooShort';
  const ms = Math.round(seconds * 1000);
  if (ms < VIDEO_LIMITS.minSeconds * 1000) return 'videoTooShort';
  if (ms > VIDEO_LIMITS.maxSeconds * 1000) return 'videoTooLong';
  return null;
}

// ---------------------------------------------------------------- the upload's states

/** spec part 3 §5: init, calculating, uploading, completing, done (verifying). */
export const UPLOAD_STATES = ['init', 'calculating', 'uploading', 'completing', 'done'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

export type UploadEvent = 'start' | 'measured' | 'sent' | 'stored' | 'failed' | 'reset';

/**
 * The upload's state machine: init → calculating (the length is read) → uploading (bytes sent) → completing (the
 * service stores, re-encodes if needed) → done (the face check runs). A failure or a new recording goes back to init;
 * an event a state does not take leaves it unchanged.
 */
export function nextUploadState(state: UploadState, event: UploadEvent): UploadState {
  if (event === 'failed' || event === 'reset') return 'init';
  const moves: Partial<Record<UploadState, Partial<Record<UploadEvent, UploadState>>>> = {
    init: { start: 'calculating' },
    calculating: { measured: 'uploading' },
    uploading: { sent: 'completing' },
    completing: { stored: 'done' },
  };
  return moves[state]?.[event] ?? state;
}

/**
 * The stages the applicant sees while a video is sent and checked (the five upload states grouped by what the
 * applicant waits for): upload (calculating, uploading with its real progress, completing), check (done = verifying:
 * the face against the ID card photo), done (the check answered).
 */
export const FACE_STAGES = ['upload', 'check', 'done'] as const;
export type FaceStage = (typeof FACE_STAGES)[number];
export const faceStageOf = (s: UploadState): FaceStage => (s === 'done' ? 'check' : 'upload');

/**
 * How long the face check usually takes once the video is stored, said to the applicant as "usually 15-25 seconds"
 * (docs/decisions.md): the local check samples the video at FACE_CHECK.sampleFps and runs the detector, the
 * embedding and the liveness model on each frame; past `max` the page says it is taking longer than usual.
 */
export const FACE_CHECK_USUAL_SECONDS = { min: 15, max: 25 } as const;

// ---------------------------------------------------------------- the queue of face checks (capacity)

/**
 * Where the caller's face check stands in the service's queue (LivingBodyQueue): waiting behind `ahead` others,
 * being checked now, or none (answered already, or never sent). `etaSeconds`: the service's estimate until its answer.
 */
export const FACE_QUEUE_STATES = ['waiting', 'checking', 'none'] as const;
export type FaceQueueState = (typeof FACE_QUEUE_STATES)[number];

/** How often the phone asks where its check stands while it waits (after the first FACE_QUEUE_POLL_MS). */
export const FACE_QUEUE_POLL_MS = 2000;

/**
 * A busy answer (100503) carries `retryAfterSeconds`: the phone waits that long, counting down, and sends the same
 * video again by itself, this many times, before it asks the applicant to try later (the video is not recorded again).
 */
export const FACE_BUSY_RETRIES = 2;

/**
 * The shortest and the longest wait a busy answer names: under 5 s the phone would be back before a place is free;
 * a phone that counts down longer than 120 s loses its applicant. A card reading that was busy names OCR_RETRY_AFTER_S.
 */
export const FACE_RETRY_AFTER_MIN_S = 5;
export const FACE_RETRY_AFTER_MAX_S = 120;
export const OCR_RETRY_AFTER_S = 10;

/** The seconds a busy answer (100503) asks the phone to wait before it tries again, or null when it names none. */
export function faceRetryAfterSeconds(data: unknown): number | null {
  const s = (data as { retryAfterSeconds?: unknown } | null | undefined)?.retryAfterSeconds;
  return typeof s === 'number' && Number.isFinite(s) && s > 0 ? Math.min(FACE_RETRY_AFTER_MAX_S, Math.ceil(s)) : null;
}

/**
 * The wait until a check's answer: the checks ahead shared among the engines at work, one check's time each, plus
 * its own. `secondsPerCheck`: FACE_SECONDS_PER_CHECK, measured on the deployment's engines.
 */
export function faceWaitSeconds(q: { ahead: number; engines: number; secondsPerCheck: number }): number {
  const rounds = Math.floor(Math.max(0, q.ahead) / Math.max(1, q.engines)) + 1;
  return Math.ceil(rounds * q.secondsPerCheck);
}

// ---------------------------------------------------------------- the face check's reasons (150405)

/**
 * The 24 reasons a face check gives (the message of a 150405), each with a localised text under
 * `liveness.reasons.<code>`. The local check gives the liveness and matching ones; the police-check ones come from
 * an outside vendor (FACE_VENDOR=http). Any other message is shown as it came, or as the generic failure.
 */
export const FACE_REASONS = [
  // the recording
  'LIGHT_TOO_DARK',
  'LIGHT_TOO_BRIGHT',
  'NO_FACE',
  'MULTIPLE_FACES',
  'FACE_TOO_SMALL',
  'FACE_OFF_CENTRE',
  'FACE_TOO_SHORT',
  'FACE_BLURRY',
  'FACE_COVERED',
  'EYES_CLOSED',
  'NO_MOTION',
  'NOT_LIVE',
  'VIDEO_TOO_SHORT',
  'VIDEO_TOO_LONG',
  'VIDEO_UNREADABLE',
  // the comparison with the identity card
  'FACE_MISMATCH',
  'ID_PHOTO_NO_FACE',
  'ID_NUMBER_WRONG',
  'NAME_WRONG',
  // the police check (an outside vendor)
  'ID_NAME_MISMATCH',
  'ID_NOT_FOUND',
  'POLICE_PHOTO_MISSING',
  'POLICE_SERVICE_DOWN',
  // the applicant's tries
  'ATTEMPTS_LIMIT',
] as const;
export type FaceReason = (typeof FACE_REASONS)[number];

export const isFaceReason = (v: unknown): v is FaceReason => typeof v === 'string' && (FACE_REASONS as readonly string[]).includes(v);

/** How a 150405's message shows: a known reason's text, the message itself when it reads as a sentence, else the generic one. */
export function faceFailureText(message: unknown): { reason: FaceReason } | { raw: string } | { generic: true } {
  if (isFaceReason(message)) return { reason: message };
  if (typeof message === 'string') {
    const text = message.trim();
    // a vendor's own sentence (not a code, not an empty or overlong string)
    if (text.length >= 4 && text.length <= 120 && !/^[A-Z0-9_]+$/.test(text)) return { raw: text };
  }
  return { generic: true };
}

// ---------------------------------------------------------------- what the applicant does about a failure

/**
 * What a failed check leaves the applicant to do (issue 25):
 * - `record`: record again (the recording itself, or its face, was the problem);
 * - `step`: fix another step of the application (the ID card photo, or the ID card information), then come back to
 *   the liveness step; `fix` names the button (liveness.fix.<fix>);
 * - `later`: a service is down; nothing to change, try again later (or call);
 * - `tomorrow`: today's tries are used up (FACE_ATTEMPTS_PER_DAY, Hong Kong days); try tomorrow (or call);
 * - `contact`: nothing the applicant can change online makes the check pass; call the service lines.
 */
export type FaceFix =
  | { kind: 'record' }
  | { kind: 'step'; step: StepName; fix: 'idPhoto' | 'idInfo' | 'userInfo' }
  | { kind: 'later' }
  | { kind: 'tomorrow' }
  | { kind: 'contact' };

/** Where each part the comparison reads lives, by client type: the first of these the application may open. */
const HOLDERS = {
  idPhoto: [{ step: 'IDCARD', fix: 'idPhoto' }, { step: 'HK_IDCARD', fix: 'idPhoto' }],
  idNumber: [{ step: 'IDCARD', fix: 'idInfo' }, { step: 'HK_IDCARD', fix: 'idInfo' }],
  name: [{ step: 'IDCARD', fix: 'idInfo' }, { step: 'USERINFO', fix: 'userInfo' }],
} as const satisfies Record<string, readonly { step: StepName; fix: 'idPhoto' | 'idInfo' | 'userInfo' }[]>;

/** The part of the application a reason points at (the rest of the reasons point at none). */
const POINTS_AT: Partial<Record<FaceReason, keyof typeof HOLDERS>> = {
  ID_PHOTO_NO_FACE: 'idPhoto',
  ID_NUMBER_WRONG: 'idNumber',
  NAME_WRONG: 'name',
  // the police record does not take this name with this number: both are on the identity step (cn); hk's number
  ID_NAME_MISMATCH: 'idNumber',
};

const CANNOT_FIX: Partial<Record<FaceReason, 'later' | 'tomorrow' | 'contact'>> = {
  POLICE_SERVICE_DOWN: 'later',
  ATTEMPTS_LIMIT: 'tomorrow',
  ID_NOT_FOUND: 'contact',
  POLICE_PHOTO_MISSING: 'contact',
};

/**
 * What to offer for a failed check's reason (null: a vendor's own sentence or the generic failure: record again).
 * `editable` is the steps the applicant may open now, in the flow's order: the application's list, or under a
 * rejection only the steps sent back. A reason pointing at a step the applicant may not open is one to call about.
 */
export function faceFixOf(reason: FaceReason | null, editable: readonly StepName[]): FaceFix {
  if (!reason) return { kind: 'record' };
  const part = POINTS_AT[reason];
  if (part) {
    const holder = HOLDERS[part].find((h) => editable.includes(h.step));
    return holder ? { kind: 'step', step: holder.step, fix: holder.fix } : { kind: 'contact' };
  }
  const other = CANNOT_FIX[reason];
  return other ? { kind: other } : { kind: 'record' };
}

/** Face checks one application may run in a day (then ATTEMPTS_LIMIT until the next day, Hong Kong time). */
export const FACE_ATTEMPTS_PER_DAY = 5;

/**
 * The thresholds of the local check (server/src/vendors/face): measured on our sample faces (docs/decisions.md,
 * scripts/face-accuracy.ts: genuine pairs 0.75-0.98, impostors up to 0.64).
 * Similarity is Human's embedding similarity (0-1); the frame rate is what the check samples the video at.
 */
export const FACE_CHECK = {
  sampleFps: 6,
  minFaceSeconds: 2,
  matchSimilarity: 0.65,
  /** a face's box must be at least this share of the frame's shorter side */
  minFaceShare: 0.18,
  /** mean brightness (0-255) of the face below which it is too dark, above which too bright */
  minBrightness: 45,
  maxBrightness: 225,
  /** head movement: the face box centre moves by this share of its size, or the head turns by this many degrees */
  minMoveShare: 0.06,
  minTurnDegrees: 6,
  /** the liveness model's score (0-1) under which the face is not a live person */
  minLive: 0.3,
} as const;
