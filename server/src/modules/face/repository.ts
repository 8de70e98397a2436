/** SQL for face checks (face_checks): the day's count and reservation, the outcome, the confirmation. */
import type { Db } from '../../db';

/**
 * Reserves one face check of the application (a row with passed NULL: running) when fewer than `limit` were made
 * since `since`; null when the limit is reached. The count and the insert run under a transaction-scoped lock on the
 * application (pg_advisory_xact_lock), so parallel reservations are counted one after another on PostgreSQL as on
 * PGlite: an INSERT ... SELECT WHERE count < limit alone would let two READ COMMITTED transactions both see the same
 * count. Inside a transaction only.
 */
export async function reserveCheck(
  tx: Db,
  c: { appId: string; videoOssId: string; vendor: string; at: Date; since: Date; limit: number },
): Promise<number | null> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('face-check|' || $1))", [c.appId]);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO face_checks (app_id, passed, video_oss_id, vendor, created_at)
     SELECT $1, NULL, $2, $3, $4
     WHERE (SELECT count(*) FROM face_checks WHERE app_id = $1 AND created_at >= $5) < $6
     RETURNING id`,
    [c.appId, c.videoOssId, c.vendor, c.at, c.since, c.limit],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** Writes a reserved check's outcome (once: the row must still be running). */
export async function finishCheck(
  db: Db,
  id: number,
  o: { passed: boolean; reason: string | null; imageOssId: string | null; scores: Record<string, unknown>; vendor: string },
): Promise<void> {
  await db.query('UPDATE face_checks SET passed = $2, reason = $3, image_oss_id = $4, scores = $5::jsonb, vendor = $6 WHERE id = $1 AND passed IS NULL', [
    id,
    o.passed,
    o.reason,
    o.imageOssId,
    JSON.stringify(o.scores),
    o.vendor,
  ]);
}

/** Gives back a reservation whose check never ran (the vendor was busy): it does not count. */
export async function releaseCheck(db: Db, id: number): Promise<void> {
  await db.query('DELETE FROM face_checks WHERE id = $1 AND passed IS NULL', [id]);
}

/** The application's latest check still waiting for its answer (reserved, not finished), or null. */
export async function pendingCheckOf(db: Db, appId: string): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM face_checks WHERE app_id = $1 AND passed IS NULL ORDER BY id DESC LIMIT 1', [appId]);
  return rows[0] ? Number(rows[0].id) : null;
}

/** Marks the application's passed check as the one the step names; false when it is not a passed check of it. */
export async function confirmCheck(db: Db, id: number, appId: string, at: Date): Promise<boolean> {
  const { rows } = await db.query('UPDATE face_checks SET confirmed_at = COALESCE(confirmed_at, $3) WHERE id = $1 AND app_id = $2 AND passed RETURNING id', [id, appId, at]);
  return rows.length > 0;
}

export interface FaceCheckRow {
  id: string;
  passed: boolean | null;
  reason: string | null;
  vendor: string;
  video_oss_id: string | null;
  image_oss_id: string | null;
  scores: Record<string, unknown>;
  created_at: Date;
  confirmed_at: Date | null;
}

/** Every face check of the application, oldest first (ops `face-checks`). */
export async function listChecks(db: Db, appId: string): Promise<FaceCheckRow[]> {
  const { rows } = await db.query<FaceCheckRow>(
    'SELECT id, passed, reason, vendor, video_oss_id, image_oss_id, scores, created_at, confirmed_at FROM face_checks WHERE app_id = $1 ORDER BY id',
    [appId],
  );
  return rows;
}
