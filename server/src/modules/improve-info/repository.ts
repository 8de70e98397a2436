/** The broker's improve-info requests (improve_requests, migrations 0018 and 0022). */
import type { Db } from '../../db';

export interface ImproveRow {
  id: string;
  sub_acct_id: string;
  user_id: string;
  /** the items asked (IMPROVE_ITEMS) */
  fields: string[];
  answers: Record<string, unknown> | null;
  message: string | null;
  status: number;
  created_at: Date;
  completed_at: Date | null;
  closed_by: string | null;
}

const COLUMNS = 'id, sub_acct_id, user_id, fields, answers, message, status, created_at, completed_at, closed_by';

export async function openRequestOf(db: Db, subAcctId: string, forUpdate = false): Promise<ImproveRow | undefined> {
  const { rows } = await db.query<ImproveRow>(`SELECT ${COLUMNS} FROM improve_requests WHERE sub_acct_id = $1 AND status = 1${forUpdate ? ' FOR UPDATE' : ''}`, [subAcctId]);
  return rows[0];
}

export async function requestById(db: Db, id: string, forUpdate = false): Promise<ImproveRow | undefined> {
  const { rows } = await db.query<ImproveRow>(`SELECT ${COLUMNS} FROM improve_requests WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

/** A new open request; undefined when the account has one open already (the unique index). */
export async function insertRequest(db: Db, r: Pick<ImproveRow, 'id' | 'sub_acct_id' | 'user_id' | 'fields' | 'message' | 'created_at'>): Promise<ImproveRow | undefined> {
  const { rows } = await db.query<ImproveRow>(
    `INSERT INTO improve_requests (id, sub_acct_id, user_id, fields, message, status, created_at) VALUES ($1, $2, $3, $4::jsonb, $5, 1, $6)
     ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [r.id, r.sub_acct_id, r.user_id, JSON.stringify(r.fields), r.message, r.created_at],
  );
  return rows[0];
}

export async function completeRequest(db: Db, id: string, answers: Record<string, unknown>, at: Date): Promise<void> {
  await db.query('UPDATE improve_requests SET status = 2, answers = $2::jsonb, completed_at = $3, closed_by = $4 WHERE id = $1', [id, JSON.stringify(answers), at, 'client']);
}

export async function withdrawRequest(db: Db, id: string, at: Date, by: string): Promise<void> {
  await db.query('UPDATE improve_requests SET status = 3, completed_at = $2, closed_by = $3 WHERE id = $1', [id, at, by]);
}

/** The latest requests, newest first (optionally of one account, or open ones only). */
export async function listRequests(db: Db, filter: { subAcctId?: string; openOnly?: boolean; limit: number }): Promise<ImproveRow[]> {
  const { rows } = await db.query<ImproveRow>(
    `SELECT ${COLUMNS} FROM improve_requests
     WHERE ($1::text IS NULL OR sub_acct_id = $1) AND (NOT $2 OR status = 1)
     ORDER BY created_at DESC LIMIT $3`,
    [filter.subAcctId ?? null, !!filter.openOnly, filter.limit],
  );
  return rows;
}
