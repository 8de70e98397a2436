/** SQL for applications and the files they reference. No business rules here. */
import type { Db } from '../../db';
import { auditedWith, type AuditEntry } from '../../db/audit';

export interface RejectData {
  steps: string[];
  message: string;
  /** the rejected steps saved since the rejection (application rejections only) */
  fixed?: string[];
  /** the reviewer's reason from the desk's list (DECISION_REASONS), shown to the applicant in their language */
  reason?: string;
}

export interface AppRow {
  app_id: string;
  user_id: string;
  oa_type: number;
  client_type: 'cn' | 'hk';
  client_status: number;
  apply_status: number;
  step_version: string;
  steps: string[];
  current_step: string | null;
  latest_step: string | null;
  data: Record<string, unknown>;
  reject_data: RejectData | null;
  cash_in_status: number | null;
  cash_in_data: RejectData | null;
  stock_status: number | null;
  aecode: string | null;
  channel: string | null;
  protocol_status: number;
  from_page: string | null;
  esop: boolean;
  hl_id: string | null;
  sub_acct_id: string | null;
  last_position: string | null;
  last_position_at: Date | null;
  submitted_at: Date | null;
  /** the latest corrected resubmission (issue 37) */
  resubmitted_at?: Date | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLS = `app_id, user_id, oa_type, client_type, client_status, apply_status, step_version, steps, current_step,
  latest_step, data, reject_data, cash_in_status, cash_in_data, stock_status, aecode, channel, protocol_status,
  from_page, esop, hl_id, sub_acct_id, last_position, last_position_at, submitted_at, resubmitted_at, archived_at, created_at, updated_at`;

export interface NewApplication {
  appId: string;
  userId: string;
  oaType: number;
  clientType: 'cn' | 'hk';
  clientStatus: number;
  applyStatus: number;
  stepVersion: string;
  steps: string[];
  aecode: string | null;
  channel: string | null;
  fromPage: string | null;
  esop: boolean;
  at: Date;
}

/** Inserts; returns false when the user already has an active application (unique index). */
export async function insertApplication(db: Db, a: NewApplication): Promise<boolean> {
  const { rows } = await db.query<{ app_id: string }>(
    `INSERT INTO applications (app_id, user_id, oa_type, client_type, client_status, apply_status, step_version, steps,
       aecode, channel, from_page, esop, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13, $13)
     ON CONFLICT (user_id) WHERE archived_at IS NULL DO NOTHING
     RETURNING app_id`,
    [a.appId, a.userId, a.oaType, a.clientType, a.clientStatus, a.applyStatus, a.stepVersion, JSON.stringify(a.steps), a.aecode, a.channel, a.fromPage, a.esop, a.at],
  );
  return rows.length === 1;
}

export async function findActiveByUser(db: Db, userId: string, forUpdate = false): Promise<AppRow | null> {
  const { rows } = await db.query<AppRow>(
    `SELECT ${COLS} FROM applications WHERE user_id = $1 AND archived_at IS NULL${forUpdate ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function findById(db: Db, appId: string, forUpdate = false): Promise<AppRow | null> {
  const { rows } = await db.query<AppRow>(`SELECT ${COLS} FROM applications WHERE app_id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [appId]);
  return rows[0] ?? null;
}

/** Columns a change may set (JSON columns are passed as values and serialised here). */
export interface AppChange {
  oa_type?: number;
  client_type?: 'cn' | 'hk';
  client_status?: number;
  apply_status?: number;
  steps?: string[];
  current_step?: string | null;
  latest_step?: string | null;
  data?: Record<string, unknown>;
  reject_data?: RejectData | null;
  cash_in_status?: number | null;
  cash_in_data?: RejectData | null;
  stock_status?: number | null;
  protocol_status?: number;
  aecode?: string | null;
  channel?: string | null;
  hl_id?: string | null;
  sub_acct_id?: string | null;
  last_position?: string | null;
  last_position_at?: Date | null;
  submitted_at?: Date | null;
  resubmitted_at?: Date | null;
  archived_at?: Date | null;
}

const JSON_COLS = new Set(['steps', 'data', 'reject_data', 'cash_in_data']);

function setClause(change: AppChange, params: unknown[]): string {
  const sets: string[] = [];
  for (const [col, value] of Object.entries(change)) {
    if (value === undefined) continue;
    params.push(JSON_COLS.has(col) && value !== null ? JSON.stringify(value) : value);
    sets.push(`${col} = $${params.length}${JSON_COLS.has(col) ? '::jsonb' : ''}`);
  }
  return [...sets, 'updated_at = $2'].join(', ');
}

export async function updateApplication(db: Db, appId: string, change: AppChange, at: Date): Promise<AppRow> {
  const params: unknown[] = [appId, at];
  const { rows } = await db.query<AppRow>(`UPDATE applications SET ${setClause(change, params)} WHERE app_id = $1 RETURNING ${COLS}`, params);
  if (!rows[0]) throw new Error(`application ${appId} vanished during an update`);
  return rows[0];
}

/**
 * As updateApplication for a row the caller holds locked (FOR UPDATE), without reading it back: the row as it
 * now stands is the locked one with the change and updated_at applied (no trigger or default changes it).
 * `entry`: the change's audit entry, written by the same statement.
 */
export async function changeLockedApplication(db: Db, row: AppRow, change: AppChange, at: Date, entry?: AuditEntry): Promise<AppRow> {
  const params: unknown[] = [row.app_id, at];
  const update = `UPDATE applications SET ${setClause(change, params)} WHERE app_id = $1 RETURNING app_id`;
  const { rows } = await db.query<{ app_id: string }>(entry ? auditedWith(update, entry, params) : update, params);
  if (!rows[0]) throw new Error(`application ${row.app_id} vanished during an update`);
  const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  return { ...row, ...defined, updated_at: at };
}

export interface AppListRow {
  app_id: string;
  area_code: string;
  phone: string;
  oa_type: number;
  client_type: string;
  client_status: number;
  apply_status: number;
  current_step: string | null;
  latest_step: string | null;
  cash_in_status: number | null;
  archived_at: Date | null;
  updated_at: Date;
}

export async function listApplications(db: Db, filter: { status?: number; includeArchived?: boolean; limit: number }): Promise<AppListRow[]> {
  const { rows } = await db.query<AppListRow>(
    `SELECT a.app_id, u.area_code, u.phone, a.oa_type, a.client_type, a.client_status, a.apply_status, a.current_step,
            a.latest_step, a.cash_in_status, a.archived_at, a.updated_at
       FROM applications a JOIN users u ON u.id = a.user_id
      WHERE ($1::int IS NULL OR a.apply_status = $1::int) AND ($2::boolean OR a.archived_at IS NULL)
      ORDER BY a.updated_at DESC LIMIT $3`,
    [filter.status ?? null, filter.includeArchived ?? false, filter.limit],
  );
  return rows;
}

/** The user's active application found by phone (any area code unless given). */
export async function findActiveByPhone(db: Db, phone: string, areaCode?: string): Promise<AppRow[]> {
  const { rows } = await db.query<AppRow>(
    `SELECT ${COLS.split(',').map((c) => `a.${c.trim()}`).join(', ')}
       FROM applications a JOIN users u ON u.id = a.user_id
      WHERE u.phone = $1 AND ($2::text IS NULL OR u.area_code = $2) AND a.archived_at IS NULL`,
    [phone, areaCode ?? null],
  );
  return rows;
}

export async function userPhone(db: Db, userId: string): Promise<{ area_code: string; phone: string } | null> {
  const { rows } = await db.query<{ area_code: string; phone: string }>('SELECT area_code, phone FROM users WHERE id = $1', [userId]);
  return rows[0] ?? null;
}

/** Keeps the user's own record in step with an opened account (sub-account id, client status). */
export async function setUserAccount(db: Db, userId: string, subAcctId: string, clientStatus: number): Promise<void> {
  await db.query('UPDATE users SET sub_acct_id = $2, client_status = $3 WHERE id = $1', [userId, subAcctId, clientStatus]);
}

export async function subAccountTaken(db: Db, subAcctId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM applications WHERE sub_acct_id = $1 UNION ALL SELECT 1 FROM users WHERE sub_acct_id = $1 UNION ALL SELECT 1 FROM accounts WHERE sub_acct_id = $1 LIMIT 1', [subAcctId]);
  return rows.length > 0;
}

/** ossIds among `ids` that are NOT files owned by userId. */
export async function foreignFiles(db: Db, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ oss_id: string }>('SELECT oss_id FROM files WHERE owner_user_id = $1 AND oss_id = ANY($2::text[])', [userId, ids]);
  const owned = new Set(rows.map((r) => r.oss_id));
  return ids.filter((id) => !owned.has(id));
}

