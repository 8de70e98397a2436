/** Margin upgrades (margin_upgrades) and the account type they change. */
import type { Db } from '../../db';

export interface MarginRow {
  request_id: string;
  sub_acct_id: string;
  user_id: string;
  status: number;
  message: string;
  created_at: Date;
  decided_at: Date | null;
}
const MARGIN_COLS = 'request_id, sub_acct_id, user_id, status, message, created_at, decided_at';

export async function latestMarginRequest(db: Db, subAcctId: string): Promise<MarginRow | undefined> {
  const { rows } = await db.query<MarginRow>(`SELECT ${MARGIN_COLS} FROM margin_upgrades WHERE sub_acct_id = $1 ORDER BY seq DESC LIMIT 1`, [subAcctId]);
  return rows[0];
}

export async function insertMarginRequest(db: Db, r: Omit<MarginRow, 'message' | 'decided_at'> & { agreements: string[]; acknowledgements: string[] }): Promise<void> {
  await db.query(
    'INSERT INTO margin_upgrades (request_id, sub_acct_id, user_id, status, agreements, acknowledgements, created_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)',
    [r.request_id, r.sub_acct_id, r.user_id, r.status, JSON.stringify(r.agreements), JSON.stringify(r.acknowledgements), r.created_at],
  );
}

export async function marginRequestForUpdate(db: Db, requestId: string): Promise<MarginRow | undefined> {
  const { rows } = await db.query<MarginRow>(`SELECT ${MARGIN_COLS} FROM margin_upgrades WHERE request_id = $1 FOR UPDATE`, [requestId]);
  return rows[0];
}

export async function decideMarginRequest(db: Db, requestId: string, status: number, message: string, at: Date): Promise<void> {
  await db.query('UPDATE margin_upgrades SET status = $2, message = $3, decided_at = $4 WHERE request_id = $1', [requestId, status, message, at]);
}

export async function setAccountType(db: Db, subAcctId: string, acctType: number): Promise<void> {
  await db.query('UPDATE accounts SET acct_type = $2 WHERE sub_acct_id = $1', [subAcctId, acctType]);
}

export async function pendingMarginRequests(db: Db, limit: number): Promise<MarginRow[]> {
  const { rows } = await db.query<MarginRow>(`SELECT ${MARGIN_COLS} FROM margin_upgrades WHERE status = 1 ORDER BY seq LIMIT $1`, [limit]);
  return rows;
}

export async function latestMarginRequestById(db: Db, requestId: string): Promise<MarginRow | undefined> {
  const { rows } = await db.query<MarginRow>(`SELECT ${MARGIN_COLS} FROM margin_upgrades WHERE request_id = $1`, [requestId]);
  return rows[0];
}
