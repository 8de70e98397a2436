/** SQL of KYC retention (ops erase-expired): the candidates, their files, the erasure of their rows, the record. */
import { APPLY_STATUS, CLIENT_STATUS, SUBMITTED_THRESHOLD } from '@core/domain';
import type { Db } from '../../db';

export interface CandidateRow {
  app_id: string;
  user_id: string;
  apply_status: number;
  client_status: number;
  sub_acct_id: string | null;
  submitted_at: Date | null;
  updated_at: Date;
  closed_at: Date | null;
  user_opened: boolean;
  aml_hit: boolean;
}

/** The user holds an opened account (any application of theirs opened, an account row, or client status 31). */
const USER_OPENED = `(u.sub_acct_id IS NOT NULL OR u.client_status = ${CLIENT_STATUS.SUCCESS}
  OR EXISTS (SELECT 1 FROM accounts ac WHERE ac.user_id = u.id)
  OR EXISTS (SELECT 1 FROM applications o WHERE o.user_id = u.id AND (o.sub_acct_id IS NOT NULL OR o.apply_status = ${APPLY_STATUS.SUCCESS})))`;

/**
 * Applications that may be erasable (closed ones, and never-submitted drafts untouched since draftBefore), never an
 * opened one; the rule itself (erasureReason) decides on each.
 */
export async function candidates(db: Db, draftBefore: Date): Promise<CandidateRow[]> {
  const { rows } = await db.query<CandidateRow>(
    `SELECT a.app_id, a.user_id, a.apply_status, a.client_status, a.sub_acct_id, a.submitted_at, a.updated_at,
            (SELECT max(e.at) FROM application_events e WHERE e.app_id = a.app_id AND e.kind = 'close') AS closed_at,
            ${USER_OPENED} AS user_opened,
            EXISTS (SELECT 1 FROM aml_checks m WHERE m.app_id = a.app_id AND m.hit_status = 1) AS aml_hit
       FROM applications a JOIN users u ON u.id = a.user_id
      WHERE a.sub_acct_id IS NULL
        AND (a.apply_status = $1 OR (a.submitted_at IS NULL AND a.apply_status < $2 AND a.updated_at <= $3))
      ORDER BY a.created_at, a.app_id`,
    [APPLY_STATUS.CLOSED, SUBMITTED_THRESHOLD, draftBefore],
  );
  return rows;
}

/** The application's row locked with its last change time (null when it is gone). */
export async function lockApplication(tx: Db, appId: string): Promise<{ updated_at: Date; apply_status: number } | null> {
  const { rows } = await tx.query<{ updated_at: Date; apply_status: number }>('SELECT updated_at, apply_status FROM applications WHERE app_id = $1 FOR UPDATE', [appId]);
  return rows[0] ?? null;
}

export interface StoredFileRow {
  oss_id: string;
  storage_key: string;
  size: number;
}

/**
 * The stored files of an application: linked to it, or named by its face checks, documents and deposit notices; not
 * those another application of the same applicant still names in its data (a file carried over to a new application).
 */
export async function filesOfApplication(db: Db, appId: string): Promise<StoredFileRow[]> {
  const { rows } = await db.query<StoredFileRow>(
    `WITH named AS (
       SELECT oss_id FROM files WHERE app_id = $1
       UNION SELECT image_oss_id FROM face_checks WHERE app_id = $1 AND image_oss_id IS NOT NULL
       UNION SELECT video_oss_id FROM face_checks WHERE app_id = $1 AND video_oss_id IS NOT NULL
       UNION SELECT oss_id FROM application_documents WHERE app_id = $1
       UNION SELECT oss_id FROM completion_certificates WHERE app_id = $1
       UNION SELECT proof_oss_id FROM deposit_notices WHERE app_id = $1
     )
     SELECT f.oss_id, f.storage_key, f.size
       FROM files f JOIN named n ON n.oss_id = f.oss_id
      WHERE NOT EXISTS (
        SELECT 1 FROM applications o
         WHERE o.user_id = f.owner_user_id AND o.app_id <> $1 AND strpos(o.data::text, f.oss_id) > 0)
      ORDER BY f.oss_id`,
    [appId],
  );
  return rows;
}

/** The files of a user left with no application, whatever they were uploaded for. */
export async function filesOfUser(db: Db, userId: string): Promise<StoredFileRow[]> {
  const { rows } = await db.query<StoredFileRow>('SELECT oss_id, storage_key, size FROM files WHERE owner_user_id = $1 ORDER BY oss_id', [userId]);
  return rows;
}

async function deleteCounted(tx: Db, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(`WITH d AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM d`, params);
  return rows[0]?.n ?? 0;
}

/** The tables holding an application's rows, in the order they are deleted (children first). */
const APPLICATION_TABLES = [
  'risk_listens',
  'risk_confirms',
  'deposit_notices',
  'face_checks',
  'witness_submissions',
  'application_documents',
  'completion_certificates',
  'signing_evidence',
  'signed_agreements',
  'identity_numbers',
  'case_claims',
  'case_approvals',
  'application_snapshots',
  'aml_checks',
] as const;