/** Links the user's referenced files to the application (for operators reading an application). */
export async function linkFiles(db: Db, userId: string, appId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query('UPDATE files SET app_id = $2 WHERE owner_user_id = $1 AND oss_id = ANY($3::text[])', [userId, appId, ids]);
}

/**
 * A decision on an application (the review desk's or an ops command's) ends its review: the desk's claim and any first
 * approval of a four-eyes case go (migration 0032), in the decision's transaction.
 */
export async function endReview(db: Db, appId: string, o: { keepClaim?: boolean } = {}): Promise<void> {
  if (!o.keepClaim) await db.query('DELETE FROM case_claims WHERE app_id = $1', [appId]);
  await db.query('DELETE FROM case_approvals WHERE app_id = $1', [appId]);
}

/**
 * A resubmission comes back to the reviewer who sent it back: the desk's claim, kept over the correction (a send-back
 * does not end it), counts from now again.
 */
export async function renewClaim(db: Db, appId: string, at: Date): Promise<void> {
  await db.query('UPDATE case_claims SET claimed_at = $2 WHERE app_id = $1', [appId, at]);
}

// the data of each submission (migration 0035): what a resubmission changed, what changed since a reviewer's last look

export interface SnapshotRow {
  id: string;
  at: Date;
  data: Record<string, unknown>;
}

