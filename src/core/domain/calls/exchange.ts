/**
 * The calls of server/src/modules/exchange: automatic currency exchange of a cash account (issue 13).
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { subAcctId, type CallWires } from './shared';

export const exchangeCalls = {
  autoExchangeQuery: {
    summary: 'Whether automatic currency exchange is on for a cash account',
    req: z.object({ subAccountId: subAcctId }),
    /** 1 on, 0 off */
    res: z.object({ status: z.number() }),
  },
  autoExchangeChange: {
    summary: 'Switch automatic currency exchange of a cash account on or off',
    /** the ids of one of the caller's cash accounts, as HlInfoBySubId gave them; action 1 on, 2 off */
    req: z.object({ clientId: z.string().max(32), uin: z.string().max(32), accountId: z.string().max(32), subAccountId: subAcctId, action: z.union([z.literal(1), z.literal(2)]) }),
    res: z.object({ status: z.number() }),
  },
} as const satisfies CallWires;
