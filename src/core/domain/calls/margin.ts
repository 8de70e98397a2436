/**
 * The calls of server/src/modules/margin: the margin upgrade (issue 13).
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { subAcctId, type CallWires } from './shared';

export const marginCalls = {
  marginUpgradeQuery: {
    summary: 'What a cash account signs to upgrade to margin, and its latest request',
    req: z.object({ subAcctId }),
    /** the account type, the agreements this client signs to upgrade, why it cannot ask now (or null), its latest request */
    res: z.object({
      acctType: z.number(),
      agreements: z.array(z.string()),
      block: z.enum(['margin', 'pending', 'age']).nullable(),
      request: z.object({ requestId: z.string(), status: z.number(), message: z.string(), createdAt: z.string(), decidedAt: z.string().nullable() }).nullable(),
    }),
  },
  marginUpgradeApply: {
    summary: 'Ask to upgrade a cash account to margin',
    /** the agreements and statements the client confirmed (exactly the ones asked: domain/margin-upgrade.ts) */
    req: z.object({ subAcctId, agreements: z.array(z.string().max(40)).max(8), acknowledgements: z.array(z.string().max(40)).max(8) }),
    res: z.object({ requestId: z.string(), status: z.number() }),
  },
} as const satisfies CallWires;
