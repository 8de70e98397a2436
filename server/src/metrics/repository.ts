/**
 * What a scrape reads from the database: the job queue's depth and age per job type (pg-boss's own job table, schema
 * pgboss, on PGlite and PostgreSQL alike) and the outbox's backlog (application_events not yet published; the
 * partial index application_events_unpublished_idx keeps it cheap).
 */
import type { Db } from '../db';

export interface QueueStat {
  name: string;
  /** queued and due now */
  ready: number;
  /** queued for a later start (a retry's delay) */
  deferred: number;
  active: number;
  /** seconds the oldest due job has waited (since it was sent or became due), 0 when none */
  oldestReadySeconds: number;
  /** seconds the longest-running active job has run, 0 when none */
  oldestActiveSeconds: number;
}

/** One row per job type named (zeros for a type with no live job). */
export async function queueStats(db: Db, names: readonly string[]): Promise<QueueStat[]> {
  const { rows } = await db.query<QueueStat>(
    `WITH names AS (SELECT jsonb_array_elements_text($1::jsonb) AS name),
          live AS (
            SELECT j.name,
                   count(*) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now())::int AS ready,
                   count(*) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after > now())::int AS deferred,
                   count(*) FILTER (WHERE j.state = 'active')::int AS active,
                   min(GREATEST(j.created_on, j.start_after)) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now()) AS ready_since,
                   min(j.started_on) FILTER (WHERE j.state = 'active') AS active_since
              FROM pgboss.job j
             WHERE j.name IN (SELECT name FROM names) AND j.state IN ('created', 'retry', 'active')
             GROUP BY j.name)
     SELECT n.name,
            COALESCE(l.ready, 0) AS ready,
            COALESCE(l.deferred, 0) AS deferred,
            COALESCE(l.active, 0) AS active,
            COALESCE(GREATEST(extract(epoch FROM now() - l.ready_since), 0), 0)::float8 AS "oldestReadySeconds",
            COALESCE(GREATEST(extract(epoch FROM now() - l.active_since), 0), 0)::float8 AS "oldestActiveSeconds"
       FROM names n LEFT JOIN live l ON l.name = n.name
      ORDER BY n.name`,
    [JSON.stringify(names)],
  );
  return rows;
}

/** Events not yet published to the webhook, and the age in seconds of the oldest (0 when none). */
export async function outboxBacklog(db: Db): Promise<{ events: number; oldestSeconds: number }> {
  const { rows } = await db.query<{ events: number; oldestSeconds: number }>(
    `SELECT count(*)::int AS events, COALESCE(GREATEST(extract(epoch FROM now() - min(at)), 0), 0)::float8 AS "oldestSeconds"
       FROM application_events WHERE published_at IS NULL`,
  );
  return rows[0] ?? { events: 0, oldestSeconds: 0 };
}
