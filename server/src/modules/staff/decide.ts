/**
 * The desk's decisions on an application (issue 28), each by the staff member who holds its claim, in one transaction
 * with its application_events row (the outbox: the webhook and the applicant's live status are fed from it) and its
 * audit entry, through the same functions as the ops commands (modules/applications/ops-service.ts):
 * - approve: opens the account; a margin account or an AML hit needs two approvals by two people, the second by an
 *   approver (four eyes): the first is kept (case_approvals, event `first-approval`) until the second;
 * - sendBack: the chosen steps go back to the applicant with the reason and a message (status 1900);
 * - close: the application is closed for good (5000) with the reason and a message;
 * - status: under review (1200) ⇄ awaiting the professional-investor verification or the first deposit (1500);
 * - deposit, stock: the deposit's and the stock transfer-in's states (the applicant's status page shows them);
 * - witness: the professional-person verification's proofs accepted (1500 → 1200) or refused with a message (1500).
 * A decision ends the claim and any first approval, but for the deposit and stock states.
 */
import { ErrorCode, canApprove, canMoveReviewStatus, needsSecondApproval, staffMay, type DecisionReason } from '@core/domain';
import { isMargin } from '@core/domain/profile';
import { AppError, OpsInputError } from '../../errors';
import type { AppDeps } from '../../plugins/context';
import * as apps from '../applications/ops-service';
import * as appRepo from '../applications/repository';
import { changeApplication } from '../applications/status-change';
import { toView } from '../applications/view';
import type { ApplicationView } from '@core/domain/contract';
import * as repo from './repository';
import type { StaffSession } from './service';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

export type Decision =
  | { action: 'approve'; note?: string }
  | { action: 'sendBack'; steps: string[]; reason: DecisionReason; message: string }
  | { action: 'close'; reason: DecisionReason; message: string }
  | { action: 'status'; status: number }
  | { action: 'deposit'; cashInStatus: number; message?: string }
  | { action: 'stock'; stockStatus: number }
  | { action: 'witness'; outcome: 'accept' | 'refuse'; reason?: DecisionReason; message?: string };

export interface DecisionResult {
  application: ApplicationView;
  /** approve of a four-eyes case: the first approval is recorded, a second approver is needed */
  waitingForSecond: boolean;
}

/** The ops function's refusal (a state that does not allow the decision) as the desk's error. */
async function refusalAsError<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof OpsInputError) throw new AppError(ErrorCode.CASE_STATE, { data: { detail: err.message } });
    throw err;
  }
}

export async function decide(deps: Deps, caller: StaffSession, appId: string, d: Decision): Promise<DecisionResult> {
  const me = caller.staff.staffId;
  const claim = await repo.claimOf(deps.db, appId);
  if (!claim) throw new AppError(ErrorCode.CASE_NOT_CLAIMED);
  if (claim.staff_id !== me) throw new AppError(ErrorCode.CASE_CLAIMED, { data: { by: claim.display_name } });
  const actor = `staff:${me}`;
  // (a decision ends the claim and any first approval, in its transaction: ops-service's endReview)
  const ops: apps.OpsDeps = { db: deps.db, clock: deps.clock, actor };

  if (d.action === 'sendBack') {
    const application = await refusalAsError(() => apps.reject({ ...ops, detail: { reason: d.reason } }, appId, d.steps, d.message, d.reason));
    return { application, waitingForSecond: false };
  }
  if (d.action === 'close') {
    const application = await refusalAsError(() => apps.closeApplication(ops, appId, d.reason, d.message));
    return { application, waitingForSecond: false };
  }

  if (d.action === 'status') {
    const row = await appRepo.findById(deps.db, appId);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    if (!canMoveReviewStatus(row.apply_status, d.status)) throw new AppError(ErrorCode.CASE_STATE, { data: { detail: `status ${row.apply_status} cannot move to ${d.status}` } });
    const application = await refusalAsError(() => apps.setStatus(ops, appId, d.status));
    return { application, waitingForSecond: false };
  }
  // the funding states: recorded by the holder, who keeps the case (the deposit is followed after approval too)
  if (d.action === 'deposit') {
    const application = await refusalAsError(() => apps.deposit(ops, appId, d.cashInStatus, d.message));
    return { application, waitingForSecond: false };
  }
  if (d.action === 'witness') {
    const application = await refusalAsError(() =>
      apps.witnessDecision(ops, appId, d.outcome === 'accept' ? { outcome: 'accept' } : { outcome: 'refuse', reason: d.reason ?? 'other', message: d.message ?? '' }),
    );
    return { application, waitingForSecond: false };
  }
  if (d.action === 'stock') {
    const application = await refusalAsError(() => apps.stock(ops, appId, d.stockStatus));
    return { application, waitingForSecond: false };
  }

  // approve
  const facts = await repo.approvalFacts(deps.db, appId);
  if (!facts) throw new AppError(ErrorCode.NOT_FOUND);
  const fourEyes = needsSecondApproval({ margin: isMargin(facts.accountType), amlHit: facts.amlHit });
  if (!fourEyes) {
    const application = await refusalAsError(() => apps.approve(ops, appId));
    return { application, waitingForSecond: false };
  }
  const first = await repo.approvalOf(deps.db, appId);
  if (!first) {
    // the first of two: kept with its event; the application waits for a second approver
    const at = new Date(deps.clock.now());
    const application = await deps.db.transaction(async (tx) => {
      const row = await appRepo.findById(tx, appId, true);
      if (!row || row.archived_at) throw new AppError(ErrorCode.NOT_FOUND);
      if (!canApprove(row.apply_status)) {
        throw new AppError(ErrorCode.CASE_STATE, { data: { detail: `status ${row.apply_status}` } });
      }
      if (!(await repo.insertApproval(tx, { appId, staffId: me, at, note: d.note ?? '' }))) throw new AppError(ErrorCode.CASE_STATE, { data: { detail: 'approved once already' } });
      // the case goes back to the queue, for a second approver
      await repo.release(tx, appId);
      const updated = await changeApplication(tx, row, {
        actor,
        kind: 'first-approval',
        change: {},
        detail: { reasons: [...(isMargin(facts.accountType) ? ['margin'] : []), ...(facts.amlHit ? ['amlHit'] : [])] },
        auditAction: 'staff.approve.first',
        at,
      });
      return toView(updated);
    });
    return { application, waitingForSecond: true };
  }
  if (first.staff_id === me) throw new AppError(ErrorCode.FOUR_EYES, { data: { reason: 'samePerson' } });
  if (!staffMay(caller.staff.role, 'approver')) throw new AppError(ErrorCode.FOUR_EYES, { data: { reason: 'role' } });
  const application = await refusalAsError(() => apps.approve({ ...ops, detail: { firstApprovalBy: first.staff_id } }, appId));
  return { application, waitingForSecond: false };
}
