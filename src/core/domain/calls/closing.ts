/**
 * The calls of server/src/modules/closing: the agreements of the closing steps (issue 10).
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { appId, type CallWires } from './shared';

export const closingCalls = {
  applyProtocolStatus: {
    summary: 'Which agreements the applicant has signed',
    /** 0 hides the asset-transfer box, nonzero shows it, 2 ticks and locks it */
    req: z.object({ applyId: appId }),
    res: z.object({ status: z.number().int() }),
  },
  applyAssetTransferSign: {
    summary: 'Sign the asset transfer agreement',
    req: z.object({ authorType: z.literal(1), applyId: appId }),
    res: z.object({ status: z.number().int() }),
  },
} as const satisfies CallWires;
