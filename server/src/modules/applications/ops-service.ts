/**
 * Operator actions on applications (`npm run ops -- apps|app|history|approve|reject|set-status|deposit|stock|client-status`).
 * Each change goes through changeApplication: an application_events row and an audit entry with actor `ops:<command>`.
 */
import { randomInt } from 'node:crypto';
import {
  APPLY_STATUS,
  APPLY_STATUSES,
  CLT_TYPE,
  CLIENT_STATUS,
  CLIENT_STATUSES,
  STOCK_STATUSES,
  SUBMITTED_THRESHOLD,
  canApprove,
  canRecordFunding,
  canReject,
  isKnownApplyStatus,
  isRejected,
  maskPhone,
  type ApplicationView,
  type DecisionReason,
} from '@core/domain';
import type { Db } from '../../db';
import { auditTrail } from '../../db/audit';
import type { Clock } from '../../plugins/context';
import { OpsInputError } from '../../errors';
import { setUserApplication } from '../auth/repository';
import { listEvents, type EventRow } from './events-repository';
import * as repo from './repository';
import { changeApplication, type EventKind } from './status-change';
import { toView } from './view';
import { insertAccount } from '../accounts/repository';
import { ACCOUNT_TYPE, FIXED_MARKETS, isMargin } from '@core/domain/profile';

/** A refusal the operator reads (run.ts prints OpsInputError messages as they are). */
const OpsRefusal = OpsInputError;

export interface OpsDeps {
  db: Db;
  clock: Clock;
  /** who acts: `ops:<command>` unless given (the review desk acts as `staff:<id>`) */
  actor?: string;
  /** more work in the change's transaction, after it */
  alsoInTx?: (tx: Db, row: repo.AppRow) => Promise<void>;
  /** more details for the change's event (the desk's reason, the first approver) */
  detail?: Record<string, unknown>;
}

/** The changes that end a review: the desk's claim and any first approval of the application go with them. */
const ENDS_REVIEW: readonly EventKind[] = ['approve', 'reject', 'status', 'close'];

const now = (deps: OpsDeps) => new Date(deps.clock.now());

export interface AppSummary {
  appId: string;
  phone: string;
  oaType: number;
  clientType: string;
  clientStatus: number;
  applyStatus: number;
  currentStep: string | null;
  latestStep: string | null;
  cashInStatus: number | null;
  archived: boolean;
  updatedAt: string;
}

