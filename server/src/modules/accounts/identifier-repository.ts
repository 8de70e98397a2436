/** The HK investor identifier consents, the BCAN sequence and the used page tickets (migration 0022). */
import type { Db } from '../../db';

export interface ConsentRow {
  clt_id: string;
  user_id: string;
  sub_acct_id: string;
  bcan: string;
  version: string;
  lang: string;
  text_sha256: string;
  channel: string;
  signed_at: Date;
}

const CONSENT_COLUMNS = 'clt_id, user_id, sub_acct_id, bcan::text AS bcan, version, lang, text_sha256, channel, signed_at';

export async function consentOf(db: Db, cltId: string): Promise<ConsentRow | undefined> {
  const { rows } = await db.query<ConsentRow>(`SELECT ${CONSENT_COLUMNS} FROM hk_identifier_consents WHERE clt_id = $1`, [cltId]);
  return rows[0];
}

/** Records the client's consent with a new BCAN; undefined when the client has one already (a concurrent signature). */
export async function insertConsent(db: Db, c: Omit<ConsentRow, 'bcan'>): Promise<ConsentRow | undefined> {
  const { rows } = await db.query<ConsentRow>(
    `INSERT INTO hk_identifier_consents (clt_id, user_id, sub_acct_id, bcan, version, lang, text_sha256, channel, signed_at)
     VALUES ($1, $2, $3, nextval('hk_bcan_seq'), $4, $5, $6, $7, $8)
     ON CONFLICT (clt_id) DO NOTHING
     RETURNING ${CONSENT_COLUMNS}`,
    [c.clt_id, c.user_id, c.sub_acct_id, c.version, c.lang, c.text_sha256, c.channel, c.signed_at],
  );
  return rows[0];
}

/** Marks every account of the client (of this user) signed; the sub-accounts changed. */
export async function markClientSigned(db: Db, userId: string, cltId: string, value: number): Promise<string[]> {
  const { rows } = await db.query<{ sub_acct_id: string }>(
    'UPDATE accounts SET need_sign_hk_identifier = $3 WHERE user_id = $1 AND clt_id = $2 RETURNING sub_acct_id',
    [userId, cltId, value],
  );
  return rows.map((r) => r.sub_acct_id);
}

/** The application data and client type of the application that opened an account (null for an account brought over). */
export async function openingApplication(db: Db, appId: string | null): Promise<{ client_type: 'cn' | 'hk'; data: Record<string, unknown> } | undefined> {
  if (!appId) return undefined;
  const { rows } = await db.query<{ client_type: 'cn' | 'hk'; data: Record<string, unknown> }>('SELECT client_type, data FROM applications WHERE app_id = $1', [appId]);
  return rows[0];
}

// ---------------------------------------------------------------- page tickets

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
