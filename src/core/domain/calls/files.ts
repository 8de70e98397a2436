/**
 * The calls of server/src/modules/files: uploads and signed downloads of the caller's files.
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { ossId, type CallWires } from './shared';

export const filesCalls = {
  upload: {
    summary: 'Upload a file (multipart, sealed)',
    /** plain form of the ciphered meta; multipart part `file` carries the (ciphered) bytes */
    meta: z.object({
      filename: z.string().min(1).max(200),
      subAccountId: z.string().max(64).optional(),
      fileIv: z.string().optional(),
    }),
    res: z.object({ ossId: z.string(), ossUrl: z.string() }),
  },
  download: {
    summary: 'Download a file by signed URL',
    req: z.object({
      ossid: ossId,
      subAccountId: z.string().max(64).optional(),
      preview: z.union([z.literal('0'), z.literal('1')]).optional(),
      exp: z.coerce.number().int().optional(),
      sig: z.string().max(128).optional(),
    }),
  },
  signedUrl: {
    summary: 'A fresh signed download URL for an own file',
    req: z.object({ ossid: ossId }),
    /** same form as Upload's ossUrl: a signed /oss/v1/Download URL, valid SIGNED_URL_TTL_S */
    res: z.object({ ossUrl: z.string() }),
  },
} as const satisfies CallWires;
