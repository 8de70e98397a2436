/** SQL of live status: the outbox (application_events) read after an id. */
import type { Db } from '../../db';

export interface LiveRow {
  id: string;
  app_id: string;
  kind: string;
  to_status: number;
}

export async function lastEventId(db: Db): Promise<number> {
  const { rows } = await db.query<{ id: string | number | null }>('SELECT max(id) AS id FROM application_events');
  return Number(rows[0]?.id ?? 0);
}

/** One application's events after an id, oldest first (a stream's replay). */
export async function eventsOfAfter(db: Db, appId: string, afterId: number): Promise<LiveRow[]> {
  const { rows } = await db.query<LiveRow>('SELECT id, app_id, kind, to_status FROM application_events WHERE app_id = $1 AND id > $2 ORDER BY id LIMIT 100', [appId, afterId]);
  return rows;
}

/** The events after `last`, and those of the ids given (skipped over earlier), oldest first. */
export async function eventsAfter(db: Db, last: number, also: number[], limit: number): Promise<LiveRow[]> {
  const { rows } = await db.query<LiveRow>('SELECT id, app_id, kind, to_status FROM application_events WHERE id > $1 OR id = ANY($3::bigint[]) ORDER BY id LIMIT $2', [
    last,
    limit,
    also,
  ]);
  return rows;
}
