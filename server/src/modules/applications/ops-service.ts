/**
 * What operators read of applications (`npm run ops -- apps|app|history`): the list, one application with its audit
 * trail and last events, its history. The changes (approve, reject, close, set-status, witness, deposit, stock,
 * client-status) are the lifecycle's (lifecycle.ts), as the review desk's are.
 */
import { maskPhone, type ApplicationView } from '@core/domain';
import type { Db } from '../../db';
import { auditTrail } from '../../db/audit';
import type { Clock } from '../../plugins/context';
import { OpsInputError } from '../../errors';
import { historyEntry, type HistoryEntry } from './events';
import { listEvents } from './events-repository';
import * as repo from './repository';
import { toView } from './view';

/** A lookup the operator reads the refusal of (run.ts prints OpsInputError messages as they are). */
const OpsRefusal = OpsInputError;

export interface OpsDeps {
  db: Db;
  clock: Clock;
}

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

/** Every submission and decision of an application, oldest first. */
export async function history(deps: OpsDeps, ref: string, areaCode?: string): Promise<{ appId: string; events: HistoryEntry[] }> {
  const row = await findApp(deps, ref, areaCode);
  return { appId: row.app_id, events: (await listEvents(deps.db, row.app_id)).map(historyEntry) };
}
