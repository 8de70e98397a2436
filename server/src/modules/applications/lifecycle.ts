/**
 * The application's lifecycle once submitted, as one service: approve (and the first of two approvals), send back,
 * close, the status (ops) and the desk's review status, the professional-person verification, the funding states
 * (deposit, stock transfer-in) and the client status. Used by the review desk (modules/staff/decide.ts) and the ops
 * commands (server/src/ops/commands); every change writes its application_events row, which the outbox publishes
 * (events.ts maps an event to the outbox's body) and the live status reads.
 *
 * Each decision is checked once, by the domain's rules (src/core/domain/lifecycle.ts), in the change's transaction on
 * the locked row. A refusal is a `LifecycleRefusalError`: an AppError whose code is the refusal's (`refusalErrorCode`)
 * and whose data is the typed refusal (reason and parameters), so the API answers it translated; the ops CLI words it
 * itself (server/src/ops/refusals.ts). Each change is one transaction: the row, its event and its audit entry
 * (changeApplication), with actor `ops:<command>` unless the desk acts as `staff:<id>`.
 */
import { randomInt } from 'node:crypto';
import {
  APPLY_STATUS,
  CLIENT_STATUS,
  CLT_TYPE,
  approveRefusal,
  clientStatusRefusal,
  clientStatusTargetRefusal,
  closeRefusal,
  fundingRefusal,
  isRejected,
  refusalErrorCode,
  reviewStatusRefusal,
  sendBackRefusal,
  sentBackSteps,
  statusRefusal,
  statusTargetRefusal,
  stockStatusRefusal,
  witnessRefusal,
  type ApplicationView,
  type DecisionReason,
  type LifecycleDecision,
  type LifecycleRefusal,
  type LifecycleState,
} from '@core/domain';
import { ACCOUNT_TYPE, FIXED_MARKETS, isMargin } from '@core/domain/profile';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import type { Clock } from '../../plugins/context';
import { insertAccount } from '../accounts';
import { setUserApplication } from '../auth';
import * as repo from './repository';
import { changeApplication, type EventKind } from './status-change';
import { toView } from './view';

/** A decision the lifecycle refuses: answered by the API as its error code with the refusal as data; worded by the ops CLI. */
export class LifecycleRefusalError extends AppError {
  constructor(
    readonly decision: LifecycleDecision,
    readonly appId: string,
    readonly refusal: LifecycleRefusal,
  ) {
    super(refusalErrorCode(refusal), { data: refusal });
    this.name = 'LifecycleRefusalError';
  }
}

export interface LifecycleDeps {
  db: Db;
  clock: Clock;
  /** who acts: `ops:<command>` unless given (the review desk acts as `staff:<id>`) */
  actor?: string;
  /** more details for the change's event (the desk's reason, the first approver) */
  detail?: Record<string, unknown>;
}

/** The changes that end a review: the desk's claim and any first approval of the application go with them. */
const ENDS_REVIEW: readonly EventKind[] = ['approve', 'reject', 'status', 'close'];

const stateOf = (row: repo.AppRow): LifecycleState => ({ applyStatus: row.apply_status, clientStatus: row.client_status, subAcctId: row.sub_acct_id });

/** Throws the refusal, if any. */
function check(decision: LifecycleDecision, appId: string, refusal: LifecycleRefusal | null): void {
  if (refusal) throw new LifecycleRefusalError(decision, appId, refusal);
}

/**
 * One change: the row locked, the decision's rule checked on it (`fn` throws its refusal), then the row, the event and
 * the audit entry in one transaction (changeApplication). `command` names the audit action (`ops.<command>` or
 * `staff.<command>`) and the default actor.
 */
async function change(
  deps: LifecycleDeps,
  appId: string,
  decision: LifecycleDecision,
  how: { command: string; kind: EventKind },
  fn: (row: repo.AppRow, tx: Db, at: Date) => Promise<{ change: repo.AppChange; detail: Record<string, unknown> }>,
): Promise<ApplicationView> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const row = await repo.findById(tx, appId, true);
    if (!row) throw new LifecycleRefusalError(decision, appId, { reason: 'noApplication', appId });
    if (row.archived_at) throw new LifecycleRefusalError(decision, appId, { reason: 'archived', appId });
    const { change: c, detail } = await fn(row, tx, at);
    const staff = deps.actor?.startsWith('staff:');
    const updated = await changeApplication(tx, row, {
      actor: deps.actor ?? `ops:${how.command}`,
      kind: how.kind,
      change: c,
      detail: { ...detail, ...deps.detail },
      auditAction: staff ? `staff.${how.command}` : `ops.${how.command}`,
      at,
    });
    // a send-back keeps the desk's claim: the correction comes back to the reviewer who asked for it
    if (ENDS_REVIEW.includes(how.kind)) await repo.endReview(tx, row.app_id, { keepClaim: how.kind === 'reject' });
    return toView(updated);
  });
}

