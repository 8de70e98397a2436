/**
 * The calls of server/src/modules/transfer-in: stock transfer-in (issue 13); needs the asset-transfer agreement
 * signed (ApplyAssetTransferSign).
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { appId, subAcctId, applicationView, type CallWires } from './shared';

/** A stock transfer-in request as the client sees it (src/core/domain/transfer-in.ts has its rules). */
export const transferInView = z.object({
  requestId: z.string(),
  /** 1 requested, 3 confirming, 5 done, 2 failed, 4 refused */
  status: z.number(),
  /** the other broker's code (brokers.ts; 32 other: brokerName and, if given, ccassId) */
  broker: z.number(),
  brokerName: z.string().nullable(),
  ccassId: z.string().nullable(),
  brokerAccount: z.string(),
  /** the receiving account */
  subAcctId: z.string(),
  stocks: z.array(z.object({ market: z.string(), code: z.string(), quantity: z.number() })),
  /** the staff's message (why it failed or was refused) */
  message: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** every status it had, oldest first */
  history: z.array(z.object({ status: z.number(), at: z.string(), message: z.string().nullable() })),
});
export type TransferInView = z.infer<typeof transferInView>;

export const transferInCalls = {
  transferInList: {
    summary: "The application's stock transfer-in requests with their status history",
    req: z.object({ applyId: appId }),
    /** newest first */
    res: z.object({ items: z.array(transferInView) }),
  },
  transferInApply: {
    summary: 'File a stock transfer-in request from another broker',
    /** shapes and lengths only here: the rules (codes, quantities, the broker list) are the domain's transferInIssues */
    req: z.object({
      applyId: appId,
      subAcctId,
      broker: z.number().int(),
      brokerName: z.string().max(200).optional(),
      ccassId: z.string().max(20).optional(),
      brokerAccount: z.string().max(100),
      stocks: z.array(z.object({ market: z.string().max(8), code: z.string().max(16), quantity: z.number() })).max(50),
    }),
    res: z.object({ request: transferInView, application: applicationView }),
  },
} as const satisfies CallWires;
