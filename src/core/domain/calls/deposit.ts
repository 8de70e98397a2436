/**
 * The calls of server/src/modules/deposit: after submission: the professional-person verification and the deposit
 * (issue 10).
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { DEPOSIT_AMOUNT } from '../result';
import { appId, fileRef, applicationView, type CallWires } from './shared';

export const depositCalls = {
  applyWitness: {
    summary: 'Send the professional-person verification documents',
    /** status 1500: identity and address proof (the caller's own files) handed to staff */
    req: z.object({ appId, idFiles: z.array(fileRef).min(1).max(3), addressFiles: z.array(fileRef).min(1).max(3) }),
    res: z.object({ application: applicationView }),
  },
  depositInfo: {
    summary: "The broker's receiving accounts and the minimum deposit",
    res: z.object({
      minimumHkd: z.number(),
      accounts: z.array(
        z.object({
          currency: z.enum(['HKD', 'USD', 'CNH']),
          bankName: z.string(),
          accountName: z.string(),
          accountNumber: z.string(),
          swift: z.string(),
        }),
      ),
    }),
  },
  depositNotice: {
    summary: 'Notify a deposit with its proof',
    /** amount: a decimal string with at most 2 decimals; proof: the caller's own image or PDF */
    req: z.object({
      appId,
      amount: z.string().regex(DEPOSIT_AMOUNT).refine((v) => Number(v) > 0),
      currency: z.enum(['HKD', 'USD', 'CNH']),
      payingBank: z.string().trim().min(2).max(100),
      proof: fileRef,
    }),
    res: z.object({ noticeId: z.string(), application: applicationView }),
  },
} as const satisfies CallWires;