/** Opens the account of an application under review or approved: status SUCCESS (4000), client status 31, a new client id and sub-account id S<8 digits>. */
export async function approve(deps: LifecycleDeps, appId: string): Promise<ApplicationView> {
  return change(deps, appId, 'approve', { command: 'approve', kind: 'approve' }, async (row, tx, at) => {
    check('approve', appId, approveRefusal(stateOf(row)));
    let clientId = '';
    for (let i = 0; i < 20 && !clientId; i++) {
      const candidate = String(randomInt(10_000_000, 100_000_000));
      if (!(await repo.subAccountTaken(tx, `S${candidate}`))) clientId = candidate;
    }
    if (!clientId) throw new Error('could not allocate a sub-account id');
    const subAcctId = `S${clientId}`;
    await repo.setUserAccount(tx, row.user_id, subAcctId, CLIENT_STATUS.SUCCESS);
    // the account itself: its type and markets as the applicant chose them (SELECTACCOUNT)
    const choice = (row.data.SELECTACCOUNT ?? {}) as { accountType?: unknown; marketOpen?: unknown };
    await insertAccount(tx, {
      sub_acct_id: subAcctId,
      user_id: row.user_id,
      app_id: row.app_id,
      clt_id: clientId,
      acct_id: `A${clientId}`,
      uin: `U${clientId}`,
      acct_type: isMargin(choice.accountType) ? ACCOUNT_TYPE.MARGIN : ACCOUNT_TYPE.CASH,
      clt_type: CLT_TYPE.INDIVIDUAL,
      markets: typeof choice.marketOpen === 'number' ? choice.marketOpen : FIXED_MARKETS,
      source: null,
      created_at: at,
      contact: (row.data.PROOFADDRESS as { contactInfo?: Record<string, unknown> } | undefined)?.contactInfo ?? (row.data.IDCARD as { contactInfo?: Record<string, unknown> } | undefined)?.contactInfo ?? null,
      w8: (row.data.TAXINFO as { w8Info?: Record<string, unknown> } | undefined)?.w8Info ?? null,
    });
    return {
      change: { apply_status: APPLY_STATUS.SUCCESS, client_status: CLIENT_STATUS.SUCCESS, hl_id: clientId, sub_acct_id: subAcctId, reject_data: null },
      detail: { subAcctId },
    };
  });
}

/**
 * The first of two approvals (four eyes): the application must allow approval; `keep` records the approval in the
 * change's transaction and answers false when one is recorded already. The status stays; the event `first-approval`
 * names why a second is needed.
 */
export async function firstApproval(deps: LifecycleDeps, appId: string, o: { reasons: string[]; keep: (tx: Db) => Promise<boolean> }): Promise<ApplicationView> {
  return change(deps, appId, 'firstApproval', { command: 'approve.first', kind: 'first-approval' }, async (row, tx) => {
    check('firstApproval', appId, approveRefusal(stateOf(row)));
    if (!(await o.keep(tx))) throw new LifecycleRefusalError('firstApproval', appId, { reason: 'approvedOnce' });
    return { change: {}, detail: { reasons: o.reasons } };
  });
}

/** Sends an application under review (1200, 1500) back: status REJECTED (1900) with the steps to correct (its own, in its order) and a message. */
export async function sendBack(deps: LifecycleDeps, appId: string, steps: string[], message: string, reason?: DecisionReason): Promise<ApplicationView> {
  return change(deps, appId, 'sendBack', { command: 'reject', kind: 'reject' }, async (row) => {
    check('sendBack', appId, sendBackRefusal(stateOf(row), steps, row.steps));
    const ordered = sentBackSteps(steps, row.steps);
    return { change: { apply_status: APPLY_STATUS.REJECTED, reject_data: { steps: ordered, message, ...(reason ? { reason } : {}) } }, detail: { steps: ordered, message } };
  });
}

/**
 * Sets a status of the domain's list (APPLY_STATUSES), as ops set-status. Not the ones with their own decision: a
 * reject status needs the steps (send back), 4000 opens the account (approve).
 */