/** Keeps the data submitted now with the submission's event (the application's latest). */
export async function insertSnapshot(db: Db, appId: string, at: Date, data: Record<string, unknown>): Promise<void> {
  await db.query(
    `INSERT INTO application_snapshots (app_id, event_id, at, data)
     VALUES ($1, (SELECT max(id) FROM application_events WHERE app_id = $1), $2, $3::jsonb)`,
    [appId, at, JSON.stringify(data)],
  );
}

/** The last `n` submissions' data, newest first. */
export async function lastSnapshots(db: Db, appId: string, n: number): Promise<SnapshotRow[]> {
  const { rows } = await db.query<SnapshotRow>('SELECT id, at, data FROM application_snapshots WHERE app_id = $1 ORDER BY id DESC LIMIT $2', [appId, n]);
  return rows;
}

/** The submission in force at `at` (the last one made before it). */
export async function snapshotAt(db: Db, appId: string, at: Date): Promise<SnapshotRow | null> {
  const { rows } = await db.query<SnapshotRow>('SELECT id, at, data FROM application_snapshots WHERE app_id = $1 AND at <= $2 ORDER BY id DESC LIMIT 1', [appId, at]);
  return rows[0] ?? null;
}

// the professional-person verification's proofs (witness_submissions, written by deposit/witness.ts)
export interface WitnessRow {
  id: string;
  id_files: { ossId: string }[];
  address_files: { ossId: string }[];
  created_at: Date;
}

/** The latest witness submission of the application (the proofs staff verify), or null. */
export async function latestWitness(db: Db, appId: string): Promise<WitnessRow | null> {
  const { rows } = await db.query<WitnessRow>('SELECT id, id_files, address_files, created_at FROM witness_submissions WHERE app_id = $1 ORDER BY id DESC LIMIT 1', [appId]);
  return rows[0] ?? null;
}
