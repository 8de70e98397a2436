import { createHttpFace } from './http';
import { createLocalFace } from './local';
import type { FaceVendor } from './types';

export type { FaceCheckInput, FaceCheckResult, FaceScores, FaceVendor } from './types';
export { FaceBusyError } from './types';
export { createLocalFace } from './local';
export { createHttpFace } from './http';

export interface FaceSettings {
  vendor: 'local' | 'http';
  httpUrl?: string;
  httpKey?: string;
  timeoutMs: number;
  workers: number;
  maxWaiting: number;
}

/** The face-check vendor the settings choose (local: Human and ffmpeg in child processes, offline; http: a hosted one). */
export function createFace(settings: FaceSettings): FaceVendor {
  return settings.vendor === 'http'
    ? createHttpFace({ url: settings.httpUrl ?? '', key: settings.httpKey, timeoutMs: settings.timeoutMs })
    : createLocalFace({ workers: settings.workers, maxWaiting: settings.maxWaiting, timeoutMs: settings.timeoutMs });
}
