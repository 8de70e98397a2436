/**
 * The lifecycle's refusals (src/core/domain/lifecycle.ts) in the ops CLI's own words: what the operator reads when
 * approve, reject, close, set-status, witness, deposit, stock or client-status is refused. The API answers the same
 * refusals as translated errors; these texts reach operators only (the CLI, and the ops API that runs its commands).
 */
import { APPLY_STATUSES, CLIENT_STATUSES, STOCK_STATUSES } from '@core/domain';
import type { LifecycleRefusalError } from '../modules/applications/lifecycle';

export function refusalText({ decision, appId, refusal: r }: Pick<LifecycleRefusalError, 'decision' | 'appId' | 'refusal'>): string {
  switch (r.reason) {
    case 'noApplication':
      return `no application ${appId}`;
    case 'archived':
      return `application ${appId} is archived`;
    case 'opened':
      if (decision === 'approve' || decision === 'firstApproval') return `application ${appId} is already opened (${r.subAcctId ?? 'client status 31'})`;
      if (decision === 'status') return `application ${appId} is opened (${r.subAcctId ?? 'client status 31'}): its status stays 4000`;
      if (decision === 'clientStatus') return `application ${appId} is opened: its client status stays 31`;
      if (decision === 'sendBack') return `application ${appId} is opened (${r.subAcctId ?? 'client status 31'}): only a submitted application under review can be rejected`;
      return `application ${appId} is opened (${r.subAcctId ?? 'client status 31'})`;
    case 'closed':
      return decision === 'close' ? `application ${appId} is closed already` : `application ${appId} is closed`;
    case 'notUnderReview':
      if (decision === 'sendBack') return `only a submitted application under review can be rejected (status ${r.status})`;
      return `application ${appId} is not submitted (status ${r.status}): only an application under review (1200-2999, not 1900-1904) or approved (3000) can be opened`;
    case 'notSubmitted':
      return `application ${appId} is not submitted (status ${r.status})`;
    case 'notStepsOf':
      return `not steps of ${appId}: ${r.steps.join(', ')} (its steps: ${r.own.join(', ')})`;
    case 'unknownStatus':
      return `unknown status ${r.status}: one of ${APPLY_STATUSES.join(', ')}`;
    case 'statusOfDecision':
      return r.decision === 'sendBack'
        ? `status ${r.status} sends the application back: use reject <appId> --steps A,B --message "…"`
        : `status ${r.status} opens the account: use approve <appId>`;
    case 'reviewStatusMove':
      return `status ${r.from} cannot move to ${r.to}`;
    case 'notAwaitingVerification':
      return `application ${appId} is not awaiting the verification (status ${r.status})`;
    case 'noProofs':
      return `application ${appId} has no proofs to verify`;
    case 'fundingNotOpen':
      return `application ${appId} is not submitted, or is sent back or closed (status ${r.status})`;
    case 'unknownStockStatus':
      return `unknown stock status ${r.status}: one of ${STOCK_STATUSES.join(', ')} (1 requested, 2 failed, 3 confirming, 4 refused, 5 done)`;
    case 'unknownClientStatus':
      return `unknown client status ${r.status}: one of ${CLIENT_STATUSES.join(', ')}`;
    case 'clientStatusOfApprove':
      return 'client status 31 opens the account: use approve <appId>';
    case 'approvedOnce':
      return `application ${appId} has its first approval already`;
  }
}
