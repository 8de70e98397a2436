/** SQL of the stock transfer-in requests and their status history (migration 0021). No rules here. */
import type { Db } from '../../db';

export interface TransferInRow {
  request_id: string;
  user_id: string;
  app_id: string;
  sub_acct_id: string;
  broker_code: number;
  broker_name: string | null;
  ccass_id: string | null;
  broker_account: string;
  stocks: { market: string; code: string; quantity: number }[];
  status: number;
  message: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface TransferInEventRow {
  request_id: string;
  at: Date;
  actor: string;
  status: number;
  message: string | null;
}

const COLS = 'request_id, user_id, app_id, sub_acct_id, broker_code, broker_name, ccass_id, broker_account, stocks, status, message, created_at, updated_at';

export type NewTransferIn = Omit<TransferInRow, 'message' | 'updated_at'>;

export async function insertRequest(db: Db, r: NewTransferIn): Promise<void> {
  await db.query(
    `INSERT INTO transfer_in_requests (${COLS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, NULL, $11, $11)`,
    [r.request_id, r.user_id, r.app_id, r.sub_acct_id, r.broker_code, r.broker_name, r.ccass_id, r.broker_account, JSON.stringify(r.stocks), r.status, r.created_at],
  );
}

export async function insertEvent(db: Db, e: TransferInEventRow): Promise<void> {
  await db.query('INSERT INTO transfer_in_events (request_id, at, actor, status, message) VALUES ($1, $2, $3, $4, $5)', [e.request_id, e.at, e.actor, e.status, e.message]);
}

/** The application's requests, newest first (by filing order). */
export async function requestsOfApp(db: Db, appId: string): Promise<TransferInRow[]> {
  const { rows } = await db.query<TransferInRow>(`SELECT ${COLS} FROM transfer_in_requests WHERE app_id = $1 ORDER BY seq DESC`, [appId]);
  return rows;
}

/** The status histories of these requests, oldest first. */
export async function eventsOf(db: Db, requestIds: readonly string[]): Promise<TransferInEventRow[]> {
  if (!requestIds.length) return [];
  const { rows } = await db.query<TransferInEventRow>(
    'SELECT request_id, at, actor, status, message FROM transfer_in_events WHERE request_id = ANY($1::text[]) ORDER BY id',
    [requestIds],
  );
  return rows;
}

/** How many of the application's requests are in progress (requested or confirming). */
export async function openCount(db: Db, appId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM transfer_in_requests WHERE app_id = $1 AND status IN (1, 3)', [appId]);
  return rows[0]?.n ?? 0;
}

export async function findRequest(db: Db, requestId: string, forUpdate = false): Promise<TransferInRow | undefined> {
  const { rows } = await db.query<TransferInRow>(`SELECT ${COLS} FROM transfer_in_requests WHERE request_id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [requestId]);
  return rows[0];
}

export async function setStatus(db: Db, requestId: string, status: number, message: string | null, at: Date): Promise<void> {
  await db.query('UPDATE transfer_in_requests SET status = $2, message = $3, updated_at = $4 WHERE request_id = $1', [requestId, status, message, at]);
}

/** The latest request of an application (its status is the application's stockStatus). */
export async function latestOfApp(db: Db, appId: string): Promise<TransferInRow | undefined> {
  const { rows } = await db.query<TransferInRow>(`SELECT ${COLS} FROM transfer_in_requests WHERE app_id = $1 ORDER BY seq DESC LIMIT 1`, [appId]);
  return rows[0];
}

/** Staff's list: by status (all statuses when none given), oldest change first. */
export async function listRequests(db: Db, statuses: readonly number[] | null, limit: number): Promise<TransferInRow[]> {
  const { rows } = await db.query<TransferInRow>(
    `SELECT ${COLS} FROM transfer_in_requests WHERE ($1::smallint[] IS NULL OR status = ANY($1::smallint[])) ORDER BY updated_at, request_id LIMIT $2`,
    [statuses, limit],
  );
  return rows;
}
