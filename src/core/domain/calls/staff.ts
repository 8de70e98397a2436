/**
 * The calls of server/src/modules/staff: the review desk (issue 28), under STAFF_PREFIX, plain JSON with the staff
 * session's own cookie. Each entry: the one-line summary (OpenAPI, docs/api.md), the request and the answer. The
 * path, method and options of each call (the role it needs) are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { DECISION_REASONS, DESK_DEPOSIT_STATUSES, DESK_REVIEW_STATUSES, STAFF_LIMITS, STAFF_LOGIN_PATTERN, STAFF_ROLES, depositNeedsMessage } from '../staff';
import { STOCK_STATUSES } from '../status';
import { ORG_SIGN_STEPS, normaliseSignIdNumber } from '../org-sign';
import { appId, applicationView, ossId, stepName, type CallWires } from './shared';

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
  /** only the cases nobody holds (the next case) */
  free: flag.optional(),
  /** a name (Chinese or English), phone, ID number, application id or client id: every status unless status is given */
  q: z
    .string()
    .trim()
    .min(1)
    .max(STAFF_LIMITS.searchMax)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'no control characters')
    .optional(),
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

/** A message with its values (case-words.ts). */
const msgView = z.object({ id: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])).optional() });
/** A piece of a value in words (case-words.ts Part). */
const partView = z.union([
  z.object({ text: z.string() }),
  z.object({ msg: msgView }),
  z.object({ country: z.string() }),
  z.object({ time: z.string() }),
  z.object({ file: z.string() }),
  z.object({ named: z.object({ en: z.string(), 'zh-CN': z.string(), 'zh-TW': z.string() }) }),
]);
/** A field that differs between two versions of the application (case-words.ts RowChange). */
const rowChangeView = z.object({ step: stepName, key: z.string(), label: msgView, before: z.array(partView), after: z.array(partView), newFiles: z.array(z.string()) });

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
  staffStream: {
    summary: "Server-sent events while the desk is open: `ready` once the line is open, `change` (data: the application id, id: the event's) whenever any application changed; a comment every 25 s keeps the line open",
    req: z.object({}),
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
  staffCase: {
    summary: 'One application for review: its data, files, AML screenings, face checks, duplicate signals, claim, first approval and history',
    req: z.object({ appId }),
    res: z.object({
      application: applicationView,
      /** the applicant's login phone, whole (reviewers call applicants) */
      applicant: z.object({ phone: z.string(), userId: z.string() }),
      submittedAt: z.string().nullable(),
      /** every file the data names (and the generated documents, the liveness frames): step, place, type */
      files: z.array(z.object({ ossId: z.string(), step: z.string(), path: z.string(), mime: z.string(), size: z.number(), createdAt: z.string() })),
      aml: z.array(z.object({ id: z.string(), at: z.string(), hit: z.boolean(), matches: z.unknown() })),
      face: z.array(
        z.object({
          id: z.string(),
          at: z.string(),
          passed: z.boolean().nullable(),
          reason: z.string().nullable(),
          scores: z.record(z.string(), z.unknown()),
          frameOssId: z.string().nullable(),
          confirmed: z.boolean(),
        }),
      ),
      duplicates: z.array(z.object({ signal: z.enum(['idNumber', 'bankCard', 'phone', 'device']), appId: z.string(), applyStatus: z.number() })),
      /** what the OCR read from the ID and bank card photos, beside what was saved (changed: the applicant changed it) */
      ocr: z.array(z.object({ step: stepName, field: z.string(), read: z.string(), saved: z.string(), changed: z.boolean() })),
      /** a resubmission: what it changed since the submission before it (null: a first submission) */
      resubmission: z.object({ previousAt: z.string(), at: z.string(), rows: z.array(rowChangeView) }).nullable(),
      /** what changed since the caller last opened the case: the data, and the events since (null: never opened before) */
      sinceLastView: z.object({ at: z.string(), rows: z.array(rowChangeView), events: z.number() }).nullable(),
      /** the professional-person verification's proofs (1500), the latest handed over (null: none) */
      witness: z.object({ at: z.string(), idFiles: z.number(), addressFiles: z.number(), refusal: z.string().nullable() }).nullable(),
      claimedBy: z.object({ staffId: z.string(), displayName: z.string(), at: z.string() }).nullable(),
      firstApproval: z.object({ staffId: z.string(), displayName: z.string(), at: z.string(), note: z.string() }).nullable(),
      /** a second approver is needed (margin account or an AML hit) */
      fourEyes: z.boolean(),
      history: z.array(z.object({ id: z.number(), at: z.string(), actor: z.string(), kind: z.string(), fromStatus: z.number(), toStatus: z.number(), detail: z.record(z.string(), z.unknown()) })),
      /** the names of the staff members among the history's actors ('staff:<id>' → name) */
      staffNames: z.record(z.string(), z.string()),
      /** the desk's claims and releases of the case (from the audit), oldest first */
      activity: z.array(z.object({ at: z.string(), action: z.enum(['claim', 'release']), by: z.string() })),
    }),
  },
  staffFile: {
    summary: "A file of the application's applicant, inline (the desk's viewer)",
    req: z.object({ appId, ossId }),
  },
  staffDecide: {
    summary: 'A decision on an application the caller holds: approve, send steps back, close, move between the review statuses, or record the deposit or the stock transfer-in',
    req: z.discriminatedUnion('action', [
      z.object({ appId, action: z.literal('approve'), note: z.string().max(STAFF_LIMITS.messageMax).optional() }),
      z.object({
        appId,
        action: z.literal('sendBack'),
        steps: z.array(stepName).min(1).max(20),
        reason: z.enum(DECISION_REASONS),
        message: z.string().trim().min(1).max(STAFF_LIMITS.messageMax),
      }),
      z.object({ appId, action: z.literal('close'), reason: z.enum(DECISION_REASONS), message: z.string().trim().min(1).max(STAFF_LIMITS.messageMax) }),
      /** under review (1200) ⇄ awaiting the professional-investor verification or the first deposit (1500) */
      z.object({ appId, action: z.literal('status'), status: z.number().int().refine((v) => DESK_REVIEW_STATUSES.includes(v), 'a review status (1200, 1500)') }),
      /** the deposit's state (cashInStatus); 2020 (needs a change) with the message the applicant reads */
      z.object({
        appId,
        action: z.literal('deposit'),
        cashInStatus: z.number().int().refine((v) => DESK_DEPOSIT_STATUSES.includes(v), 'a deposit status (1000, 2010, 2000, 2020)'),
        message: z.string().trim().min(1).max(STAFF_LIMITS.messageMax).optional(),
      }),
      /** the professional-person verification's proofs (1500): accepted (back under review), or refused with the message the applicant reads */
      z.object({
        appId,
        action: z.literal('witness'),
        outcome: z.enum(['accept', 'refuse']),
        reason: z.enum(DECISION_REASONS).optional(),
        message: z.string().trim().min(1).max(STAFF_LIMITS.messageMax).optional(),
      }),
      /** the stock transfer-in's state (stockStatus 1-5; 2 and 4 are failures) */
      z.object({ appId, action: z.literal('stock'), stockStatus: z.number().int().refine((v) => STOCK_STATUSES.includes(v), 'a stock status (1-5)') }),
    ])
      .superRefine((d, ctx) => {
        if (d.action === 'deposit' && depositNeedsMessage(d.cashInStatus) && !d.message) ctx.addIssue({ code: 'custom', path: ['message'], message: 'the applicant is told why: a message is needed' });
        if (d.action === 'witness' && d.outcome === 'refuse' && (!d.message || !d.reason)) ctx.addIssue({ code: 'custom', path: ['message'], message: 'a refusal has a reason and the message the applicant reads' });
      }),
    res: z.object({ application: applicationView, waitingForSecond: z.boolean() }),
  },
  staffUpdates: {
    summary: 'The account updates (address, W-8BEN) clients submitted for review, oldest first, with the data they changed',
    req: z.object({ status: z.enum(['1200', '4000', '1900']).default('1200') }),
    res: z.object({
      rows: z.array(
        z.object({
          updateId: z.string(),
          subAcctId: z.string(),
          /** the application the account was opened from (its files open through it), null for an account brought over */
          appId: z.string().nullable(),
          name: z.string().nullable(),
          phone: z.string(),
          status: z.number(),
          /** the modules changed: 8 address, 512 W-8BEN (a mask) */
          module: z.number(),
          /** by module ("8", "512"): the data as the client saved it */
          data: z.record(z.string(), z.unknown()),
          /** the account's data now, by module, to compare */
          current: z.record(z.string(), z.unknown()),
          submittedAt: z.string().nullable(),
        }),
      ),
    }),
  },
  staffUpdateDecide: {
    summary: 'A decision on a submitted account update: approve it, or send chosen modules back with a message',
    req: z.discriminatedUnion('action', [
      z.object({ updateId: z.string().min(1).max(64), action: z.literal('approve') }),
      z.object({
        updateId: z.string().min(1).max(64),
        action: z.literal('sendBack'),
        modules: z.array(z.enum(['address', 'w8'])).min(1).max(2),
        message: z.string().trim().min(1).max(STAFF_LIMITS.messageMax),
      }),
    ]),
    res: z.object({ updateId: z.string(), status: z.number() }),
  },
  staffOrgs: {
    summary: 'The organisations of organisation signing, newest first, each with its signing links (newest first) and their states',
    res: z.object({
      orgs: z.array(
        z.object({
          orgId: z.string(),
          name: z.string(),
          nameZh: z.string(),
          registrationNumber: z.string(),
          country: z.string(),
          signerName: z.string(),
          /** the signer's ID number masked (it is kept only as an HMAC) */
          signerId: z.string(),
          createdAt: z.string(),
          tickets: z.array(
            z.object({
              ticketId: z.string(),
              state: z.enum(['open', 'done', 'expired', 'revoked', 'locked']),
              /** the step the signer is at: verify, doc, sign, or result when done */
              step: z.string(),
              createdAt: z.string(),
              expiresAt: z.string(),
            }),
          ),
        }),
      ),
    }),
  },
  staffOrgCreate: {
    summary: 'Create an organisation and its signer (a registration number used already: 100400)',
    req: z.object({
      name: z.string().trim().min(2).max(200),
      nameZh: z.string().trim().max(100).default(''),
      registrationNumber: z.string().trim().regex(/^[A-Za-z0-9-]{4,30}$/),
      country: z.string().regex(/^[A-Z]{2}$/),
      signerName: z.string().trim().min(2).max(100),
      signerIdNumber: z.string().max(40).refine((v) => normaliseSignIdNumber(v) !== null, '4-30 letters and digits'),
    }),
    res: z.object({ orgId: z.string() }),
  },
  staffSignTicket: {
    summary: "A new signing link for the organisation's signer: its address is given once, here",
    req: z.object({
      orgId: z.string().min(1).max(64),
      steps: z.array(z.enum(ORG_SIGN_STEPS)).min(1).max(3),
      hours: z.number().int().min(1).max(24 * 90).optional(),
      /** a link this one replaces: revoked in the same call */
      replaces: z.string().max(64).optional(),
    }),
    res: z.object({ ticketId: z.string(), url: z.string(), expiresAt: z.string() }),
  },
  staffSignRevoke: {
    summary: 'Revoke a signing link (revoked already or unknown: 152406)',
    req: z.object({ ticketId: z.string().min(1).max(64) }),
    res: z.object({ ok: z.literal(true) }),
  },
} as const satisfies CallWires;
