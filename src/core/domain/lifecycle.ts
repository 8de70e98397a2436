/**
 * The application's lifecycle once submitted, as rules: which decisions an application allows now — approve, send back
 * (chosen steps to correct), close, the desk's review status (1200 ⇄ 1500), the professional-person verification's
 * proofs, the funding states (deposit, stock transfer-in), the client status — and, when one is not allowed, why: a
 * typed refusal (its reason and parameters). The service (server/src/modules/applications/lifecycle.ts) checks every
 * decision here, whoever asks (the review desk, the ops CLI); the desk's screens offer only what `openDecisions`
 * allows; the API answers a refusal as `refusalErrorCode` with the refusal as its data, and the ops CLI words it itself.
 */
import { ErrorCode } from './errors';
import { APPLY_STATUS, CLIENT_STATUS, CLIENT_STATUSES, STOCK_STATUSES, SUBMITTED_THRESHOLD, isKnownApplyStatus, isRejected, isUnderReview } from './status';
import { DESK_REVIEW_STATUSES } from './staff';

/** An application as the rules see it. */
export interface LifecycleState {
  applyStatus: number;
  clientStatus?: number;
  subAcctId?: string | null;
}

/** The decisions of the lifecycle (the desk's and the ops commands'). */
export type LifecycleDecision = 'approve' | 'firstApproval' | 'sendBack' | 'close' | 'status' | 'reviewStatus' | 'witness' | 'deposit' | 'stock' | 'clientStatus';

/** Why a decision is refused, with what the refusal names. */
export type LifecycleRefusal =
  | { reason: 'noApplication'; appId: string }
  | { reason: 'archived'; appId: string }
  /** the account is opened (status 4000, client status 31 or a sub-account) */
  | { reason: 'opened'; subAcctId: string | null }
  | { reason: 'closed' }
  /** approve, send back: not under review (1200-2999, not sent back) nor, for approve, approved (3000) */
  | { reason: 'notUnderReview'; status: number }
  /** close: neither submitted nor sent back */
  | { reason: 'notSubmitted'; status: number }
  /** send back: steps the application does not have */
  | { reason: 'notStepsOf'; steps: string[]; own: string[] }
  | { reason: 'unknownStatus'; status: number }
  /** a status that a decision of its own sets: a reject status (send back, with the steps) or 4000 (approve) */
  | { reason: 'statusOfDecision'; status: number; decision: 'sendBack' | 'approve' }
  /** the desk moves between the review statuses (1200, 1500) only */
  | { reason: 'reviewStatusMove'; from: number; to: number }
  | { reason: 'notAwaitingVerification'; status: number }
  | { reason: 'noProofs' }
  /** the funding states: not submitted, or sent back or closed (and not opened) */
  | { reason: 'fundingNotOpen'; status: number }
  | { reason: 'unknownStockStatus'; status: number }
  | { reason: 'unknownClientStatus'; status: number }
  /** client status 31 comes with approve only */
  | { reason: 'clientStatusOfApprove' }
  /** four eyes: the first approval is recorded already */
  | { reason: 'approvedOnce' };

export type LifecycleRefusalReason = LifecycleRefusal['reason'];

/** The account is opened: status 4000, client status 31 or a sub-account. */
export const isOpened = (s: LifecycleState): boolean => s.applyStatus === APPLY_STATUS.SUCCESS || s.clientStatus === CLIENT_STATUS.SUCCESS || !!s.subAcctId;

/** Staff may open the account of an application under review or approved (not yet opened). */
export function canApprove(applyStatus: number): boolean {
  return isUnderReview(applyStatus) || applyStatus === APPLY_STATUS.APPROVED;
}

/** Staff may send back an application under review (1200, and 1500 awaiting the verification or deposit). */
export function canReject(applyStatus: number): boolean {
  return isUnderReview(applyStatus);
}

/** Whether the desk may move an application in `applyStatus` to `to` (one of DESK_REVIEW_STATUSES, another than its own). */
export function canMoveReviewStatus(applyStatus: number, to: number): boolean {
  return DESK_REVIEW_STATUSES.includes(applyStatus) && DESK_REVIEW_STATUSES.includes(to) && applyStatus !== to;
}

/** Whether the deposit and transfer-in states may be recorded: once submitted (not sent back or closed), or opened. */
export function canRecordFunding(applyStatus: number): boolean {
  return applyStatus >= APPLY_STATUS.SUBMITTED && !isRejected(applyStatus) && applyStatus !== APPLY_STATUS.CLOSED;
}

/**
 * Whether the professional-person verification's proofs may be accepted or refused: at 1500 (awaiting the verification
 * or the first deposit), once the applicant has handed proofs over.
 */
export const canDecideWitness = (applyStatus: number, hasProofs: boolean): boolean => applyStatus === APPLY_STATUS.AWAITING_DEPOSIT && hasProofs;

/** Opening the account (and the first of two approvals). */
export function approveRefusal(s: LifecycleState): LifecycleRefusal | null {
  if (isOpened(s)) return { reason: 'opened', subAcctId: s.subAcctId ?? null };
  if (s.applyStatus === APPLY_STATUS.CLOSED) return { reason: 'closed' };
  if (!canApprove(s.applyStatus)) return { reason: 'notUnderReview', status: s.applyStatus };
  return null;
}

