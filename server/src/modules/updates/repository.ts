/** The account updates' SQL (client_updates, update_notices; migration 0020) and the account columns they change. */
import type { Db } from '../../db';

export interface UpdateRow {
  update_id: string;
  sub_acct_id: string;
  user_id: string;
  status: number;
  module: number;
  re_update_module: number;
  reject_module: number;
  reject_data: { message: string; steps: string[] } | null;
  data: Record<string, unknown>;
}

const COLUMNS = 'update_id, sub_acct_id, user_id, status, module, re_update_module, reject_module, reject_data, data';

/** The update in progress of the account (not approved or discarded), else the latest one. */
export async function latestUpdate(db: Db, subAcctId: string, forUpdate = false): Promise<UpdateRow | undefined> {
  const { rows } = await db.query<UpdateRow>(
    `SELECT ${COLUMNS} FROM client_updates WHERE sub_acct_id = $1 ORDER BY (status NOT IN (4000, 5000)) DESC, created_at DESC LIMIT 1${forUpdate ? ' FOR UPDATE' : ''}`,
    [subAcctId],
  );
  return rows[0];
}

export async function updateById(db: Db, updateId: string, forUpdate = false): Promise<UpdateRow | undefined> {
  const { rows } = await db.query<UpdateRow>(`SELECT ${COLUMNS} FROM client_updates WHERE update_id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [updateId]);
  return rows[0];
}

export async function insertUpdate(db: Db, u: Pick<UpdateRow, 'update_id' | 'sub_acct_id' | 'user_id' | 'status'>, at: Date): Promise<void> {
  await db.query('INSERT INTO client_updates (update_id, sub_acct_id, user_id, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)', [u.update_id, u.sub_acct_id, u.user_id, u.status, at]);
}

export async function saveModules(db: Db, updateId: string, module: number, reUpdateModule: number, data: Record<string, unknown>, at: Date): Promise<void> {
  await db.query('UPDATE client_updates SET module = $2, re_update_module = $3, data = $4::jsonb, updated_at = $5 WHERE update_id = $1', [updateId, module, reUpdateModule, JSON.stringify(data), at]);
}

/** A status the client's or staff's action ends on (discarded, approved): decided at `at`. */
export async function decideUpdate(db: Db, updateId: string, status: number, at: Date): Promise<void> {
  await db.query('UPDATE client_updates SET status = $2, updated_at = $3, decided_at = $3 WHERE update_id = $1', [updateId, status, at]);
}

export async function submitUpdate(db: Db, updateId: string, status: number, at: Date): Promise<void> {
  await db.query('UPDATE client_updates SET status = $2, submitted_at = $3, updated_at = $3 WHERE update_id = $1', [updateId, status, at]);
}

export async function rejectUpdateRow(db: Db, updateId: string, status: number, modules: number, rejectData: { message: string; steps: string[] }, at: Date): Promise<void> {
  await db.query('UPDATE client_updates SET status = $2, reject_module = $3, re_update_module = 0, reject_data = $4::jsonb, decided_at = $5, updated_at = $5 WHERE update_id = $1', [
    updateId,
    status,
    modules,
    JSON.stringify(rejectData),
    at,
  ]);
}

export async function accountExists(db: Db, subAcctId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM accounts WHERE sub_acct_id = $1', [subAcctId]);
  return rows.length > 0;
}

export async function setAccountContact(db: Db, subAcctId: string, contact: Record<string, unknown>): Promise<void> {
  await db.query('UPDATE accounts SET contact = $2::jsonb WHERE sub_acct_id = $1', [subAcctId, JSON.stringify(contact)]);
}

export async function setAccountW8(db: Db, subAcctId: string, w8: Record<string, unknown>): Promise<void> {
  await db.query('UPDATE accounts SET w8 = $2::jsonb WHERE sub_acct_id = $1', [subAcctId, JSON.stringify(w8)]);
}

export async function noticeOf(db: Db, subAcctId: string): Promise<{ module: number; message: string; seen_at: Date | null } | undefined> {
  const { rows } = await db.query<{ module: number; message: string; seen_at: Date | null }>('SELECT module, message, seen_at FROM update_notices WHERE sub_acct_id = $1', [subAcctId]);
  return rows[0];
}

/** The client has seen the broker's request; false when there is none. */
export async function markNoticeSeen(db: Db, subAcctId: string, at: Date): Promise<boolean> {
  const { rows } = await db.query('UPDATE update_notices SET seen_at = coalesce(seen_at, $2) WHERE sub_acct_id = $1 RETURNING sub_acct_id', [subAcctId, at]);
  return rows.length > 0;
}

/** Staff's request to update (replaces an earlier one, unseen again). */
export async function upsertNotice(db: Db, subAcctId: string, module: number, message: string, at: Date): Promise<void> {
  await db.query(
    'INSERT INTO update_notices (sub_acct_id, module, message, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (sub_acct_id) DO UPDATE SET module = EXCLUDED.module, message = EXCLUDED.message, created_at = EXCLUDED.created_at, seen_at = NULL',
    [subAcctId, module, message, at],
  );
}

/** An approved update's modules no longer asked for. */
export async function clearNotices(db: Db, subAcctId: string, module: number): Promise<void> {
  await db.query('DELETE FROM update_notices WHERE sub_acct_id = $1 AND module & $2 = module', [subAcctId, module]);
}
