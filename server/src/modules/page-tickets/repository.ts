/** The used page tickets (page_tickets, migration 0022). */
import type { Db } from '../../db';

/**
 * Records a ticket as used by a session: true when it is now this session's (new, or used before by the same
 * session), false when another session used it.
 */
export async function useTicket(db: Db, t: { ticketHash: string; sessionHash: string; subAcctId: string; page: string; expiresAt: Date }): Promise<boolean> {
  const { rows } = await db.query<{ session_hash: string }>(
    `INSERT INTO page_tickets (ticket_hash, session_hash, sub_acct_id, page, expires_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (ticket_hash) DO UPDATE SET ticket_hash = EXCLUDED.ticket_hash
     RETURNING session_hash`,
    [t.ticketHash, t.sessionHash, t.subAcctId, t.page, t.expiresAt],
  );
  return rows[0]?.session_hash === t.sessionHash;
}

/** Moves a used ticket to the session it logged in (the session is made after the ticket is checked). */
export async function moveTicket(db: Db, ticketHash: string, sessionHash: string): Promise<void> {
  await db.query('UPDATE page_tickets SET session_hash = $2 WHERE ticket_hash = $1', [ticketHash, sessionHash]);
}

/** Whether a page ticket of the app opened this page for the account in this session. */
export async function openedByApp(db: Db, sessionHash: string, subAcctId: string, page: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM page_tickets WHERE session_hash = $1 AND sub_acct_id = $2 AND page = $3 LIMIT 1', [sessionHash, subAcctId, page]);
  return rows.length > 0;
}

export async function purgeTickets(db: Db, before: Date): Promise<void> {
  await db.query('DELETE FROM page_tickets WHERE expires_at < $1', [before]);
}
