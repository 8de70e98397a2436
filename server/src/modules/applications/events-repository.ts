/** SQL for application_events (migration 0010): the history of submissions and staff decisions. No rules here. */
import type { Db } from '../../db';

export interface EventRow {
  id: number;
  app_id: string;
  at: Date;
  actor: string;
  kind: string;
  from_status: number;
  to_status: number;
  detail: Record<string, unknown>;
}

export interface NewEvent {
  appId: string;
  at: Date;
  actor: string;
  kind: string;
  fromStatus: number;
  toStatus: number;
  detail: Record<string, unknown>;
}

export async function insertEvent(db: Db, e: NewEvent): Promise<EventRow> {
  const { rows } = await db.query<EventRow>(
    `INSERT INTO application_events (app_id, at, actor, kind, from_status, to_status, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
     RETURNING id, app_id, at, actor, kind, from_status, to_status, detail`,
    [e.appId, e.at, e.actor, e.kind, e.fromStatus, e.toStatus, JSON.stringify(e.detail)],
  );
  return rows[0];
}

/** The events of an application, oldest first (the last `limit` when given). */
export async function listEvents(db: Db, appId: string, limit?: number): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT * FROM (
       SELECT id, app_id, at, actor, kind, from_status, to_status, detail FROM application_events
        WHERE app_id = $1 ORDER BY id DESC LIMIT $2
     ) last ORDER BY id ASC`,
    [appId, limit ?? null],
  );
  return rows;
}

/** The latest event of one of these kinds (e.g. the previous submission), or null. */
export async function lastEventOf(db: Db, appId: string, kinds: readonly string[]): Promise<EventRow | null> {
  const { rows } = await db.query<EventRow>(
    `SELECT id, app_id, at, actor, kind, from_status, to_status, detail FROM application_events
      WHERE app_id = $1 AND kind = ANY($2::text[]) ORDER BY id DESC LIMIT 1`,
    [appId, kinds],
  );
  return rows[0] ?? null;
}
