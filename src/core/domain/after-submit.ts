/**
 * Where the applicant goes after a successful submit (spec part 3 §4 "Step progression"), and where a
 * locked application lands when a guarded route has nowhere to bounce back to.
 */
import type { ClientType } from './client-type';
import { APPLY_STATUS, effectiveApplyStatus, isLockedForEditing, isRejected } from './status';
import { STEP_ROUTE, correctionSteps, orderSteps, type StepName } from './steps';

/** Post-submission routes (flagged as submitted in the route table). */
export const RESULT_ROUTE = {
  openStatus: '/openStatus',
  accountStatus: '/AccountStatus',
  witness: '/witness',
  transitionGold: '/transitionGold',
} as const;

export interface SubmittedApplication {
  clientType: ClientType;
  applyStatus: number;
  rejectData: { steps: readonly string[] } | null;
}

/**
 * non-mainland → /AccountStatus; mainland with reject steps → /openStatus; status 1500 → /witness; otherwise /openStatus.
 * "With reject steps" is the application as it was submitted: a resubmission's answer has its reject data cleared, so
 * the steps it was sent back with are given apart (`sentBackSteps`, the application's before the submit); a corrected
 * mainland application goes to its status page even when the answer is 1500 (issue 37).
 */
export function afterSubmitRoute(app: SubmittedApplication, sentBackSteps: readonly string[] = app.rejectData?.steps ?? []): string {
  if (app.clientType !== 'cn') return RESULT_ROUTE.accountStatus;
  if (sentBackSteps.length > 0 || (app.rejectData?.steps.length ?? 0) > 0) return RESULT_ROUTE.openStatus;
  if (app.applyStatus === APPLY_STATUS.AWAITING_DEPOSIT) return RESULT_ROUTE.witness;
  return RESULT_ROUTE.openStatus;
}

/** The status page of a client type (a locked application's home). */
export function statusRouteOf(clientType: ClientType): string {
  return clientType === 'cn' ? RESULT_ROUTE.openStatus : RESULT_ROUTE.accountStatus;
}

/**
 * The "supplement materials" button of a rejected application (part 3 §4 "Result screen"): the first rejected step still
 * to fix (issue 25: rejectData.fixed), else the first rejected step, in the order the flow follows; when that is the
 * statement (the file step, "FILE first") it is /statement, otherwise that step's route. null when nothing was sent back
 * (no button). `statementSkipped` is the local skip flag (STATEMENT last).
 */
export function supplementRoute(
  app: { applyStepsName: readonly string[]; rejectData: { steps: readonly string[]; fixed?: readonly string[] } | null },
  statementSkipped = false,
): string | null {
  const order = correctionSteps(orderSteps(app.applyStepsName as StepName[], statementSkipped), app.rejectData?.steps ?? [], app.rejectData?.fixed ?? []);
  if (order.length === 0) return null;
  return STEP_ROUTE[(order.find((s) => s.state === 'toFix') ?? order[0]).step];
}

/**
 * Where Home → Start and "/" send an existing application that is not being filled in: submitted, opened or sent back
 * for correction → its status page (a mainland one at 1500 → /witness, where its submit sent it) (the review state, or the reason and the supplement button); null otherwise (the
 * applicant resumes at the next step).
 */
export function statusLanding(app: {
  clientType: ClientType;
  applyStatus: number;
  clientStatus: number;
  rejectData: { steps: readonly string[] } | null;
  clientInfo?: { accts: readonly { subAcctId: string }[] };
}): string | null {
  const status = effectiveApplyStatus(app.applyStatus, app.clientStatus, app.clientInfo?.accts[0]?.subAcctId);
  // a mainland application awaiting the professional-person verification (1500) goes back to it, as after its submit
  if (isLockedForEditing(status, app.clientStatus)) return status === APPLY_STATUS.AWAITING_DEPOSIT ? afterSubmitRoute(app) : statusRouteOf(app.clientType);
  if (isRejected(app.applyStatus) && (app.rejectData?.steps.length ?? 0) > 0) return statusRouteOf(app.clientType);
  return null;
}
