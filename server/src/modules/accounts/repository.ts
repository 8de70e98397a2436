/** The accounts table (migration 0018): one row per opened sub-account, as the after-opening modules read it. */
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

/** The account's owner and opening application (undefined: no such account), locked with `forUpdate` (the account first, as the client's calls lock them). */
export async function accountOwner(db: Db, subAcctId: string, forUpdate = false): Promise<{ user_id: string; app_id: string | null } | undefined> {
  const { rows } = await db.query<{ user_id: string; app_id: string | null }>(`SELECT user_id, app_id FROM accounts WHERE sub_acct_id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [subAcctId]);
  return rows[0];
}

/** Locks the account row (the order the client's calls lock in: the account, then its request or update). */
export async function lockAccount(db: Db, subAcctId: string): Promise<void> {
  await db.query('SELECT 1 FROM accounts WHERE sub_acct_id = $1 FOR UPDATE', [subAcctId]);
}

/** The application data and client type of the application that opened an account (null for an account brought over). */
export async function openingApplication(db: Db, appId: string | null): Promise<{ client_type: 'cn' | 'hk'; data: Record<string, unknown> } | undefined> {
  if (!appId) return undefined;
  const { rows } = await db.query<{ client_type: 'cn' | 'hk'; data: Record<string, unknown> }>('SELECT client_type, data FROM applications WHERE app_id = $1', [appId]);
  return rows[0];
}
