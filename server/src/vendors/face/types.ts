/**
 * Face-check vendor (LivingBodyVerifyRaw): is a live face in the liveness video, and is it the person on the
 * identity card's photo? The service gives the files' bytes and the applicant's name and ID number (a police check
 * vendor compares those with its records); the vendor answers passed with the frame it chose, or a reason of the
 * domain's FACE_REASONS. Scores are kept with the check for staff.
 */
import type { FaceReason } from '@core/domain/face';

export interface FaceScores {
  /** frames sampled and the video's length in seconds */
  frames: number;
  seconds: number;
  /** the longest time with exactly one face in view */
  faceSeconds: number;
  /** the face's median brightness (0-255) and size (share of the frame) */
  brightness: number;
  faceShare: number;
  /** the face's largest movement (share of its size), the head's largest turn (degrees), a blink seen */
  move: number;
  turn: number;
  blink: boolean;
  /** the liveness and anti-spoofing models' median scores (0-1) */
  live: number;
  real: number;
  /** the likeness of the best frame to the identity card's face (0-1) */
  similarity: number;
  /** the check's time */
  ms: number;
}

export interface FaceCheckInput {
  video: Buffer;
  /** the identity card's portrait side as uploaded */
  idPhoto: Buffer;
  name: string;
  idNumber: string;
}

export type FaceCheckResult =
  | { passed: true; frame: Buffer; scores: Partial<FaceScores> }
  | { passed: false; reason: FaceReason | string; frame: Buffer | null; scores: Partial<FaceScores> };

export interface FaceVendor {
  readonly name: string;
  check(input: FaceCheckInput): Promise<FaceCheckResult>;
  /** starts the engines and loads their models now (a worker at start); resolves when they are ready */
  warm?(): Promise<void>;
  /** ends the engines (called when the app closes) */
  close(): Promise<void>;
}

/** More checks are waiting than the engines can finish in time: the caller answers "busy, try again". */
export class FaceBusyError extends Error {
  constructor(waiting: number) {
    super(`face check busy: ${waiting} checks waiting`);
    this.name = 'FaceBusyError';
  }
}
