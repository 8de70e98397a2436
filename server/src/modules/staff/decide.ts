/**
 * The desk's decisions on an application (issue 28), each by the staff member who holds its claim, in one transaction
 * with its application_events row (the outbox: the webhook and the applicant's live status are fed from it) and its
 * audit entry, through the application's lifecycle as the ops commands (modules/applications/lifecycle.ts):
 * - approve: opens the account; a margin account or an AML hit needs two approvals by two people, the second by an
 *   approver (four eyes): the first is kept (case_approvals, event `first-approval`) until the second;
 * - sendBack: the chosen steps go back to the applicant with the reason and a message (status 1900);
 * - close: the application is closed for good (5000) with the reason and a message;
 * - status: under review (1200) ⇄ awaiting the professional-investor verification or the first deposit (1500);
 * - deposit, stock: the deposit's and the stock transfer-in's states (the applicant's status page shows them);
 * - witness: the professional-person verification's proofs accepted (1500 → 1200) or refused with a message (1500).
 * A decision ends the claim and any first approval, but for the deposit and stock states.
 */
import { ErrorCode, needsSecondApproval, staffMay, type DecisionReason } from '@core/domain';
import { isMargin } from '@core/domain/profile';
import { AppError } from '../../errors';
import type { AppDeps } from '../../plugins/context';
import { lifecycle } from '../applications';
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

export async function decide(deps: Deps, caller: StaffSession, appId: string, d: Decision): Promise<DecisionResult> {
  const me = caller.staff.staffId;
  const claim = await repo.claimOf(deps.db, appId);
  if (!claim) throw new AppError(ErrorCode.CASE_NOT_CLAIMED);
  if (claim.staff_id !== me) throw new AppError(ErrorCode.CASE_CLAIMED, { data: { by: claim.display_name } });
  // the lifecycle's decisions, as the staff member; a refusal is the lifecycle's (its error code, the refusal as data)
  const staff: lifecycle.LifecycleDeps = { db: deps.db, clock: deps.clock, actor: `staff:${me}` };
  const done = (application: ApplicationView): DecisionResult => ({ application, waitingForSecond: false });

  if (d.action === 'sendBack') return done(await lifecycle.sendBack({ ...staff, detail: { reason: d.reason } }, appId, d.steps, d.message, d.reason));
  if (d.action === 'close') return done(await lifecycle.close(staff, appId, d.reason, d.message));
  if (d.action === 'status') return done(await lifecycle.moveReviewStatus(staff, appId, d.status));
  // the funding states: recorded by the holder, who keeps the case (the deposit is followed after approval too)
  if (d.action === 'deposit') return done(await lifecycle.deposit(staff, appId, d.cashInStatus, d.message));
  if (d.action === 'stock') return done(await lifecycle.stock(staff, appId, d.stockStatus));
  if (d.action === 'witness') {
    return done(await lifecycle.witnessDecision(staff, appId, d.outcome === 'accept' ? { outcome: 'accept' } : { outcome: 'refuse', reason: d.reason ?? 'other', message: d.message ?? '' }));
  }

  // approve
  const facts = await repo.approvalFacts(deps.db, appId);
  if (!facts) throw new AppError(ErrorCode.NOT_FOUND);
  const fourEyes = needsSecondApproval({ margin: isMargin(facts.accountType), amlHit: facts.amlHit });
  if (!fourEyes) return done(await lifecycle.approve(staff, appId));
  const first = await repo.approvalOf(deps.db, appId);
  if (!first) {
    // the first of two: kept with its event; the case goes back to the queue, for a second approver
    const reasons = [...(isMargin(facts.accountType) ? ['margin'] : []), ...(facts.amlHit ? ['amlHit'] : [])];
    const application = await lifecycle.firstApproval(staff, appId, {
      reasons,
      keep: async (tx) => {
        if (!(await repo.insertApproval(tx, { appId, staffId: me, at: new Date(deps.clock.now()), note: d.note ?? '' }))) return false;
        await repo.release(tx, appId);
        return true;
      },
    });
    return { application, waitingForSecond: true };
  }
  if (first.staff_id === me) throw new AppError(ErrorCode.FOUR_EYES, { data: { reason: 'samePerson' } });
  if (!staffMay(caller.staff.role, 'approver')) throw new AppError(ErrorCode.FOUR_EYES, { data: { reason: 'role' } });
  return done(await lifecycle.approve({ ...staff, detail: { firstApprovalBy: first.staff_id } }, appId));
}