/** Sending `steps` back for correction; `own` the application's steps. */
export function sendBackRefusal(s: LifecycleState, steps: readonly string[], own: readonly string[]): LifecycleRefusal | null {
  if (isOpened(s)) return { reason: 'opened', subAcctId: s.subAcctId ?? null };
  if (!canReject(s.applyStatus)) return { reason: 'notUnderReview', status: s.applyStatus };
  const unknown = steps.filter((step) => !own.includes(step));
  if (unknown.length) return { reason: 'notStepsOf', steps: unknown, own: [...own] };
  return null;
}

/** The steps sent back, in the application's order. */
export const sentBackSteps = (steps: readonly string[], own: readonly string[]): string[] => own.filter((step) => steps.includes(step));

/** Closing for good: a submitted or sent-back application, not opened, not closed already. */
export function closeRefusal(s: LifecycleState): LifecycleRefusal | null {
  if (isOpened(s)) return { reason: 'opened', subAcctId: s.subAcctId ?? null };
  if (s.applyStatus === APPLY_STATUS.CLOSED) return { reason: 'closed' };
  if (s.applyStatus < SUBMITTED_THRESHOLD && !isRejected(s.applyStatus)) return { reason: 'notSubmitted', status: s.applyStatus };
  return null;
}

/** A status to set (ops set-status), before the application is looked at: a known one without a decision of its own. */
export function statusTargetRefusal(to: number): LifecycleRefusal | null {
  if (!isKnownApplyStatus(to)) return { reason: 'unknownStatus', status: to };
  if (isRejected(to)) return { reason: 'statusOfDecision', status: to, decision: 'sendBack' };
  if (to === APPLY_STATUS.SUCCESS) return { reason: 'statusOfDecision', status: to, decision: 'approve' };
  return null;
}

/** Setting a status (ops set-status): an opened application keeps 4000. */
export function statusRefusal(s: LifecycleState, to: number): LifecycleRefusal | null {
  const target = statusTargetRefusal(to);
  if (target) return target;
  if (isOpened(s)) return { reason: 'opened', subAcctId: s.subAcctId ?? null };
  return null;
}

/** The desk's review status: between 1200 and 1500 only. */
export function reviewStatusRefusal(s: LifecycleState, to: number): LifecycleRefusal | null {
  if (!canMoveReviewStatus(s.applyStatus, to)) return { reason: 'reviewStatusMove', from: s.applyStatus, to };
  return statusRefusal(s, to);
}

/** Accepting or refusing the professional-person verification's proofs. */
export function witnessRefusal(s: LifecycleState, hasProofs: boolean): LifecycleRefusal | null {
  if (s.applyStatus !== APPLY_STATUS.AWAITING_DEPOSIT) return { reason: 'notAwaitingVerification', status: s.applyStatus };
  if (!canDecideWitness(s.applyStatus, hasProofs)) return { reason: 'noProofs' };
  return null;
}

/** Recording a deposit or stock transfer-in state. */
export function fundingRefusal(s: LifecycleState): LifecycleRefusal | null {
  return canRecordFunding(s.applyStatus) || isOpened(s) ? null : { reason: 'fundingNotOpen', status: s.applyStatus };
}

/** A stock transfer-in state (STOCK_STATUSES). */
export const stockStatusRefusal = (stockStatus: number): LifecycleRefusal | null => (STOCK_STATUSES.includes(stockStatus) ? null : { reason: 'unknownStockStatus', status: stockStatus });

/** A client status to set, before the application is looked at: 30 or 33; 31 comes with approve. */
export function clientStatusTargetRefusal(to: number): LifecycleRefusal | null {
  if (!CLIENT_STATUSES.includes(to)) return { reason: 'unknownClientStatus', status: to };
  if (to === CLIENT_STATUS.SUCCESS) return { reason: 'clientStatusOfApprove' };
  return null;
}

/** Setting the client status: an opened application keeps 31. */
export function clientStatusRefusal(s: LifecycleState, to: number): LifecycleRefusal | null {
  return clientStatusTargetRefusal(to) ?? (isOpened(s) ? { reason: 'opened', subAcctId: s.subAcctId ?? null } : null);
}

/** The error code the API answers a refusal with (its data: the refusal itself). */
export function refusalErrorCode(r: LifecycleRefusal): number {
  return r.reason === 'noApplication' || r.reason === 'archived' ? ErrorCode.NOT_FOUND : ErrorCode.CASE_STATE;
}

/**
 * The desk's decisions an application allows now, by group: the review (approve, send back, close), the 1200 ⇄ 1500
 * move, the funding states, the verification's proofs (`hasProofs`: the applicant handed some over).
 */
export function openDecisions(applyStatus: number, hasProofs = false): { review: boolean; reviewStatus: boolean; funding: boolean; witness: boolean; any: boolean } {
  const s = { applyStatus };
  const review = approveRefusal(s) === null || canReject(applyStatus);
  const reviewStatus = DESK_REVIEW_STATUSES.includes(applyStatus);
  const funding = fundingRefusal(s) === null;
  const witness = witnessRefusal(s, hasProofs) === null;
  return { review, reviewStatus, funding, witness, any: review || reviewStatus || funding || witness };
}
