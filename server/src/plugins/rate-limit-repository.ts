/** SQL for the rate limits' counters (rate_counters): fixed windows, one row per bucket and window. */
import type { Db } from '../db';

/** Counts one hit in each bucket's window (one atomic upsert for all); the hits so far per bucket. */
export async function countHits(db: Db, windows: readonly { bucket: string; start: number; end: number }[]): Promise<{ bucket: string; hits: number }[]> {
  const params: unknown[] = [];
  const values = windows.map((w, i) => {
    params.push(w.bucket, new Date(w.start), new Date(w.end));
    return `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3}, 1)`;
  });
  const { rows } = await db.query<{ bucket: string; hits: number }>(
    `INSERT INTO rate_counters (bucket, window_start, window_end, hits) VALUES ${values.join(', ')}
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_counters.hits + 1
     RETURNING bucket, hits`,
    params,
  );
  return rows;
}

/** Deletes the counters of windows that ended before `before`. */
export async function purgeCounters(db: Db, before: Date): Promise<void> {
  await db.query('DELETE FROM rate_counters WHERE window_end < $1', [before]);
}
