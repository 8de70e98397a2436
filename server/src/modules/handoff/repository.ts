/** SQL of the computer-to-phone hand-offs (handoffs, migration 0038). No rules here. */
import type { Db } from '../../db';

export interface HandoffRow {
  id: string;
  user_id: string;
  session_hash: string;
  route: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  cancelled_at: Date | null;
}

const COLS = 'id, user_id, session_hash, route, created_at, expires_at, used_at, cancelled_at';

/** Inserts a hand-off; false when its code's hash is held by another (the caller makes another code). */
export async function insertHandoff(
  db: Db,
  h: { id: string; tokenHash: string; codeHash: string; userId: string; sessionHash: string; route: string; at: Date; expiresAt: Date },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO handoffs (id, token_hash, code_hash, user_id, session_hash, route, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (code_hash) DO NOTHING RETURNING id`,
    [h.id, h.tokenHash, h.codeHash, h.userId, h.sessionHash, h.route, h.at, h.expiresAt],
  );
  return rows.length > 0;
}

/** Holds the session's row until the transaction ends: one session makes one hand-off at a time. */
export async function lockSession(db: Db, sessionHash: string): Promise<void> {
  await db.query('SELECT 1 FROM sessions WHERE id_hash = $1 FOR UPDATE', [sessionHash]);
}

/** Ends a session's hand-offs not used yet (all of them, or the one named). */
export async function cancelOpen(db: Db, sessionHash: string, at: Date, id?: string): Promise<void> {
  await db.query('UPDATE handoffs SET cancelled_at = $2 WHERE session_hash = $1 AND used_at IS NULL AND cancelled_at IS NULL AND ($3::text IS NULL OR id = $3)', [
    sessionHash,
    at,
    id ?? null,
  ]);
}

/** A hand-off of this session (another session's is not found). */
export async function findOwn(db: Db, id: string, sessionHash: string): Promise<HandoffRow | null> {
  const { rows } = await db.query<HandoffRow>(`SELECT ${COLS} FROM handoffs WHERE id = $1 AND session_hash = $2`, [id, sessionHash]);
  return rows[0] ?? null;
}

/** The hand-off of a token's or a code's hash. */
export async function findByHash(db: Db, by: 'token' | 'code', hash: string): Promise<HandoffRow | null> {
  const { rows } = await db.query<HandoffRow>(`SELECT ${COLS} FROM handoffs WHERE ${by === 'token' ? 'token_hash' : 'code_hash'} = $1`, [hash]);
  return rows[0] ?? null;
}

/**
 * Marks the hand-off used, if it still can be: not used, not ended, not expired, and the session that made it still
 * alive (not ended, idle since `idleSince`, nor past its absolute end). True for the one request that did.
 */
export async function claim(db: Db, id: string, at: Date, idleSince: Date, sessionHash: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE handoffs h SET used_at = $2, used_session_hash = $4
     WHERE h.id = $1 AND h.used_at IS NULL AND h.cancelled_at IS NULL AND h.expires_at > $2
       AND EXISTS (SELECT 1 FROM sessions s WHERE s.id_hash = h.session_hash AND s.absolute_expires_at > $2 AND s.last_seen_at >= $3)
     RETURNING h.id`,
    [id, at, idleSince, sessionHash],
  );
  return rows.length > 0;
}

/** Gives a claimed hand-off back (the phone's session could not be made: it may try again). */
export async function unclaim(db: Db, id: string): Promise<void> {
  await db.query('UPDATE handoffs SET used_at = NULL, used_session_hash = NULL WHERE id = $1', [id]);
}

/** The phone's session, once it exists (the hand-off is claimed before). */
export async function setUsedSession(db: Db, id: string, sessionHash: string): Promise<void> {
  await db.query('UPDATE handoffs SET used_session_hash = $2 WHERE id = $1', [id, sessionHash]);
}

export async function purgeHandoffs(db: Db, before: Date): Promise<void> {
  await db.query('DELETE FROM handoffs WHERE expires_at < $1', [before]);
}
