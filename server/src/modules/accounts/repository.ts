/** The accounts table (migration 0018): one row per opened sub-account. */
import type { Db } from '../../db';

export interface AccountRow {
  sub_acct_id: string;
  user_id: string;
  app_id: string | null;
  clt_id: string;
  acct_id: string;
  uin: string;
  acct_type: number;
  clt_type: number;
  nick_name: string | null;
  markets: number;
  source: string | null;
  need_sign_hk_identifier: number;
  auto_exchange: boolean;
  auto_exchange_changed_at: Date | null;
  created_at: Date;
  /** an improve-info request of the broker is open for the account */
  improve_info_open: boolean;
  /** the contact details and the W-8BEN data the account holds now */
  contact: Record<string, unknown> | null;
  w8: Record<string, unknown> | null;
}

const COLUMNS =
  'a.sub_acct_id, a.user_id, a.app_id, a.clt_id, a.acct_id, a.uin, a.acct_type, a.clt_type, a.nick_name, a.markets, a.source, a.need_sign_hk_identifier, a.auto_exchange, a.auto_exchange_changed_at, a.created_at, a.contact, a.w8, ' +
  'EXISTS (SELECT 1 FROM improve_requests r WHERE r.sub_acct_id = a.sub_acct_id AND r.status = 1) AS improve_info_open';

export type NewAccount = Pick<
  AccountRow, 'sub_acct_id' | 'user_id' | 'app_id' | 'clt_id' | 'acct_id' | 'uin' | 'acct_type' | 'clt_type' | 'markets' | 'source' | 'created_at' | 'contact' | 'w8'
>;

export async function insertAccount(db: Db, a: NewAccount): Promise<void> {
  await db.query(
    'INSERT INTO accounts (sub_acct_id, user_id, app_id, clt_id, acct_id, uin, acct_type, clt_type, markets, source, created_at, contact, w8) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::jsonb)',
    [a.sub_acct_id, a.user_id, a.app_id, a.clt_id, a.acct_id, a.uin, a.acct_type, a.clt_type, a.markets, a.source, a.created_at, a.contact === null ? null : JSON.stringify(a.contact), a.w8 === null ? null : JSON.stringify(a.w8)],
  );
}

/** The user's accounts, oldest first. */
export async function accountsOfUser(db: Db, userId: string): Promise<AccountRow[]> {
  const { rows } = await db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts a WHERE a.user_id = $1 ORDER BY a.created_at, a.sub_acct_id`, [userId]);
  return rows;
}

/** The account if it is the user's (undefined for another client's or an unknown sub-account: the caller cannot tell which). */
export async function ownedAccount(db: Db, userId: string, subAcctId: string, forUpdate = false): Promise<AccountRow | undefined> {
  const { rows } = await db.query<AccountRow>(
    `SELECT ${COLUMNS} FROM accounts a WHERE a.sub_acct_id = $1 AND a.user_id = $2${forUpdate ? ' FOR UPDATE OF a' : ''}`,
    [subAcctId, userId],
  );
  return rows[0];
}

export async function setAutoExchange(db: Db, subAcctId: string, on: boolean, at: Date): Promise<void> {
  await db.query('UPDATE accounts SET auto_exchange = $2, auto_exchange_changed_at = $3 WHERE sub_acct_id = $1', [subAcctId, on, at]);
}

export async function setHkIdentifier(db: Db, subAcctId: string, value: number): Promise<void> {
  await db.query('UPDATE accounts SET need_sign_hk_identifier = $2 WHERE sub_acct_id = $1', [subAcctId, value]);
}

// ---------------------------------------------------------------- margin upgrades

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