export async function listApps(deps: OpsDeps, filter: { status?: number; all?: boolean; limit?: number }): Promise<AppSummary[]> {
  const rows = await repo.listApplications(deps.db, { status: filter.status, includeArchived: filter.all, limit: filter.limit ?? 200 });
  return rows.map((r) => ({
    appId: r.app_id,
    phone: `+${r.area_code} ${maskPhone(r.phone)}`,
    oaType: r.oa_type,
    clientType: r.client_type,
    clientStatus: r.client_status,
    applyStatus: r.apply_status,
    currentStep: r.current_step,
    latestStep: r.latest_step,
    cashInStatus: r.cash_in_status,
    archived: r.archived_at !== null,
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

export interface AppDetail {
  application: ApplicationView;
  phone: string;
  submittedAt: string | null;
  lastPosition: string | null;
  audit: { at: string; actor: string; action: string; step: string | null }[];
  /** the last submissions and decisions (application_events), oldest first */
  events: HistoryEntry[];
}

/** An application by appId, or the active application of a phone number. */
export async function findApp(deps: OpsDeps, ref: string, areaCode?: string): Promise<repo.AppRow> {
  const byId = await repo.findById(deps.db, ref);
  if (byId) return byId;
  if (/^\d{4,20}$/.test(ref)) {
    const byPhone = await repo.findActiveByPhone(deps.db, ref, areaCode);
    if (byPhone.length > 1) throw new OpsRefusal(`phone ${maskPhone(ref)} has applications under several area codes: pass --area`);
    if (byPhone[0]) return byPhone[0];
  }
  throw new OpsRefusal(`no application ${ref}`);
}

export async function showApp(deps: OpsDeps, ref: string, areaCode?: string): Promise<AppDetail> {
  const row = await findApp(deps, ref, areaCode);
  const phone = await repo.userPhone(deps.db, row.user_id);
  const trail = await auditTrail(deps.db, { appId: row.app_id, limit: 30 });
  return {
    application: toView(row),
    phone: phone ? `+${phone.area_code} ${maskPhone(phone.phone)}` : '',
    submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
    lastPosition: row.last_position,
    audit: trail.map((a) => ({ at: new Date(a.at).toISOString(), actor: a.actor, action: a.action, step: a.step })),
    events: (await listEvents(deps.db, row.app_id, 10)).map(historyEntry),
  };
}

/** A change by an ops command: through changeApplication (row, event and audit in one transaction). */
async function change(
  deps: OpsDeps,
  appId: string,
  command: string,
  kind: EventKind,
  fn: (row: repo.AppRow, tx: Db, at: Date) => Promise<{ change: repo.AppChange; detail: Record<string, unknown> }>,
): Promise<ApplicationView> {
  const at = now(deps);
  return deps.db.transaction(async (tx) => {
    const row = await repo.findById(tx, appId, true);
    if (!row) throw new OpsRefusal(`no application ${appId}`);
    if (row.archived_at) throw new OpsRefusal(`application ${appId} is archived`);
    const { change: c, detail } = await fn(row, tx, at);
    const staff = deps.actor?.startsWith('staff:');
    const updated = await changeApplication(tx, row, {
      actor: deps.actor ?? `ops:${command}`,
      kind,
      change: c,
      detail: { ...detail, ...deps.detail },
      auditAction: staff ? `staff.${command}` : `ops.${command}`,
      at,
    });
    // a send-back keeps the desk's claim: the correction comes back to the reviewer who asked for it
    if (ENDS_REVIEW.includes(kind)) await repo.endReview(tx, row.app_id, { keepClaim: kind === 'reject' });
    await deps.alsoInTx?.(tx, updated);
    return toView(updated);
  });
}

/** Opens the account of an application under review or approved: status SUCCESS (4000), client status 31, a new client id and sub-account id S<8 digits>. */
export async function approve(deps: OpsDeps, appId: string): Promise<ApplicationView> {
  return change(deps, appId, 'approve', 'approve', async (row, tx, at) => {
    if (row.apply_status === APPLY_STATUS.SUCCESS || row.sub_acct_id) throw new OpsRefusal(`application ${appId} is already opened (${row.sub_acct_id})`);
    if (row.apply_status === APPLY_STATUS.CLOSED) throw new OpsRefusal(`application ${appId} is closed`);
    if (!canApprove(row.apply_status)) throw new OpsRefusal(`application ${appId} is not submitted (status ${row.apply_status}): only an application under review (1200-2999, not 1900-1904) or approved (3000) can be opened`);
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

/** Sends an application under review (1200, 1500) back: status REJECTED (1900) with the steps to correct (its own, in its order) and a message. */
export async function reject(deps: OpsDeps, appId: string, steps: string[], message: string, reason?: DecisionReason): Promise<ApplicationView> {
  return change(deps, appId, 'reject', 'reject', async (row) => {
    if (!canReject(row.apply_status) || row.client_status === CLIENT_STATUS.SUCCESS) {
      throw new OpsRefusal(`only a submitted application under review can be rejected (status ${row.apply_status})`);
    }
    const unknown = steps.filter((s) => !row.steps.includes(s));
    if (unknown.length) throw new OpsRefusal(`not steps of ${appId}: ${unknown.join(', ')} (its steps: ${row.steps.join(', ')})`);
    const ordered = row.steps.filter((s) => steps.includes(s));
    return { change: { apply_status: APPLY_STATUS.REJECTED, reject_data: { steps: ordered, message, ...(reason ? { reason } : {}) } }, detail: { steps: ordered, message } };
  });
}

/**
 * Sets a status of the domain's list (APPLY_STATUSES). Not the ones with their own command: a reject status needs the
 * steps (reject), 4000 opens the account (approve).
 */
export async function setStatus(deps: OpsDeps, appId: string, status: number): Promise<ApplicationView> {
  if (!isKnownApplyStatus(status)) throw new OpsRefusal(`unknown status ${status}: one of ${APPLY_STATUSES.join(', ')}`);
  if (isRejected(status)) throw new OpsRefusal(`status ${status} sends the application back: use reject <appId> --steps A,B --message "…"`);
  if (status === APPLY_STATUS.SUCCESS) throw new OpsRefusal('status 4000 opens the account: use approve <appId>');
  return change(deps, appId, 'set-status', 'status', async (row) => {
    if (row.client_status === CLIENT_STATUS.SUCCESS || row.sub_acct_id) throw new OpsRefusal(`application ${appId} is opened (${row.sub_acct_id ?? 'client status 31'}): its status stays 4000`);
    // leaving a reject status for another one ends the rejection
    return { change: { apply_status: status, ...(isRejected(row.apply_status) ? { reject_data: null } : {}) }, detail: {} };
  });
}

/**
 * The professional-person verification (1500): the proofs the applicant handed over are accepted (the application goes
 * under review, 1200) or refused with a message the witness page shows (it stays at 1500 for new proofs). Only with a
 * submission of proofs to decide on.
 */
export async function witnessDecision(deps: OpsDeps, appId: string, d: { outcome: 'accept' } | { outcome: 'refuse'; reason: string; message: string }): Promise<ApplicationView> {
  return change(deps, appId, 'witness', d.outcome === 'accept' ? 'witness-accept' : 'witness-refuse', async (row, tx) => {
    if (row.apply_status !== APPLY_STATUS.AWAITING_DEPOSIT) throw new OpsRefusal(`application ${appId} is not awaiting the verification (status ${row.apply_status})`);
    if (!(await repo.latestWitness(tx, appId))) throw new OpsRefusal(`application ${appId} has no proofs to verify`);
    if (d.outcome === 'accept') return { change: { apply_status: APPLY_STATUS.SUBMITTED, reject_data: null }, detail: {} };
    return { change: { reject_data: { steps: [], message: d.message } }, detail: { reason: d.reason, message: d.message } };
  });
}

/**
 * Closes an application for good (CLOSED, 5000) with the reason and a message (the desk's decision after review): not
 * one opened, nor one closed already.
 */
export async function closeApplication(deps: OpsDeps, appId: string, reason: string, message: string): Promise<ApplicationView> {
  return change(deps, appId, 'close', 'close', async (row) => {
    if (row.client_status === CLIENT_STATUS.SUCCESS || row.sub_acct_id) throw new OpsRefusal(`application ${appId} is opened (${row.sub_acct_id ?? 'client status 31'})`);
    if (row.apply_status === APPLY_STATUS.CLOSED) throw new OpsRefusal(`application ${appId} is closed already`);
    if (row.apply_status < SUBMITTED_THRESHOLD && !isRejected(row.apply_status)) throw new OpsRefusal(`application ${appId} is not submitted (status ${row.apply_status})`);
    return { change: { apply_status: APPLY_STATUS.CLOSED, reject_data: null }, detail: { reason, message } };
  });
}

/** Records the deposit status (cashInStatus) and, with a message, cashInData {steps: [], message}; only after submission. */
export async function deposit(deps: OpsDeps, appId: string, cashInStatus: number, message?: string): Promise<ApplicationView> {
  return change(deps, appId, 'deposit', 'deposit', async (row) => {
    if (!canRecordFunding(row.apply_status) && row.client_status !== CLIENT_STATUS.SUCCESS) throw new OpsRefusal(`application ${appId} is not submitted, or is sent back or closed (status ${row.apply_status})`);
    return {
      change: { cash_in_status: cashInStatus, cash_in_data: message ? { steps: [], message } : null },
      detail: { cashInStatus, fromCashInStatus: row.cash_in_status, ...(message ? { message } : {}) },
    };
  });
}

/** Records the stock transfer-in status (STOCK_STATUSES; 2 and 4 are failures); only after submission. */
export async function stock(deps: OpsDeps, appId: string, stockStatus: number): Promise<ApplicationView> {
  if (!STOCK_STATUSES.includes(stockStatus)) throw new OpsRefusal(`unknown stock status ${stockStatus}: one of ${STOCK_STATUSES.join(', ')} (1 requested, 2 failed, 3 confirming, 4 refused, 5 done)`);
  return change(deps, appId, 'stock', 'stock', async (row) => {
    if (!canRecordFunding(row.apply_status) && row.client_status !== CLIENT_STATUS.SUCCESS) throw new OpsRefusal(`application ${appId} is not submitted, or is sent back or closed (status ${row.apply_status})`);
    return { change: { stock_status: stockStatus }, detail: { stockStatus, fromStockStatus: row.stock_status } };
  });
}

/** Sets the client status 30 (an application exists) or 33 (started); 31 (opened) only comes with approve. */
export async function clientStatus(deps: OpsDeps, appId: string, status: number): Promise<ApplicationView> {
  if (!CLIENT_STATUSES.includes(status)) throw new OpsRefusal(`unknown client status ${status}: one of ${CLIENT_STATUSES.join(', ')}`);
  if (status === CLIENT_STATUS.SUCCESS) throw new OpsRefusal('client status 31 opens the account: use approve <appId>');
  return change(deps, appId, 'client-status', 'client-status', async (row, tx) => {
    if (row.client_status === CLIENT_STATUS.SUCCESS || row.sub_acct_id) throw new OpsRefusal(`application ${appId} is opened: its client status stays 31`);
    await setUserApplication(tx, row.user_id, { clientStatus: status });
    return { change: { client_status: status }, detail: { clientStatus: status, fromClientStatus: row.client_status } };
  });
}

export interface HistoryEntry {
  id: number;
  at: string;
  actor: string;
  kind: string;
  fromStatus: number;
  toStatus: number;
  detail: Record<string, unknown>;
}

/** An event as staff and the outbox's receiver read it. */
export const historyEntry = (e: EventRow): HistoryEntry => ({
  id: e.id,
  at: new Date(e.at).toISOString(),
  actor: e.actor,
  kind: e.kind,
  fromStatus: e.from_status,
  toStatus: e.to_status,
  detail: e.detail,
});

/** Every submission and decision of an application, oldest first. */
export async function history(deps: OpsDeps, ref: string, areaCode?: string): Promise<{ appId: string; events: HistoryEntry[] }> {
  const row = await findApp(deps, ref, areaCode);
  return { appId: row.app_id, events: (await listEvents(deps.db, row.app_id)).map(historyEntry) };
}
