/** SQL for application_events (migration 0010): the history of submissions and staff decisions. No rules here. */
import type { Db } from '../../db';
import type { DeliveryAttempt } from '../../jobs/outbox';

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

// ---------------------------------------------------------------- the outbox's publication (migration 0028, jobs/outbox.ts)

/**
 * Events not yet published, oldest first, leaving out those with a delivery attempt in the last `restSeconds` (their
 * delivery job is retrying already): so that events failing again and again never crowd out newer ones.
 */
export async function unpublishedEventIds(db: Db, limit: number, restSeconds: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT e.id FROM application_events e
      WHERE e.published_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM outbox_deliveries d WHERE d.event_id = e.id AND d.at > now() - make_interval(secs => $2))
      ORDER BY e.id LIMIT $1`,
    [limit, restSeconds],
  );
  return rows.map((r) => Number(r.id));
}

export async function eventForDelivery(db: Db, id: number): Promise<(EventRow & { published_at: Date | null }) | null> {
  const { rows } = await db.query<EventRow & { published_at: Date | null }>(
    'SELECT id, app_id, at, actor, kind, from_status, to_status, detail, published_at FROM application_events WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** (the outbox's attempt record, jobs/outbox.ts) */
export type { DeliveryAttempt };

/** Records a failed attempt. */
export async function recordFailedDelivery(db: Db, a: DeliveryAttempt): Promise<void> {
  await db.query(
    `INSERT INTO outbox_deliveries (event_id, attempt, outcome, status_code, error, ms)
     VALUES ($1, (SELECT count(*) + 1 FROM outbox_deliveries WHERE event_id = $1), 'failed', $2, $3, $4)`,
    [a.eventId, a.statusCode, a.error, a.ms],
  );
}

/**
 * Records a successful attempt: the event's one 'delivered' row and its published_at, or, when another delivery got
 * there first (two workers at once), a 'duplicate' row. The unique index on delivered rows decides.
 */
export async function recordSuccessfulDelivery(db: Db, a: DeliveryAttempt): Promise<'delivered' | 'duplicate'> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `INSERT INTO outbox_deliveries (event_id, attempt, outcome, status_code, ms)
       VALUES ($1, (SELECT count(*) + 1 FROM outbox_deliveries WHERE event_id = $1), 'delivered', $2, $3)
       ON CONFLICT (event_id) WHERE outcome = 'delivered' DO NOTHING RETURNING id`,
      [a.eventId, a.statusCode, a.ms],
    );
    if (rows.length) {
      await tx.query('UPDATE application_events SET published_at = now() WHERE id = $1 AND published_at IS NULL', [a.eventId]);
      return 'delivered';
    }
    await tx.query(
      `INSERT INTO outbox_deliveries (event_id, attempt, outcome, status_code, ms)
       VALUES ($1, (SELECT count(*) + 1 FROM outbox_deliveries WHERE event_id = $1), 'duplicate', $2, $3)`,
      [a.eventId, a.statusCode, a.ms],
    );
    return 'duplicate';
  });
}
