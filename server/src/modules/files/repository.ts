/** SQL for uploaded files. */
import type { Db } from '../../db';

export interface FileRow {
  oss_id: string;
  owner_user_id: string;
  app_id: string | null;
  category: string;
  mime: string;
  size: number;
  sha256: string;
  storage_key: string;
  original_name: string;
  created_at: Date;
}

const COLS = 'oss_id, owner_user_id, app_id, category, mime, size, sha256, storage_key, original_name, created_at';

/** `quota_exempt`: a file the service made for the user that the daily upload quota does not count (migration 0040). */
export async function insertFile(db: Db, f: Omit<FileRow, 'created_at'> & { at: Date; quota_exempt?: boolean }): Promise<void> {
  await db.query(
    `INSERT INTO files (oss_id, owner_user_id, app_id, category, mime, size, sha256, storage_key, original_name, created_at, quota_exempt)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [f.oss_id, f.owner_user_id, f.app_id, f.category, f.mime, f.size, f.sha256, f.storage_key, f.original_name, f.at, f.quota_exempt ?? false],
  );
}

/** Deletes a file's row (its bytes are the caller's to remove); answers its storage key, null when there was none. */
export async function deleteFile(db: Db, ossId: string): Promise<string | null> {
  const { rows } = await db.query<{ storage_key: string }>('DELETE FROM files WHERE oss_id = $1 RETURNING storage_key', [ossId]);
  return rows[0]?.storage_key ?? null;
}

export async function findFile(db: Db, ossId: string): Promise<FileRow | null> {
  const { rows } = await db.query<FileRow>(`SELECT ${COLS} FROM files WHERE oss_id = $1`, [ossId]);
  return rows[0] ?? null;
}

/** The file when userId owns it, else null (the caller answers the same either way). */
export async function findOwnedFile(db: Db, userId: string, ossId: string): Promise<FileRow | null> {
  const { rows } = await db.query<FileRow>(`SELECT ${COLS} FROM files WHERE oss_id = $1 AND owner_user_id = $2`, [ossId, userId]);
  return rows[0] ?? null;
}

/** Links a file to the application unless it is linked already (a deposit notice's proof). */
export async function linkFileIfUnlinked(db: Db, ossId: string, appId: string): Promise<void> {
  await db.query('UPDATE files SET app_id = $2 WHERE oss_id = $1 AND app_id IS NULL', [ossId, appId]);
}

export async function activeAppIdOf(db: Db, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ app_id: string }>('SELECT app_id FROM applications WHERE user_id = $1 AND archived_at IS NULL', [userId]);
  return rows[0]?.app_id ?? null;
}

/**
 * What the user uploaded since `since` (count, bytes, the oldest upload's time), with the user's row locked
 * so that parallel uploads of one user are counted one after another. Inside a transaction only.
 */
export async function uploadsSinceLocked(db: Db, userId: string, since: Date): Promise<{ n: number; bytes: number; oldest: Date | null }> {
  await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const { rows } = await db.query<{ n: number; bytes: string | number; oldest: Date | null }>(
    'SELECT count(*)::int AS n, COALESCE(sum(size), 0)::bigint AS bytes, min(created_at) AS oldest FROM files WHERE owner_user_id = $1 AND created_at > $2 AND NOT quota_exempt',
    [userId, since],
  );
  return { n: rows[0].n, bytes: Number(rows[0].bytes), oldest: rows[0].oldest };
}

/**
 * Every storage key a row names (uploads in files, organisation signing's files in sign_files), in key order after
 * `after`, at most `limit`: the pages ops storage-copy walks (a key order, so that a run can go on from any key).
 */
export async function storageKeysAfter(db: Db, after: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ k: string }>(
    `SELECT k FROM (SELECT storage_key AS k FROM files UNION SELECT storage_key FROM sign_files) keys
     WHERE k > $1 ORDER BY k LIMIT $2`,
    [after, limit],
  );
  return rows.map((r) => r.k);
}
