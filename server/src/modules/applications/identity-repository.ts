/**
 * Queries of the identity steps' service checks: the identity numbers an application saved and who else holds one
 * (identity_numbers), which files are the caller's of a category, what a returned application had saved.
 */
import type { Db } from '../../db';

/** Where in a step's data an identity document number is saved (the slots of identity_numbers). */
export type IdentitySlot = 'IDCARD' | 'HK_IDCARD' | 'HK_IDCARD.permanent' | 'STATEMENT';

/** The numbers this application has saved, by slot. */
export async function savedNumbers(db: Db, appId: string): Promise<Map<IdentitySlot, string>> {
  const { rows } = await db.query<{ slot: IdentitySlot; id_number: string }>('SELECT slot, id_number FROM identity_numbers WHERE app_id = $1', [appId]);
  return new Map(rows.map((r) => [r.slot, r.id_number]));
}

/** The phone (as registered) of another user whose submitted application holds one of these numbers; null if none. */
export async function heldBy(db: Db, userId: string, numbers: readonly string[]): Promise<string | null> {
  const { rows } = await db.query<{ phone: string }>(
    `SELECT u.phone FROM identity_numbers i
       JOIN applications a ON a.app_id = i.app_id AND a.archived_at IS NULL
       JOIN users u ON u.id = i.user_id
      WHERE i.held AND i.id_number = ANY($1::text[]) AND i.user_id <> $2 LIMIT 1`,
    [numbers, userId],
  );
  return rows[0]?.phone ?? null;
}

/** Replaces the numbers of these slots of an application (slots without a number are cleared). */
export async function writeNumbers(db: Db, a: { appId: string; userId: string; held: boolean }, slots: readonly IdentitySlot[], numbers: ReadonlyMap<IdentitySlot, string>): Promise<void> {
  const gone = slots.filter((s) => !numbers.has(s));
  if (gone.length) await db.query('DELETE FROM identity_numbers WHERE app_id = $1 AND slot = ANY($2::text[])', [a.appId, gone]);
  const rows = [...numbers];
  if (!rows.length) return;
  await db.query(
    `INSERT INTO identity_numbers (app_id, slot, id_number, user_id, held)
     SELECT $1, s, n, $2, $3 FROM unnest($4::text[], $5::text[]) AS x (s, n)
     ON CONFLICT (app_id, slot) DO UPDATE SET id_number = EXCLUDED.id_number, held = EXCLUDED.held`,
    [a.appId, a.userId, a.held, rows.map(([s]) => s), rows.map(([, n]) => n)],
  );
}

/** Marks an application's numbers held (at submit); one statement. */
export async function holdNumbers(db: Db, appId: string): Promise<void> {
  await db.query(
    `UPDATE identity_numbers SET held = true
      WHERE app_id = $1 AND NOT held
        AND slot IN (SELECT DISTINCT ON (id_number) slot FROM identity_numbers WHERE app_id = $1 ORDER BY id_number, slot)`,
    [appId],
  );
}

/** Which of these file ids are the user's files of the category. */
export async function ownFilesOf(db: Db, userId: string, category: 'UserInfo' | 'UserApply', ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ oss_id: string }>('SELECT oss_id FROM files WHERE owner_user_id = $1 AND category = $2 AND oss_id = ANY($3::text[])', [userId, category, ids]);
  return new Set(rows.map((r) => r.oss_id));
}

/** Runs fn under a savepoint of the transaction; false (and fn undone) when it broke a unique index. */
export async function unlessTaken(tx: Db, fn: () => Promise<void>): Promise<boolean> {
  await tx.query('SAVEPOINT identity_numbers');
  try {
    await fn();
    await tx.query('RELEASE SAVEPOINT identity_numbers');
    return true;
  } catch (err) {
    if ((err as { code?: unknown }).code !== '23505') throw err;
    await tx.query('ROLLBACK TO SAVEPOINT identity_numbers');
    return false;
  }
}
