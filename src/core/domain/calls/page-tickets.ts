/**
 * The calls of server/src/modules/page-tickets: the app's page tickets: an account page opened from the broker's app (issue 13).
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { ACCOUNT_PAGE_NAMES } from '../hk-identifier';
import { userView, type CallWires } from './shared';

export const pageTicketsCalls = {
  pageTicketLogin: {
    summary: "Log in with the app's page ticket of an after-opening page",
    /** the ticket of the page's query and the page it opened (a ticket made for the other page is refused) */
    req: z.object({ ticket: z.string().min(10).max(1024), page: z.enum(ACCOUNT_PAGE_NAMES as [string, ...string[]]) }),
    /** the user the ticket logged in (as UserInfo) and the sub-account it names */
    res: z.object({ user: userView, subAcctId: z.string() }),
  },
} as const satisfies CallWires;
