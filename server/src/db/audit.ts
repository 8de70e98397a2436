import type { Db } from './index';

export interface AuditEntry {
  /** who did it: `user:<userId>`, `ops:<command>` or `system` */
  actor: string;
  userId?: string | null;
  appId?: string | null;
  action: string;
  step?: string | null;
  /** what changed; never identity data in clear (names, ID numbers, phones) */
  detail?: Record<string, unknown>;
  at?: Date;
}

export interface AuditRow {
  id: number;
  at: Date;
  actor: string;
  user_id: string | null;
  app_id: string | null;
  action: string;
  step: string | null;
  detail: Record<string, unknown>;
}

/**
 * The INSERT of one entry, its values appended to `params` (numbered after those already there). `from`: the name of a
 * CTE the entry is written from, one row per row of it (a repository's change and its entry in one statement, see
 * auditedWith); without it, the entry is written once.
 */
export function auditInsert(entry: AuditEntry, params: unknown[], from?: string): string {
  const n = params.length;
  params.push(entry.at ?? null, entry.actor, entry.userId ?? null, entry.appId ?? null, entry.action, entry.step ?? null, JSON.stringify(entry.detail ?? {}));
  const values = `COALESCE($${n + 1}::timestamptz, now()), $${n + 2}::text, $${n + 3}::text, $${n + 4}::text, $${n + 5}::text, $${n + 6}::text, $${n + 7}::jsonb`;
  return `INSERT INTO audit_log (at, actor, user_id, app_id, action, step, detail)
     ${from ? `SELECT ${values} FROM ${from}` : `VALUES (${values})`}`;
}

/**
 * A data-changing statement (UPDATE/INSERT/DELETE ... RETURNING) and its audit entry as one statement (one round trip
 * less): the entry is written only if the change touched a row, and the statement answers the change's RETURNING
 * rows. `params` must hold the change's values already.
 */
export function auditedWith(change: string, entry: AuditEntry, params: unknown[]): string {
  return `WITH changed AS (${change}), logged AS (${auditInsert(entry, params, '(SELECT 1 FROM changed LIMIT 1) AS c')}) SELECT * FROM changed`;
}

/** Appends one entry to audit_log (pass the transaction's db to keep it with the change). */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  const params: unknown[] = [];
  await db.query(auditInsert(entry, params), params);
}

export async function auditTrail(db: Db, filter: { appId?: string; userId?: string; limit?: number }): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>(
    `SELECT id, at, actor, user_id, app_id, action, step, detail FROM audit_log
     WHERE ($1::text IS NULL OR app_id = $1) AND ($2::text IS NULL OR user_id = $2)
     ORDER BY id DESC LIMIT $3`,
    [filter.appId ?? null, filter.userId ?? null, filter.limit ?? 100],
  );
  return rows;
}

/** When an application's latest entry of an action (of a step, when given) was written at or before `until` (null: none). */
export async function lastEntryAt(db: Db, f: { appId: string; action: string; step?: string }, until: Date): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date | null }>(
    'SELECT max(at) AS at FROM audit_log WHERE app_id = $1 AND action = $2 AND ($3::text IS NULL OR step = $3) AND at <= $4',
    [f.appId, f.action, f.step ?? null, until],
  );
  return rows[0]?.at ?? null;
}
