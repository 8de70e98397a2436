/**
 * The review desk (issue 28): the broker's staff, their roles and what each may do, their sessions, the queue's
 * filters and the four-eyes rule. The desk's page and the service both use these rules. The spec has no staff
 * screens; every choice is in docs/decisions.md, "Review desk (issue 28)".
 */

import { STAFF_PREFIX } from './calls';
import { APPLY_STATUS, CASH_IN_STATUS, REJECT_STATUSES } from './status';

/** The desk's calls' prefix (calls.ts): the staff cookie's path. */
export { STAFF_PREFIX };
/** The staff session cookie (httpOnly, SameSite strict, path STAFF_PREFIX). */
export const STAFF_COOKIE = 'esop_staff';

/**
 * reviewer: works the queue (claims, reads, sends back, rejects, gives the first approval);
 * approver: what a reviewer does, and the second approval that four-eyes cases need;
 * admin: what an approver does, and the staff accounts.
 */
export const STAFF_ROLES = ['reviewer', 'approver', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (v: unknown): v is StaffRole => typeof v === 'string' && (STAFF_ROLES as readonly string[]).includes(v);

/** What a call needs of its caller: any staff member, an approver (or admin), or an admin. */
export type StaffNeed = 'staff' | 'approver' | 'admin';

const RANK: Record<StaffRole, number> = { reviewer: 0, approver: 1, admin: 2 };
const NEED_RANK: Record<StaffNeed, number> = { staff: 0, approver: 1, admin: 2 };

/** Whether a member of this role may make a call that needs `need`. */
export function staffMay(role: StaffRole, need: StaffNeed): boolean {
  return RANK[role] >= NEED_RANK[need];
}

export const STAFF_LIMITS = {
  /** a staff session ends after this long without a call (shorter than an applicant's) */
  sessionIdleMinutes: 15,
  /** and at the latest this long after sign-in (a working day) */
  sessionAbsoluteHours: 10,
  /** wrong passwords or codes in a row before the account locks for lockMinutes */
  failedSignIns: 5,
  lockMinutes: 15,
  passwordMin: 12,
  passwordMax: 128,
  displayNameMax: 64,
  /** a TOTP code of the previous or the next 30-second step is taken too (clock drift), never twice */
  totpToleranceSteps: 1,
  /** the free text of a decision */
  messageMax: 500,
  /** a claim is released by itself after this long without a decision (a reviewer who went home) */
  claimHours: 4,
  /** rows per queue page */
  queuePageMax: 100,
  /** the queue's search text */
  searchMax: 64,
  /** the fewest digits a phone search matches on (fewer would match half the queue) */
  searchPhoneDigits: 4,
} as const;

/** A staff login: lower-case letters, digits and . _ - , 3 to 32, starting with a letter. */
export const STAFF_LOGIN_PATTERN = /^[a-z][a-z0-9._-]{2,31}$/;

/** A TOTP code as typed: six digits (spaces are taken out before). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/**
 * Four eyes: an approval needs a second approver, a different person from the first, when the account is a margin
 * account or the AML screening had a hit.
 */
export function needsSecondApproval(c: { margin: boolean; amlHit: boolean }): boolean {
  return c.margin || c.amlHit;
}

export { DECISION_REASONS, isDecisionReason, type DecisionReason } from './decision-reasons';

/** The statuses the queue shows unless asked otherwise: under review, awaiting the deposit, approved, sent back. */
export const STAFF_QUEUE_STATUSES: readonly number[] = [APPLY_STATUS.SUBMITTED, APPLY_STATUS.AWAITING_DEPOSIT, APPLY_STATUS.APPROVED, ...REJECT_STATUSES];

/**
 * The review statuses a reviewer moves an application between (the desk's `status` decision, ops set-status): under
 * review (1200) and awaiting the professional-investor verification or the first deposit (1500).
 */
export const DESK_REVIEW_STATUSES: readonly number[] = [APPLY_STATUS.SUBMITTED, APPLY_STATUS.AWAITING_DEPOSIT];

/** The deposit states staff record (cashInStatus), in the order a deposit goes through them. */
export const DESK_DEPOSIT_STATUSES: readonly number[] = [CASH_IN_STATUS.NOT_DEPOSITED, CASH_IN_STATUS.CONFIRMING, CASH_IN_STATUS.DONE, CASH_IN_STATUS.NEEDS_CHANGE];

/** A deposit that needs a change is told why: the applicant reads the message on the status page. */
export const depositNeedsMessage = (cashInStatus: number): boolean => cashInStatus === CASH_IN_STATUS.NEEDS_CHANGE;

/**
 * What the queue's search looks for, from what a reviewer typed: a name (Chinese or English, any part, any case), the
 * digits of a phone number (4 or more), an identity document number (as the steps keep it: capitals, no spaces or
 * brackets), an application id or a client id (the opened account's S-number), each as typed.
 */
export function searchKeys(q: string): { text: string; digits: string | null; idNumber: string; exact: string } {
  const text = q.trim().replace(/\s+/g, ' ');
  const digits = text.replace(/[\s+\-()]/g, '');
  return {
    text,
    digits: /^\d+$/.test(digits) && digits.length >= STAFF_LIMITS.searchPhoneDigits ? digits : null,
    idNumber: text.toUpperCase().replace(/[\s()（）]/g, ''),
    exact: text,
  };
}
