/**
 * Queries of the identity steps' service checks: who else holds a document number, which files are the
 * caller's of a category, what a returned application had saved, and the per-number transaction lock.
 */
import type { Db } from '../../db';

/**
 * Where an identity document number is saved in an application's data. A number counts as taken when it
 * appears in any of them in another user's active application: the same person opening a second account
 * with the same document under another login is what 150204 stops, whichever identity step saved it.
 */
const ID_NUMBER_PATHS = ['{IDCARD,idNumber}', '{HK_IDCARD,idNumber}', '{HK_IDCARD,idExtraInfo,permanent,idNumber}', '{STATEMENT,idExtraInfo,idcardHK,idNumber}'] as const;

/** The phone (as registered) of another user whose active application holds this document number; null if none. */
export async function findIdHolderPhone(db: Db, userId: string, idNumber: string): Promise<string | null> {
  const match = ID_NUMBER_PATHS.map((p) => `upper(a.data #>> '${p}') = $2`).join(' OR ');
  const { rows } = await db.query<{ phone: string }>(
    `SELECT u.phone FROM applications a JOIN users u ON u.id = a.user_id
      WHERE a.archived_at IS NULL AND a.user_id <> $1 AND (${match})
      ORDER BY a.created_at LIMIT 1`,
    [userId, idNumber.toUpperCase()],
  );
  return rows[0]?.phone ?? null;
}

/**
 * Locks document numbers for the transaction, in a fixed order (two saves never wait on each other): a second
 * save of the same number waits for the first's transaction, then sees it.
 */
export async function lockIdNumbers(db: Db, numbers: readonly string[]): Promise<void> {
  for (const n of [...new Set(numbers.map((x) => x.toUpperCase()))].sort()) {
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`idnumber:${n}`]);
  }
}

/** Which of these file ids are the user's files of the category. */
export async function ownFilesOf(db: Db, userId: string, category: 'UserInfo' | 'UserApply', ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ oss_id: string }>('SELECT oss_id FROM files WHERE owner_user_id = $1 AND category = $2 AND oss_id = ANY($3::text[])', [userId, category, ids]);
  return new Set(rows.map((r) => r.oss_id));
}

/** A returned application's reject step count and its saved IDCARD data. */
export async function rejectAndSavedIdcard(db: Db, appId: string): Promise<{ steps: number; saved: Record<string, unknown> | null } | null> {
  const { rows } = await db.query<{ steps: number; saved: Record<string, unknown> | null }>(
    `SELECT jsonb_array_length(COALESCE(reject_data->'steps', '[]'::jsonb)) AS steps, data->'IDCARD' AS saved FROM applications WHERE app_id = $1`,
    [appId],
  );
  return rows[0] ?? null;
}
