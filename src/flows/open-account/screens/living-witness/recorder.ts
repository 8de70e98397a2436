/**
 * The camera and the recording of the liveness video: the front camera at RECORDING's size, no sound; the
 * container MediaRecorder offers first among VIDEO_TYPES (MP4 where the browser records it, as iOS Safari does;
 * WebM otherwise); the length of a chosen file read from its metadata within VIDEO_LIMITS.durationTimeoutMs.
 */
import { RECORDING, VIDEO_LIMITS, VIDEO_TYPES } from '@core/domain/face';

/** The browser can show the camera and record it. */
export function canRecord(): boolean {
  return typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia && typeof MediaRecorder !== 'undefined';
}

/** The first container of VIDEO_TYPES this browser records ('' lets the browser choose). */
export function pickVideoType(): string {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return '';
  return VIDEO_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? '';
}

export const extensionOf = (mime: string) => (mime.includes('mp4') ? 'mp4' : mime.includes('quicktime') ? 'mov' : 'webm');

export type CameraFailure = 'denied' | 'unsupported';

export async function openCamera(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: 'user', width: { ideal: RECORDING.width }, height: { ideal: RECORDING.height } },
  });
}

export const cameraFailureOf = (err: unknown): CameraFailure =>
  err instanceof DOMException && (err.name === 'NotAllowedError' || err.name === 'SecurityError') ? 'denied' : 'unsupported';

export interface Recording {
  /** stops now (or resolves when the automatic stop came): the video and how long it ran */
  stop(): Promise<{ video: Blob; ms: number }>;
  /** the recording ended by itself (RECORDING.stopAfterMs) */
  ended: Promise<{ video: Blob; ms: number }>;
}

export function record(stream: MediaStream): Recording {
  const mimeType = pickVideoType();
  const recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), videoBitsPerSecond: RECORDING.videoBitsPerSecond });
  const chunks: Blob[] = [];
  const started = Date.now();
  recorder.ondataavailable = (e) => {
    if (e.data.size) chunks.push(e.data);
  };
  const ended = new Promise<{ video: Blob; ms: number }>((resolve) => {
    recorder.onstop = () => resolve({ video: new Blob(chunks, { type: recorder.mimeType || mimeType || 'video/webm' }), ms: Date.now() - started });
  });
  recorder.start(250);
  const timer = setTimeout(() => recorder.state !== 'inactive' && recorder.stop(), RECORDING.stopAfterMs);
  return {
    ended,
    stop() {
      clearTimeout(timer);
      if (recorder.state !== 'inactive') recorder.stop();
      return ended;
    },
  };
}

/**
 * A chosen video's length in seconds from its metadata (a WebM without a duration is sought to its end), or NaN when
 * it cannot be read within VIDEO_LIMITS.durationTimeoutMs.
 */
export function durationOf(video: Blob): Promise<number> {
  return new Promise((resolve) => {
    const el = document.createElement('video');
    const url = URL.createObjectURL(video);
    const done = (v: number) => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      el.removeAttribute('src');
      resolve(v);
    };
    const timer = setTimeout(() => done(NaN), VIDEO_LIMITS.durationTimeoutMs);
    el.preload = 'metadata';
    el.muted = true;
    el.onloadedmetadata = () => {
      if (Number.isFinite(el.duration)) return done(el.duration);
      el.ontimeupdate = () => {
        el.ontimeupdate = null;
        done(Number.isFinite(el.duration) ? el.duration : NaN);
      };
      el.currentTime = 1e7;
    };
    el.onerror = () => done(NaN);
    el.src = url;
  });
}
