import type { Db } from '../../db';

export async function insertCipherSession(db: Db, s: { sid: string; key: Uint8Array; createdAt: Date; expiresAt: Date }): Promise<void> {
  await db.query('INSERT INTO cipher_sessions (sid, aes_key, created_at, expires_at) VALUES ($1, $2, $3, $4)', [s.sid, s.key, s.createdAt, s.expiresAt]);
}

export async function findCipherSession(db: Db, sid: string): Promise<{ key: Uint8Array; expiresAt: Date } | null> {
  const { rows } = await db.query<{ aes_key: Uint8Array; expires_at: Date }>('SELECT aes_key, expires_at FROM cipher_sessions WHERE sid = $1', [sid]);
  return rows[0] ? { key: new Uint8Array(rows[0].aes_key), expiresAt: rows[0].expires_at } : null;
}

/** Records a nonce; false when (sid, nonce) was seen before. */
export async function recordNonce(db: Db, sid: string, nonce: string, ts: number): Promise<boolean> {
  const { rows } = await db.query('INSERT INTO cipher_nonces (sid, nonce, ts) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1 AS ok', [sid, nonce, ts]);
  return rows.length === 1;
}

export async function purgeCipherRows(db: Db, nonceTsBefore: number, now: Date): Promise<void> {
  await db.query('DELETE FROM cipher_nonces WHERE ts < $1', [nonceTsBefore]);
  await db.query('DELETE FROM cipher_sessions WHERE expires_at < $1', [now]);
}
