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

/** The steps sent back for correction, when the application is under a rejection (else none). */
export function rejectedStepsOf(app: { applyStatus: number; rejectData?: { steps: readonly string[] } | null }): string[] {
  return isRejected(app.applyStatus) ? [...(app.rejectData?.steps ?? [])] : [];
}

/** At or past submission and not sent back for correction: only submitted-flagged routes are reachable. */
export function isLockedForEditing(applyStatus: number, clientStatus?: number): boolean {
  if (clientStatus === CLIENT_STATUS.SUCCESS) return true;
  if (isRejected(applyStatus)) return false;
  return applyStatus >= SUBMITTED_THRESHOLD;
}

/**
 * The certificate of completion (ApplyCertificate) is given once the application is submitted and while it is not
 * sent back for correction (under review, approved, opened or closed): it records a submission as it stands.
 */
export function canDownloadCertificate(applyStatus: number, clientStatus?: number): boolean {
  return isLockedForEditing(applyStatus, clientStatus);
}

/** Client status 31 or a sub-account counts as success (status 4000). */
export function effectiveApplyStatus(applyStatus: number, clientStatus: number, subAcctId?: string | null): number {
  if (clientStatus === CLIENT_STATUS.SUCCESS || subAcctId) return APPLY_STATUS.SUCCESS;
  return applyStatus;
}

/** cashInStatus values (part 3); CONFIRMING is ours: a deposit notice was received and staff are checking it */
export const CASH_IN_STATUS = { NOT_DEPOSITED: 1000, CONFIRMING: 2010, DONE: 2000, NEEDS_CHANGE: 2020 } as const;

/**
 * stockStatus: the asset (stock) transfer-in the AccountStatus page reads. The spec gives only "2 and 4 are failures"
 * and the texts "transfer request pending" / "stock transfer confirming"; the other values are ours.
 */
export const STOCK_STATUS = {
  /** the transfer-in request was filed, waiting for the other broker */
  REQUESTED: 1,
  /** the transfer failed (spec: a failure) */
  FAILED: 2,
  /** the shares arrived and are being confirmed */
  CONFIRMING: 3,
  /** the transfer was refused (spec: a failure) */
  REFUSED: 4,
  /** transferred */
  DONE: 5,
} as const;
export const STOCK_STATUSES: readonly number[] = Object.values(STOCK_STATUS);
export const STOCK_FAILURE_STATUSES: readonly number[] = [STOCK_STATUS.FAILED, STOCK_STATUS.REFUSED];
export function isStockFailure(stockStatus: number | null | undefined): boolean {
  return stockStatus !== null && stockStatus !== undefined && STOCK_FAILURE_STATUSES.includes(stockStatus);
}

export const CLIENT_STATUSES: readonly number[] = Object.values(CLIENT_STATUS);

/**
 * Every application status this product uses: the step codes, submitted, awaiting deposit (professional-person
 * verification), the returned-for-correction codes, approved, opened and closed. Staff may set only these.
 */
export const APPLY_STATUSES: readonly number[] = [
  ...new Set<number>([
    ...Object.values(STEP_STATUS),
    APPLY_STATUS.SUBMITTED,
    APPLY_STATUS.AWAITING_DEPOSIT,
    ...REJECT_STATUSES,
    APPLY_STATUS.APPROVED,
    APPLY_STATUS.SUCCESS,
    APPLY_STATUS.CLOSED,
  ]),
].sort((a, b) => a - b);

export function isKnownApplyStatus(status: number): boolean {
  return APPLY_STATUSES.includes(status);
}

/** Submitted and waiting on staff: from the submitted threshold up to (not including) approval, and not sent back. */
export function isUnderReview(applyStatus: number): boolean {
  return applyStatus >= SUBMITTED_THRESHOLD && applyStatus < APPLY_STATUS.APPROVED && !isRejected(applyStatus);
}

/** The status ApplySubmit moves to: 1500 for an applicant staff marked for the professional-person verification, else 1200. */
export function submittedStatusFor(witnessRequired: boolean): number {
  return witnessRequired ? APPLY_STATUS.AWAITING_DEPOSIT : APPLY_STATUS.SUBMITTED;
}

/**
 * What ApplySubmit does with an application: submit it (first time), resubmit it (sent back for correction), answer it as
 * it is (already under review: a double press or a retry submits once), or refuse it (approved, opened or closed).
 */
export type SubmitOutcome = 'submit' | 'resubmit' | 'already' | 'locked';
export function submitOutcome(applyStatus: number, clientStatus: number): SubmitOutcome {
  if (clientStatus === CLIENT_STATUS.SUCCESS) return 'locked';
  if (isRejected(applyStatus)) return 'resubmit';
  if (isUnderReview(applyStatus)) return 'already';
  return applyStatus >= SUBMITTED_THRESHOLD ? 'locked' : 'submit';
}

/** Status of a freshly started (or switched) application: the identity-step code, the lowest the spec lists. */
export const FRESH_APPLY_STATUS = STEP_STATUS.IDCARD;
