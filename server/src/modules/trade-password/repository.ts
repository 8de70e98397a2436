/** The trading passwords' SQL (trade_passwords, trade_verifications; migration 0019). */
import type { Db } from '../../db';

export interface PasswordRow {
  hash: string;
  failed: number;
  locked_until: Date | null;
}

export async function passwordOf(db: Db, subAcctId: string, forUpdate = false): Promise<PasswordRow | undefined> {
  const { rows } = await db.query<PasswordRow>(`SELECT hash, failed, locked_until FROM trade_passwords WHERE sub_acct_id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [subAcctId]);
  return rows[0];
}

export async function insertPassword(db: Db, subAcctId: string, hash: string, at: Date): Promise<void> {
  await db.query('INSERT INTO trade_passwords (sub_acct_id, hash, updated_at) VALUES ($1, $2, $3)', [subAcctId, hash, at]);
}

/** Wrong tries in a row so far, and until when it is locked (null: not). */
export async function setFailures(db: Db, subAcctId: string, failed: number, lockedUntil: Date | null): Promise<void> {
  await db.query('UPDATE trade_passwords SET failed = $2, locked_until = $3 WHERE sub_acct_id = $1', [subAcctId, failed, lockedUntil]);
}

export async function verifiedUntil(db: Db, sessionHash: string, subAcctId: string, now: Date): Promise<Date | null> {
  const { rows } = await db.query<{ until: Date }>('SELECT until FROM trade_verifications WHERE session_hash = $1 AND sub_acct_id = $2 AND until > $3', [sessionHash, subAcctId, now]);
  return rows[0]?.until ?? null;
}

export async function upsertVerification(db: Db, sessionHash: string, subAcctId: string, until: Date): Promise<void> {
  await db.query(
    'INSERT INTO trade_verifications (session_hash, sub_acct_id, until) VALUES ($1, $2, $3) ON CONFLICT (session_hash, sub_acct_id) DO UPDATE SET until = EXCLUDED.until',
    [sessionHash, subAcctId, until],
  );
}

/** When the session was made (its login), or undefined for an unknown one. */
export async function sessionCreatedAt(db: Db, sessionHash: string): Promise<Date | undefined> {
  const { rows } = await db.query<{ created_at: Date }>('SELECT created_at FROM sessions WHERE id_hash = $1', [sessionHash]);
  return rows[0]?.created_at;
}
