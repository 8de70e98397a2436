/**
 * The calls of server/src/modules/improve-info: the broker's request to complete information (issue 13).
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { IMPROVE_ITEMS } from '../improve-info';
import { subAcctId, type CallWires } from './shared';

export const improveInfoCalls = {
  improveInfoDetail: {
    summary: "The broker's open request to complete information, with what is on file",
    req: z.object({ subAcctId }),
    res: z.object({
      /** the open request, or null when there is none */
      request: z
        .object({ requestId: z.string(), items: z.array(z.enum(IMPROVE_ITEMS)), message: z.string().nullable(), createdAt: z.string() })
        .nullable(),
      /** what the rules need (the same on the page and the service) */
      context: z.object({ clientType: z.enum(['cn', 'hk']), birthday: z.string().nullable(), employment: z.string().nullable() }),
      /** the answers on file from the opening, by item (the page starts from them) */
      prefill: z.record(z.string(), z.record(z.string(), z.unknown())),
    }),
  },
  improveInfoSubmit: {
    summary: "Answer the broker's request to complete information",
    /** an answer for every item of the request (src/core/domain/improve-info.ts); files: the caller's uploads */
    req: z.object({ subAcctId, requestId: z.string().min(6).max(64), answers: z.record(z.string().max(32), z.unknown()) }),
    res: z.object({ status: z.number(), completedAt: z.string() }),
  },
} as const satisfies CallWires;
