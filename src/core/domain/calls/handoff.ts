/**
 * The calls of server/src/modules/handoff: start on a computer, finish on the phone (issue 41). The computer makes a
 * hand-off (a QR code's token and a short code), follows it, or ends it; the phone redeems it once.
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`) and the answer (`res`). The path,
 * method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { HANDOFF_STATES, handoffRoutes } from '../handoff';
import { userView, type CallWires } from './shared';

const handoffId = z.string().regex(/^[A-Za-z0-9_-]{16,32}$/);
/** exactly one of them: the link's token, or the code as typed (spaces and dashes allowed, any case) */
const tokenOrCode = z
  .object({ token: z.string().max(64).optional(), code: z.string().max(16).optional() })
  .refine((r) => (r.token === undefined) !== (r.code === undefined), { message: 'a token or a code' });

export const handoffCalls = {
  handoffCreate: {
    summary: "A QR code and short code that open this application on the applicant's phone (ends the session's earlier one)",
    /** the route the phone is to open: the home screen, a step or a status page */
    req: z.object({ route: z.enum(handoffRoutes() as [string, ...string[]]) }),
    /** the token for the QR code's link (`#/handoff?h=`), the code to type, and the seconds they can be used */
    res: z.object({ id: handoffId, token: z.string(), code: z.string(), expiresInSeconds: z.number().int() }),
  },
  handoffStatus: {
    summary: "Whether the phone opened this session's hand-off, and how far the application went since",
    req: z.object({ id: handoffId }),
    /**
     * state; the seconds left while waiting; when the phone opened it; and the application's steps, latest saved step
     * and whether it is submitted (null before an application)
     */
    res: z.object({
      state: z.enum(HANDOFF_STATES),
      expiresInSeconds: z.number().int(),
      openedAt: z.string().nullable(),
      progress: z.object({ steps: z.array(z.string()), latestStep: z.string().nullable(), submitted: z.boolean() }).nullable(),
    }),
  },
  handoffCancel: {
    summary: "Ends this session's hand-off: its QR code and short code no longer work",
    req: z.object({ id: handoffId }),
    res: z.object({ ok: z.literal(true) }),
  },
  handoffPeek: {
    summary: "Whose application the phone's QR link token or typed short code opens (masked), before the phone is logged in with it; uses nothing up",
    req: tokenOrCode,
    res: z.object({ areaCode: z.string(), phoneMasked: z.string() }),
  },
  handoffRedeem: {
    summary: "The phone's QR link token or typed short code → a session for the computer's user, and the route to open (once)",
    req: tokenOrCode,
    res: z.object({ user: userView, route: z.string() }),
  },
} as const satisfies CallWires;
