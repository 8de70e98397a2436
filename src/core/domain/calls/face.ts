/**
 * The calls of server/src/modules/face: face liveness: the video and the face check (issue 11).
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { FACE_QUEUE_STATES } from '../face';
import { appId, ossId, type CallWires } from './shared';

export const faceCalls = {
  videoUpload: {
    summary: 'Upload the liveness video (multipart, sealed)',
    /** as Upload's meta; the multipart part `file` carries the (ciphered) video */
    meta: z.object({ filename: z.string().min(1).max(200), fileIv: z.string().optional() }),
    /** seconds: the video's length as the service measured it */
    res: z.object({ ossId: z.string(), ossUrl: z.string(), seconds: z.number() }),
  },
  livingBodyVerifyRaw: {
    summary: "Check the liveness video against the ID card's portrait",
    /** the video (the caller's, from VideoUpload), the name and ID number of the saved IDCARD step and its portrait side's photo */
    req: z.object({
      appId,
      videoOssId: ossId,
      name: z.string().trim().min(1).max(50),
      idNumber: z.string().trim().min(15).max(18),
      idcardFrontOssId: ossId,
    }),
    /** id: the check's number (livingBodyVerifyId); imageOssId: the frame kept as evidence (the caller's JPEG) */
    res: z.object({ id: z.number().int().positive(), imageOssId: z.string() }),
  },
  livingBodyQueue: {
    summary: "Where the caller's face check stands in the queue",
    req: z.object({ appId }),
    /** waiting: `ahead` checks before it; checking: it runs now; none: no check of the application waits. etaSeconds: the estimate until its answer */
    res: z.object({ state: z.enum(FACE_QUEUE_STATES), ahead: z.number().int().min(0), etaSeconds: z.number().int().min(0) }),
  },
  livingBodyConfirm: {
    summary: 'Confirm a passed face check for the liveness step',
    req: z.object({ appId, livingBodyVerifyId: z.number().int().positive() }),
    res: z.object({ ok: z.literal(true) }),
  },
} as const satisfies CallWires;
