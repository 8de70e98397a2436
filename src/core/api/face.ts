/**
 * Face liveness calls: the video upload (sealed like Upload, with progress; a failed send is tried again up to
 * VIDEO_LIMITS.uploadRetries times), the face check and its confirmation.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_CALLS as CALLS } from '../domain/calls';
import type { Req, Res } from '../domain/contract';
import { FACE_QUEUE_POLL_MS, VIDEO_LIMITS } from '../domain/face';
import { ApiError } from './api-error';
import { callApi } from './client';
import { queryKeys } from './keys';
import { sealedUpload } from './upload';

/** Uploads the recorded video → {ossId, ossUrl, seconds}; only a network failure or a timeout is tried again. */
export async function uploadVideo(video: Blob, filename: string, onProgress?: (pct: number) => void): Promise<Res<'videoUpload'>> {
  const bytes = new Uint8Array(await video.arrayBuffer());
  const def = CALLS.videoUpload;
  for (let attempt = 0; ; attempt++) {
    try {
      onProgress?.(0);
      const r = await sealedUpload<Res<'videoUpload'>>(def.path, def.timeout, filename, bytes, onProgress);
      onProgress?.(100);
      return r;
    } catch (e) {
      if (!(e instanceof ApiError && e.code === 'NETWORK') || attempt >= VIDEO_LIMITS.uploadRetries) throw e;
    }
  }
}

export const verifyFace = (req: Req<'livingBodyVerifyRaw'>) => callApi('livingBodyVerifyRaw', req);
/**
 * Where the applicant's face check stands while it is checked (LivingBodyQueue), asked every FACE_QUEUE_POLL_MS while
 * `enabled`; a failed ask is not retried nor reported (the next one comes in two seconds, and the check goes on).
 */
export const faceQueueQuery = (appId: string) =>
  queryOptions({ queryKey: queryKeys.faceQueue(appId), queryFn: ({ signal }) => callApi('livingBodyQueue', { appId }, { signal }), retry: false, staleTime: 0, gcTime: 0 });

export function useFaceQueue(appId: string, enabled: boolean) {
  return useQuery({ ...faceQueueQuery(appId), enabled, refetchInterval: enabled ? FACE_QUEUE_POLL_MS : false });
}

export const confirmFace = (req: Req<'livingBodyConfirm'>) => callApi('livingBodyConfirm', req);
