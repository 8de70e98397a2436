/**
 * The calls of server/src/modules/accounts (the opened client's accounts): the user-centre ids of an account (issue 13).
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { subAcctId, type CallWires } from './shared';

export const accountsCalls = {
  hlInfoBySubId: {
    summary: "The user-centre ids of one of the caller's accounts",
    req: z.object({ subAcctId }),
    res: z.object({ uin: z.string(), cltId: z.string(), acctId: z.string(), subAcctId: z.string() }),
  },
} as const satisfies CallWires;
