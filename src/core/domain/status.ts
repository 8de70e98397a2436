/**
 * Client and application statuses. Values the spec gives are used as given; the ones it leaves
 * open (submitted threshold, approved threshold, reject list) are chosen here and recorded in docs/decisions.md.
 */
import { STEP_STATUS } from './steps';

export const CLIENT_STATUS = {
  HAS_APPLICATION: 30,
  SUCCESS: 31,
  STARTED: 33,
} as const;

export const APPLY_STATUS = {
  /** ApplySubmit moves the application here: under review. Threshold for the submitted-only routes. */
  SUBMITTED: 1200,
  /** Data submitted, deposit or stock transfer awaited (spec). Also submitted. */
  AWAITING_DEPOSIT: 1500,
  /** Reviewer asked for corrections: the applicant may edit the steps in rejectData.steps. */
  REJECTED: 1900,
  /** Review passed, account being opened. */
  APPROVED: 3000,
  /** Account opened (spec sentinel). */
  SUCCESS: 4000,
  /** Closed by the broker: final. */
  CLOSED: 5000,
} as const;

export const SUBMITTED_THRESHOLD = APPLY_STATUS.SUBMITTED;
export const REJECT_STATUSES: readonly number[] = [1900, 1901, 1902, 1903, 1904];

export function isRejected(applyStatus: number): boolean {
  return REJECT_STATUSES.includes(applyStatus);
}

/** At or past submission and not sent back for correction: only submitted-flagged routes are reachable. */
export function isLockedForEditing(applyStatus: number, clientStatus?: number): boolean {
  if (clientStatus === CLIENT_STATUS.SUCCESS) return true;
  if (isRejected(applyStatus)) return false;
  return applyStatus >= SUBMITTED_THRESHOLD;
}

/** Client status 31 or a sub-account counts as success (status 4000). */
export function effectiveApplyStatus(applyStatus: number, clientStatus: number, subAcctId?: string | null): number {
  if (clientStatus === CLIENT_STATUS.SUCCESS || subAcctId) return APPLY_STATUS.SUCCESS;
  return applyStatus;
}

/** cashInStatus values (part 3) */
export const CASH_IN_STATUS = { NOT_DEPOSITED: 1000, DONE: 2000, NEEDS_CHANGE: 2020 } as const;

/** Status of a freshly started (or switched) application: the identity-step code, the lowest the spec lists. */
export const FRESH_APPLY_STATUS = STEP_STATUS.IDCARD;
