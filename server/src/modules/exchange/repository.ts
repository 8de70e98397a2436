/** Automatic currency exchange: the account's switch (accounts.auto_exchange, migration 0018). */
import type { Db } from '../../db';

export async function setAutoExchange(db: Db, subAcctId: string, on: boolean, at: Date): Promise<void> {
  await db.query('UPDATE accounts SET auto_exchange = $2, auto_exchange_changed_at = $3 WHERE sub_acct_id = $1', [subAcctId, on, at]);
}
