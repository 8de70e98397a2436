/**
 * The calls of server/src/modules/trade-password: the trading password (issue 13).
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { subAcctId, type CallWires } from './shared';

export const tradePasswordCalls = {
  tradePasswordStatus: {
    summary: "Whether an account's trading password is set or locked, and this session's verification",
    req: z.object({ subAcctId }),
    /** loginNeeded: no password set yet and this session's login is not recent enough to set one (isRecentLogin) */
    res: z.object({ set: z.boolean(), lockedUntil: z.string().nullable(), verifiedUntil: z.string().nullable(), loginNeeded: z.boolean() }),
  },
  tradePasswordSet: {
    summary: "Set an account's first trading password",
    req: z.object({ subAcctId, password: z.string().max(32) }),
    res: z.object({ verifiedUntil: z.string() }),
  },
  tradePasswordVerify: {
    summary: 'Verify the trading password before editing account information',
    /** the password typed on our screen, or (in the app) the ticket of the app's own trade-password check: one of them */
    req: z
      .object({ subAcctId, password: z.string().max(32).optional(), ticket: z.string().max(512).optional() })
      .refine((r) => (r.password === undefined) !== (r.ticket === undefined), { message: 'one of password or ticket', path: ['password'] }),
    res: z.object({ verifiedUntil: z.string() }),
  },
} as const satisfies CallWires;