/** Deletes an application, its rows and the rows of the given files; returns the rows deleted per table. */
export async function deleteApplication(tx: Db, appId: string, ossIds: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of APPLICATION_TABLES) counts[table] = await deleteCounted(tx, `DELETE FROM ${table} WHERE app_id = $1`, [appId]);
  counts.ocr_readings = await deleteCounted(tx, 'DELETE FROM ocr_readings WHERE oss_id = ANY($1::text[])', [ossIds]);
  counts.files = await deleteCounted(tx, 'DELETE FROM files WHERE oss_id = ANY($1::text[])', [ossIds]);
  await tx.query('UPDATE users SET app_id = NULL WHERE app_id = $1', [appId]);
  counts.applications = await deleteCounted(tx, 'DELETE FROM applications WHERE app_id = $1', [appId]);
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
}

/**
 * Users with no application and no account whose last login (or creation) is before `before`: a phone number kept
 * for nothing.
 */
export async function idleUsers(db: Db, before: Date): Promise<Array<{ id: string; last_seen: Date }>> {
  const { rows } = await db.query<{ id: string; last_seen: Date }>(
    `SELECT u.id, coalesce(u.last_login_at, u.created_at) AS last_seen FROM users u
      WHERE NOT ${USER_OPENED}
        AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.user_id = u.id)
        AND coalesce(u.last_login_at, u.created_at) <= $1
      ORDER BY u.created_at, u.id`,
    [before],
  );
  return rows;
}

/** Locks a user row and tells whether it is still one with nothing (no application, no account) and untouched since `lastSeen`. */
export async function lockIdleUser(tx: Db, userId: string, lastSeen: Date): Promise<boolean> {
  const { rows } = await tx.query<{ ok: boolean }>(
    `SELECT (NOT ${USER_OPENED} AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.user_id = u.id)
             AND coalesce(u.last_login_at, u.created_at) = $2) AS ok
       FROM users u WHERE u.id = $1 FOR UPDATE`,
    [userId, lastSeen],
  );
  return rows[0]?.ok === true;
}

/** Deletes a user (sessions, devices, readings and files go with it) and the rows kept by its id alone. */
export async function deleteUser(tx: Db, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {
    files: await deleteCounted(tx, 'DELETE FROM files WHERE owner_user_id = $1', [userId]),
    sessions: await deleteCounted(tx, 'DELETE FROM sessions WHERE user_id = $1', [userId]),
    ocr_readings: await deleteCounted(tx, 'DELETE FROM ocr_readings WHERE user_id = $1', [userId]),
    user_devices: await deleteCounted(tx, 'DELETE FROM user_devices WHERE user_id = $1', [userId]),
    invitation_relations: await deleteCounted(tx, 'DELETE FROM invitation_relations WHERE user_id = $1', [userId]),
    users: await deleteCounted(tx, 'DELETE FROM users WHERE id = $1', [userId]),
  };
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
}

/** Rows past their life: login codes and the SMS log sent before codesBefore, sessions expired or idle. */
export async function expiredCounts(db: Db, p: { codesBefore: Date; now: Date; idleBefore: Date }): Promise<Record<string, number>> {
  const { rows } = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM login_codes WHERE sent_at < $1) AS login_codes,
            (SELECT count(*)::int FROM sms_outbox WHERE sent_at < $1) AS sms_outbox,
            (SELECT count(*)::int FROM sessions WHERE absolute_expires_at <= $2 OR last_seen_at < $3) AS sessions,
            (SELECT count(*)::int FROM cipher_sessions WHERE expires_at < $2) AS cipher_sessions`,
    [p.codesBefore, p.now, p.idleBefore],
  );
  return rows[0];
}

export async function deleteExpired(tx: Db, p: { codesBefore: Date; now: Date; idleBefore: Date }): Promise<Record<string, number>> {
  return {
    login_codes: await deleteCounted(tx, 'DELETE FROM login_codes WHERE sent_at < $1', [p.codesBefore]),
    sms_outbox: await deleteCounted(tx, 'DELETE FROM sms_outbox WHERE sent_at < $1', [p.codesBefore]),
    sessions: await deleteCounted(tx, 'DELETE FROM sessions WHERE absolute_expires_at <= $1 OR last_seen_at < $2', [p.now, p.idleBefore]),
    cipher_sessions: await deleteCounted(tx, 'DELETE FROM cipher_sessions WHERE expires_at < $1', [p.now]),
  };
}

export interface ErasureRecord {
  at: Date;
  actor: string;
  kind: 'application' | 'user' | 'expired';
  subject: string | null;
  reason: string;
  rule: Record<string, unknown>;
  erased: Record<string, unknown>;
}

export async function recordErasure(tx: Db, r: ErasureRecord): Promise<void> {
  await tx.query('INSERT INTO erasures (at, actor, kind, subject, reason, rule, erased) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)', [
    r.at,
    r.actor,
    r.kind,
    r.subject,
    r.reason,
    JSON.stringify(r.rule),
    JSON.stringify(r.erased),
  ]);
}
