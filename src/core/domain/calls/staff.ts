/**
 * The calls of server/src/modules/staff: the review desk (issue 28), under STAFF_PREFIX, plain JSON with the staff
 * session's own cookie. Each entry: the one-line summary (OpenAPI, docs/api.md), the request and the answer. The
 * path, method and options of each call (the role it needs) are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { STAFF_LIMITS, STAFF_LOGIN_PATTERN, STAFF_ROLES } from '../staff';
import { appId, type CallWires } from './shared';

/** A staff member as the desk shows them. */
export const staffView = z.object({
  staffId: z.string(),
  login: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
});

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const intText = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** The queue's filters, as the desk's address has them (a query string: every value text). */
export const queueFilter = z.object({
  /** application statuses, comma-separated (default: those under review) */
  status: z
    .string()
    .regex(/^\d{4}(,\d{4}){0,9}$/)
    .transform((s) => s.split(',').map(Number))
    .optional(),
  clientType: z.enum(['cn', 'hk']).optional(),
  /** 1 cash, 2 margin (margin includes the special margin type) */
  accountType: z.enum(['1', '2']).transform(Number).optional(),
  /** submitted at least this many hours ago */
  minAgeHours: intText(0, 24 * 365).optional(),
  amlHit: flag.optional(),
  /** the last face check's likeness below this (0-100) */
  faceBelow: intText(0, 100).optional(),
  /** only the cases the caller holds */
  mine: flag.optional(),
  page: intText(1, 10_000).default(1),
  pageSize: intText(1, STAFF_LIMITS.queuePageMax).default(20),
});

export const queueRow = z.object({
  appId: z.string(),
  /** the applicant's name as saved (the identity step), else null */
  name: z.string().nullable(),
  /** +852 9****678 */
  phone: z.string(),
  clientType: z.enum(['cn', 'hk']),
  oaType: z.number(),
  /** 1 cash, 2 margin, null before the account step */
  accountType: z.number().nullable(),
  applyStatus: z.number(),
  submittedAt: z.string().nullable(),
  /** whether the last AML screening had a hit (null: none ran) */
  amlHit: z.boolean().nullable(),
  /** the last face check's likeness, 0-100 (null: none) */
  faceScore: z.number().nullable(),
  claimedBy: staffView.pick({ staffId: true, displayName: true }).nullable(),
  /** a first approval waiting for the second (four eyes) */
  firstApprovalBy: staffView.pick({ staffId: true, displayName: true }).nullable(),
});

export const staffCalls = {
  staffSignIn: {
    summary: 'Sign a staff member in: login, password and the authenticator code',
    req: z.object({
      login: z.string().regex(STAFF_LOGIN_PATTERN),
      password: z.string().min(1).max(STAFF_LIMITS.passwordMax),
      code: z.string().regex(/^\d{6}$/),
    }),
    res: z.object({ staff: staffView, expiresAt: z.string() }),
  },
  staffSignOut: {
    summary: "End the staff member's session",
    res: z.object({ ok: z.literal(true) }),
  },
  staffMe: {
    summary: 'The signed-in staff member',
    res: staffView,
  },
  staffQueue: {
    summary: 'The applications to review: a page of rows by the filters, the count per status and the usual review time',
    req: queueFilter,
    res: z.object({
      rows: z.array(queueRow),
      total: z.number(),
      /** applications per status, under review and sent back, whatever the filters */
      counts: z.record(z.string(), z.number()),
      /** per status: the median hours from entering it to leaving it over the last 90 days (null: too few cases) */
      expectedHours: z.record(z.string(), z.number().nullable()),
    }),
  },
  staffClaim: {
    summary: 'Take an application to work on it (another reviewer holding it: 100409)',
    req: z.object({ appId }),
    res: queueRow,
  },
  staffRelease: {
    summary: 'Give an application back to the queue (an admin may release anyone’s)',
    req: z.object({ appId }),
    res: z.object({ ok: z.literal(true) }),
  },
} as const satisfies CallWires;
