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

/** Appends one entry to audit_log (pass the transaction's db to keep it with the change). */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (at, actor, user_id, app_id, action, step, detail)
     VALUES (COALESCE($1::timestamptz, now()), $2, $3, $4, $5, $6, $7::jsonb)`,
    [entry.at ?? null, entry.actor, entry.userId ?? null, entry.appId ?? null, entry.action, entry.step ?? null, JSON.stringify(entry.detail ?? {})],
  );
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
