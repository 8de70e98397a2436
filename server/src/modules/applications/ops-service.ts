/**
 * Operator actions on applications (`npm run ops -- apps|app|approve|reject|set-status|deposit`).
 * Each change writes an audit entry with actor `ops:<command>`.
 */
import { randomInt } from 'node:crypto';
import { APPLY_STATUS, CLIENT_STATUS, isRejected, maskPhone, type ApplicationView } from '@core/domain';
import type { Db } from '../../db';
import { audit, auditTrail } from '../../db/audit';
import type { Clock } from '../../plugins/context';
import { OpsInputError } from '../auth/ops-service';
import * as repo from './repository';
import { toView } from './view';

/** A refusal the operator reads (run.ts prints OpsInputError messages as they are). */
const OpsRefusal = OpsInputError;

export interface OpsDeps {
  db: Db;
  clock: Clock;
}

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
  };
}

async function change(deps: OpsDeps, appId: string, command: string, fn: (row: repo.AppRow, tx: Db, at: Date) => Promise<{ change: repo.AppChange; detail: Record<string, unknown> }>): Promise<ApplicationView> {
  const at = now(deps);
  return deps.db.transaction(async (tx) => {
    const row = await repo.findById(tx, appId, true);
    if (!row) throw new OpsRefusal(`no application ${appId}`);
    if (row.archived_at) throw new OpsRefusal(`application ${appId} is archived`);
    const { change: c, detail } = await fn(row, tx, at);
    const updated = await repo.updateApplication(tx, appId, c, at);
    await audit(tx, { actor: `ops:${command}`, userId: row.user_id, appId, action: `ops.${command}`, detail: { from: row.apply_status, to: updated.apply_status, ...detail }, at });
    return toView(updated);
  });
}

const submittedOrLater = (row: repo.AppRow) => row.apply_status >= APPLY_STATUS.SUBMITTED;

/** Opens the account: status SUCCESS (4000), client status 31, a new client id and sub-account id S<8 digits>. */
export async function approve(deps: OpsDeps, appId: string): Promise<ApplicationView> {
  return change(deps, appId, 'approve', async (row, tx) => {
    if (!submittedOrLater(row) || isRejected(row.apply_status)) throw new OpsRefusal(`application ${appId} is not submitted (status ${row.apply_status})`);
    if (row.apply_status === APPLY_STATUS.SUCCESS || row.sub_acct_id) throw new OpsRefusal(`application ${appId} is already opened (${row.sub_acct_id})`);
    if (row.apply_status === APPLY_STATUS.CLOSED) throw new OpsRefusal(`application ${appId} is closed`);
    let clientId = '';
    for (let i = 0; i < 20 && !clientId; i++) {
      const candidate = String(randomInt(10_000_000, 100_000_000));
      if (!(await repo.subAccountTaken(tx, `S${candidate}`))) clientId = candidate;
    }
    if (!clientId) throw new Error('could not allocate a sub-account id');
    const subAcctId = `S${clientId}`;
    await repo.setUserAccount(tx, row.user_id, subAcctId, CLIENT_STATUS.SUCCESS);
    return {
      change: { apply_status: APPLY_STATUS.SUCCESS, client_status: CLIENT_STATUS.SUCCESS, hl_id: clientId, sub_acct_id: subAcctId, reject_data: null },
      detail: { subAcctId },
    };
  });
}

/** Sends a submitted application back: status REJECTED (1900) with the steps to correct and a message. */
export async function reject(deps: OpsDeps, appId: string, steps: string[], message: string): Promise<ApplicationView> {
  return change(deps, appId, 'reject', async (row) => {
    if (!submittedOrLater(row) || row.apply_status >= APPLY_STATUS.SUCCESS) throw new OpsRefusal(`only a submitted application under review can be rejected (status ${row.apply_status})`);
    const unknown = steps.filter((s) => !row.steps.includes(s));
    if (unknown.length) throw new OpsRefusal(`not steps of ${appId}: ${unknown.join(', ')} (its steps: ${row.steps.join(', ')})`);
    return { change: { apply_status: APPLY_STATUS.REJECTED, reject_data: { steps, message } }, detail: { steps } };
  });
}

export async function setStatus(deps: OpsDeps, appId: string, status: number): Promise<ApplicationView> {
  return change(deps, appId, 'set-status', async () => ({ change: { apply_status: status }, detail: {} }));
}

/** Records the deposit status (cashInStatus) and, with a message, cashInData {steps: [], message}. */
export async function deposit(deps: OpsDeps, appId: string, cashInStatus: number, message?: string): Promise<ApplicationView> {
  return change(deps, appId, 'deposit', async () => ({
    change: { cash_in_status: cashInStatus, cash_in_data: message ? { steps: [], message } : null },
    detail: { cashInStatus },
  }));
}