export async function setStatus(deps: LifecycleDeps, appId: string, status: number): Promise<ApplicationView> {
  check('status', appId, statusTargetRefusal(status));
  return change(deps, appId, 'status', { command: 'set-status', kind: 'status' }, async (row) => {
    check('status', appId, statusRefusal(stateOf(row), status));
    // leaving a reject status for another one ends the rejection
    return { change: { apply_status: status, ...(isRejected(row.apply_status) ? { reject_data: null } : {}) }, detail: {} };
  });
}

/** The desk's review status: under review (1200) ⇄ awaiting the professional-investor verification or the first deposit (1500). */
export async function moveReviewStatus(deps: LifecycleDeps, appId: string, status: number): Promise<ApplicationView> {
  return change(deps, appId, 'reviewStatus', { command: 'set-status', kind: 'status' }, async (row) => {
    check('reviewStatus', appId, reviewStatusRefusal(stateOf(row), status));
    return { change: { apply_status: status }, detail: {} };
  });
}

/**
 * The professional-person verification (1500): the proofs the applicant handed over are accepted (the application goes
 * under review, 1200) or refused with a message the witness page shows (it stays at 1500 for new proofs). Only with a
 * submission of proofs to decide on.
 */
export async function witnessDecision(deps: LifecycleDeps, appId: string, d: { outcome: 'accept' } | { outcome: 'refuse'; reason: string; message: string }): Promise<ApplicationView> {
  return change(deps, appId, 'witness', { command: 'witness', kind: d.outcome === 'accept' ? 'witness-accept' : 'witness-refuse' }, async (row, tx) => {
    const hasProofs = row.apply_status === APPLY_STATUS.AWAITING_DEPOSIT && !!(await repo.latestWitness(tx, appId));
    check('witness', appId, witnessRefusal(stateOf(row), hasProofs));
    if (d.outcome === 'accept') return { change: { apply_status: APPLY_STATUS.SUBMITTED, reject_data: null }, detail: {} };
    return { change: { reject_data: { steps: [], message: d.message } }, detail: { reason: d.reason, message: d.message } };
  });
}

/**
 * Closes an application for good (CLOSED, 5000) with the reason and a message (the desk's decision after review): not
 * one opened, nor one closed already.
 */
export async function close(deps: LifecycleDeps, appId: string, reason: string, message: string): Promise<ApplicationView> {
  return change(deps, appId, 'close', { command: 'close', kind: 'close' }, async (row) => {
    check('close', appId, closeRefusal(stateOf(row)));
    return { change: { apply_status: APPLY_STATUS.CLOSED, reject_data: null }, detail: { reason, message } };
  });
}

/** Records the deposit status (cashInStatus) and, with a message, cashInData {steps: [], message}; only after submission. */
export async function deposit(deps: LifecycleDeps, appId: string, cashInStatus: number, message?: string): Promise<ApplicationView> {
  return change(deps, appId, 'deposit', { command: 'deposit', kind: 'deposit' }, async (row) => {
    check('deposit', appId, fundingRefusal(stateOf(row)));
    return {
      change: { cash_in_status: cashInStatus, cash_in_data: message ? { steps: [], message } : null },
      detail: { cashInStatus, fromCashInStatus: row.cash_in_status, ...(message ? { message } : {}) },
    };
  });
}

/** Records the stock transfer-in status (STOCK_STATUSES; 2 and 4 are failures); only after submission. */
export async function stock(deps: LifecycleDeps, appId: string, stockStatus: number): Promise<ApplicationView> {
  check('stock', appId, stockStatusRefusal(stockStatus));
  return change(deps, appId, 'stock', { command: 'stock', kind: 'stock' }, async (row) => {
    check('stock', appId, fundingRefusal(stateOf(row)));
    return { change: { stock_status: stockStatus }, detail: { stockStatus, fromStockStatus: row.stock_status } };
  });
}

/** Sets the client status 30 (an application exists) or 33 (started); 31 (opened) only comes with approve. */
export async function clientStatus(deps: LifecycleDeps, appId: string, status: number): Promise<ApplicationView> {
  check('clientStatus', appId, clientStatusTargetRefusal(status));
  return change(deps, appId, 'clientStatus', { command: 'client-status', kind: 'client-status' }, async (row, tx) => {
    check('clientStatus', appId, clientStatusRefusal(stateOf(row), status));
    await setUserApplication(tx, row.user_id, { clientStatus: status });
    return { change: { client_status: status }, detail: { clientStatus: status, fromClientStatus: row.client_status } };
  });
}
