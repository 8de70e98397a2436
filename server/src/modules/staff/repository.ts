/** SQL of the review desk (migration 0032): staff, their sessions, claims and first approvals, and the queue. */
import type { Db } from '../../db';
import type { StaffRole } from '@core/domain/staff';
import type { AppRow } from '../applications';
import type { FileRow } from '../files';

export interface StaffRow {
  id: string;
  login: string;
  display_name: string;
  role: StaffRole;
  password_hash: string;
  totp_secret_sealed: string;
  totp_last_step: string | number;
  failed_sign_ins: number;
  locked_until: Date | null;
  disabled_at: Date | null;
  created_at: Date;
  created_by: string;
}

const STAFF_COLUMNS = 'id, login, display_name, role, password_hash, totp_secret_sealed, totp_last_step, failed_sign_ins, locked_until, disabled_at, created_at, created_by';

export async function insertStaff(
  db: Db,
  s: { id: string; login: string; displayName: string; role: StaffRole; passwordHash: string; totpSealed: string; at: Date; by: string },
): Promise<void> {
  await db.query(
    `INSERT INTO staff (id, login, display_name, role, password_hash, totp_secret_sealed, created_at, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [s.id, s.login, s.displayName, s.role, s.passwordHash, s.totpSealed, s.at, s.by],
  );
}

export async function staffByLogin(db: Db, login: string, forUpdate = false): Promise<StaffRow | null> {
  const { rows } = await db.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff WHERE login = $1${forUpdate ? ' FOR UPDATE' : ''}`, [login]);
  return rows[0] ?? null;
}

export async function staffById(db: Db, id: string): Promise<StaffRow | null> {
  const { rows } = await db.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function listStaff(db: Db): Promise<StaffRow[]> {
  return (await db.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff ORDER BY created_at, login`)).rows;
}

export async function countAdmins(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff WHERE role = 'admin' AND disabled_at IS NULL`);
  return rows[0].n;
}

/**
 * One sign-in try reserved before the password is checked: counted at once, so that however many tries arrive together
 * at most `limit` in a row are ever checked. The try that reaches `limit` locks the account until `lockedUntil` (the
 * count starts again after it); a good sign-in lifts the lock. Refused while the account is locked: `reserved` null,
 * and `lockedUntil` the lock's end (null when the lock was set by a try that committed after this statement's read).
 * One statement: on PostgreSQL concurrent tries wait for the row and each sees the count the one before left.
 */
export async function reserveSignInTry(
  db: Db,
  o: { id: string; now: Date; limit: number; lockedUntil: Date },
): Promise<{ reserved: { failed: number; locks: boolean } | null; lockedUntil: Date | null }> {
  const { rows } = await db.query<{ failed_sign_ins: number | null; locks: boolean | null; held_until: Date | null }>(
    `WITH reserved AS (
       UPDATE staff SET failed_sign_ins = CASE WHEN failed_sign_ins + 1 >= $3 THEN 0 ELSE failed_sign_ins + 1 END,
                        locked_until = CASE WHEN failed_sign_ins + 1 >= $3 THEN $4::timestamptz ELSE NULL END
        WHERE id = $1 AND (locked_until IS NULL OR locked_until <= $2::timestamptz)
       RETURNING failed_sign_ins, locked_until IS NOT NULL AS locks)
     SELECT r.failed_sign_ins, r.locks, s.locked_until AS held_until FROM staff s LEFT JOIN reserved r ON true WHERE s.id = $1`,
    [o.id, o.now, o.limit, o.lockedUntil],
  );
  const r = rows[0];
  if (!r || r.failed_sign_ins === null) return { reserved: null, lockedUntil: r?.held_until ?? null };
  return { reserved: { failed: r.failed_sign_ins, locks: r.locks === true }, lockedUntil: null };
}

/**
 * A good sign-in: the code's time step spent (never taken again) and the failures forgotten, in one statement that
 * holds only while no later or equal step is spent; false when another sign-in took this code (or a later one) first.
 */
export async function spendTotpStep(db: Db, id: string, totpStep: number): Promise<boolean> {
  const { rows } = await db.query('UPDATE staff SET failed_sign_ins = 0, locked_until = NULL, totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2 RETURNING id', [
    id,
    totpStep,
  ]);
  return rows.length === 1;
}

export async function setStaffDisabled(db: Db, id: string, at: Date | null): Promise<void> {
  await db.query('UPDATE staff SET disabled_at = $2 WHERE id = $1', [id, at]);
}

export async function setStaffCredentials(db: Db, id: string, passwordHash: string, totpSealed: string): Promise<void> {
  await db.query('UPDATE staff SET password_hash = $2, totp_secret_sealed = $3, totp_last_step = 0, failed_sign_ins = 0, locked_until = NULL WHERE id = $1', [
    id,
    passwordHash,
    totpSealed,
  ]);
}

// sessions

export interface StaffSessionRow {
  id_hash: string;
  staff_id: string;
  created_at: Date;
  last_seen_at: Date;
  absolute_expires_at: Date;
  ended_at: Date | null;
}

export async function insertSession(db: Db, s: { idHash: string; staffId: string; at: Date; absoluteExpiresAt: Date }): Promise<void> {
  await db.query('INSERT INTO staff_sessions (id_hash, staff_id, created_at, last_seen_at, absolute_expires_at) VALUES ($1, $2, $3, $3, $4)', [
    s.idHash,
    s.staffId,
    s.at,
    s.absoluteExpiresAt,
  ]);
}

/** The session with its staff member (one read a call). */
export async function sessionWithStaff(db: Db, idHash: string): Promise<{ session: StaffSessionRow; staff: StaffRow } | null> {
  const { rows } = await db.query<StaffSessionRow & { s: StaffRow }>(
    `SELECT ss.id_hash, ss.staff_id, ss.created_at, ss.last_seen_at, ss.absolute_expires_at, ss.ended_at, to_jsonb(st) AS s
       FROM staff_sessions ss JOIN staff st ON st.id = ss.staff_id WHERE ss.id_hash = $1`,
    [idHash],
  );
  const r = rows[0];
  if (!r) return null;
  const { s, ...session } = r;
  const staff = { ...s, locked_until: s.locked_until ? new Date(s.locked_until) : null, disabled_at: s.disabled_at ? new Date(s.disabled_at) : null, created_at: new Date(s.created_at) };
  return { session, staff };
}

export async function touchSession(db: Db, idHash: string, at: Date): Promise<void> {
  await db.query('UPDATE staff_sessions SET last_seen_at = $2 WHERE id_hash = $1', [idHash, at]);
}

export async function endSession(db: Db, idHash: string, at: Date): Promise<void> {
  await db.query('UPDATE staff_sessions SET ended_at = $2 WHERE id_hash = $1 AND ended_at IS NULL', [idHash, at]);
}

export async function endSessionsOf(db: Db, staffId: string, at: Date): Promise<void> {
  await db.query('UPDATE staff_sessions SET ended_at = $2 WHERE staff_id = $1 AND ended_at IS NULL', [staffId, at]);
}

// claims

export interface ClaimRow {
  app_id: string;
  staff_id: string;
  claimed_at: Date;
  display_name: string;
}

export async function claimOf(db: Db, appId: string, forUpdate = false): Promise<ClaimRow | null> {
  const { rows } = await db.query<ClaimRow>(
    `SELECT c.app_id, c.staff_id, c.claimed_at, s.display_name FROM case_claims c JOIN staff s ON s.id = c.staff_id WHERE c.app_id = $1${forUpdate ? ' FOR UPDATE OF c' : ''}`,
    [appId],
  );
  return rows[0] ?? null;
}

/** Claims the application for the staff member unless someone else holds it (a stale claim, older than `staleBefore`, is taken over). */
export async function claim(db: Db, appId: string, staffId: string, at: Date, staleBefore: Date): Promise<boolean> {
  const { rows } = await db.query<{ staff_id: string }>(
    `INSERT INTO case_claims (app_id, staff_id, claimed_at) VALUES ($1, $2, $3)
     ON CONFLICT (app_id) DO UPDATE SET staff_id = EXCLUDED.staff_id, claimed_at = EXCLUDED.claimed_at
       WHERE case_claims.staff_id = EXCLUDED.staff_id OR case_claims.claimed_at <= $4
     RETURNING staff_id`,
    [appId, staffId, at, staleBefore],
  );
  return rows.length === 1;
}

export async function release(db: Db, appId: string): Promise<void> {
  await db.query('DELETE FROM case_claims WHERE app_id = $1', [appId]);
}

/** Every claim of a staff member back to the queue (the member is disabled). */
export async function releaseAllOf(db: Db, staffId: string): Promise<void> {
  await db.query('DELETE FROM case_claims WHERE staff_id = $1', [staffId]);
}

/** Whether the application exists and is not archived. */
export async function applicationOpen(db: Db, appId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM applications WHERE app_id = $1 AND archived_at IS NULL', [appId]);
  return rows.length === 1;
}

// the queue

export interface QueueDbFilter {
  /** empty: any status */
  statuses: number[];
  appId?: string;
  clientType?: string;
  margin?: boolean;
  submittedBefore?: Date;
  amlHit?: boolean;
  faceBelow?: number;
  claimedBy?: string;
  /** nobody holds it */
  free?: boolean;
  /** the queue's search (searchKeys) */
  search?: { text: string; digits: string | null; idNumber: string; exact: string };
  limit: number;
  offset: number;
}

export interface QueueDbRow {
  app_id: string;
  area_code: string;
  phone: string;
  client_type: 'cn' | 'hk';
  oa_type: number;
  account_type: string | null;
  apply_status: number;
  submitted_at: Date | null;
  identity: Record<string, unknown>;
  aml_hit: number | null;
  face_similarity: number | null;
  claim_staff_id: string | null;
  claim_name: string | null;
  approval_staff_id: string | null;
  approval_name: string | null;
  total: number;
}

/**
 * A page of the applications matching the filter, oldest submission first (the one waiting longest on top), with the
 * total. The last AML screening and the last finished face check of each come along (their own indexes by app_id).
 */
export async function queuePage(db: Db, f: QueueDbFilter): Promise<QueueDbRow[]> {
  const where = ['a.archived_at IS NULL'];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.statuses.length) add('a.apply_status = ANY(?::int[])', f.statuses);
  if (f.appId) add('a.app_id = ?', f.appId);
  if (f.clientType) add('a.client_type = ?', f.clientType);
  if (f.margin !== undefined) add(`((a.data -> 'SELECTACCOUNT' ->> 'accountType') IN ('2', '3')) = ?`, f.margin);
  if (f.submittedBefore) add('a.submitted_at <= ?', f.submittedBefore);
  if (f.amlHit !== undefined) add('(coalesce(aml.hit_status, 0) = 1) = ?', f.amlHit);
  if (f.faceBelow !== undefined) add('(face.similarity IS NOT NULL AND face.similarity * 100 < ?)', f.faceBelow);
  if (f.claimedBy) add('c.staff_id = ?', f.claimedBy);
  if (f.free) where.push('c.staff_id IS NULL');
  if (f.search) {
    // a name's part (LIKE wildcards in what was typed taken as letters), the phone's digits, an ID number, an id as typed
    const like = `%${f.search.text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    params.push(like, f.search.idNumber, f.search.exact, f.search.digits ? `%${f.search.digits}%` : null);
    const [p1, p2, p3, p4] = [params.length - 3, params.length - 2, params.length - 1, params.length];
    const name = (step: string) =>
      `a.data -> '${step}' ->> 'chineseName' ILIKE $${p1} OR a.data -> '${step}' ->> 'englishName' ILIKE $${p1}
       OR concat_ws(' ', a.data -> '${step}' ->> 'lastName', a.data -> '${step}' ->> 'firstName') ILIKE $${p1}
       OR concat_ws(' ', a.data -> '${step}' ->> 'firstName', a.data -> '${step}' ->> 'lastName') ILIKE $${p1}`;
    where.push(`(${name('IDCARD')} OR ${name('USERINFO')}
       OR EXISTS (SELECT 1 FROM identity_numbers n WHERE n.app_id = a.app_id AND n.id_number = $${p2})
       OR a.app_id = $${p3} OR a.sub_acct_id = $${p3} OR a.hl_id = $${p3}
       OR ($${p4}::text IS NOT NULL AND (u.phone LIKE $${p4} OR concat(u.area_code, u.phone) LIKE $${p4})))`);
  }
  params.push(f.limit, f.offset);
  const { rows } = await db.query<QueueDbRow>(
    `SELECT a.app_id, u.area_code, u.phone, a.client_type, a.oa_type, a.data -> 'SELECTACCOUNT' ->> 'accountType' AS account_type,
            a.apply_status, a.submitted_at,
            jsonb_build_object('IDCARD', (a.data -> 'IDCARD') - 'idNumber', 'USERINFO', a.data -> 'USERINFO') AS identity,
            aml.hit_status AS aml_hit, face.similarity AS face_similarity,
            c.staff_id AS claim_staff_id, cs.display_name AS claim_name, ap.staff_id AS approval_staff_id, aps.display_name AS approval_name,
            count(*) OVER ()::int AS total
       FROM applications a
       JOIN users u ON u.id = a.user_id
       LEFT JOIN LATERAL (SELECT hit_status FROM aml_checks WHERE app_id = a.app_id ORDER BY created_at DESC LIMIT 1) aml ON true
       LEFT JOIN LATERAL (SELECT (scores ->> 'similarity')::float AS similarity FROM face_checks
                           WHERE app_id = a.app_id AND passed IS NOT NULL ORDER BY id DESC LIMIT 1) face ON true
       LEFT JOIN case_claims c ON c.app_id = a.app_id
       LEFT JOIN staff cs ON cs.id = c.staff_id
       LEFT JOIN case_approvals ap ON ap.app_id = a.app_id
       LEFT JOIN staff aps ON aps.id = ap.staff_id
      WHERE ${where.join(' AND ')}
      ORDER BY a.submitted_at NULLS LAST, a.app_id
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows;
}

/** Applications per status among those given (archived ones left out). */
export async function countsByStatus(db: Db, statuses: number[]): Promise<Record<string, number>> {
  const { rows } = await db.query<{ apply_status: number; n: number }>(
    'SELECT apply_status, count(*)::int AS n FROM applications WHERE archived_at IS NULL AND apply_status = ANY($1::int[]) GROUP BY apply_status',
    [statuses],
  );
  return Object.fromEntries(statuses.map((s) => [String(s), rows.find((r) => r.apply_status === s)?.n ?? 0]));
}

/**
 * Per status: the median hours an application stayed in it before the next event moved it elsewhere, over the
 * events of the last `days` days (null below `min` such stays).
 */
export async function medianHoursInStatus(db: Db, statuses: number[], since: Date, min: number): Promise<Record<string, number | null>> {
  const { rows } = await db.query<{ status: number; hours: number | null; n: number }>(
    `WITH stays AS (
       SELECT e.to_status AS status, extract(epoch FROM (nxt.at - e.at)) / 3600 AS hours
         FROM application_events e
         JOIN LATERAL (SELECT at FROM application_events n WHERE n.app_id = e.app_id AND n.id > e.id AND n.to_status <> e.to_status ORDER BY n.id LIMIT 1) nxt ON true
        WHERE e.at >= $2 AND e.to_status = ANY($1::int[]) AND e.from_status <> e.to_status)
     SELECT status, percentile_cont(0.5) WITHIN GROUP (ORDER BY hours) AS hours, count(*)::int AS n FROM stays GROUP BY status`,
    [statuses, since],
  );
  return Object.fromEntries(
    statuses.map((s) => {
      const r = rows.find((x) => x.status === s);
      return [String(s), r && r.n >= min && r.hours !== null ? Math.round(Number(r.hours) * 10) / 10 : null];
    }),
  );
}

// the first approval of a four-eyes case (a decision ends it with the claim: applications/repository.ts endReview)

export interface ApprovalRow {
  app_id: string;
  staff_id: string;
  approved_at: Date;
  note: string;
  display_name: string;
}

export async function approvalOf(db: Db, appId: string): Promise<ApprovalRow | null> {
  const { rows } = await db.query<ApprovalRow>(
    'SELECT a.app_id, a.staff_id, a.approved_at, a.note, s.display_name FROM case_approvals a JOIN staff s ON s.id = a.staff_id WHERE a.app_id = $1',
    [appId],
  );
  return rows[0] ?? null;
}

/** The first approval; false when there is one already. */
export async function insertApproval(db: Db, a: { appId: string; staffId: string; at: Date; note: string }): Promise<boolean> {
  const { rows } = await db.query('INSERT INTO case_approvals (app_id, staff_id, approved_at, note) VALUES ($1, $2, $3, $4) ON CONFLICT (app_id) DO NOTHING RETURNING app_id', [
    a.appId,
    a.staffId,
    a.at,
    a.note,
  ]);
  return rows.length === 1;
}

/** What the four-eyes rule reads: the account type chosen and whether the last AML screening had a hit. */
export async function approvalFacts(db: Db, appId: string): Promise<{ accountType: number | null; amlHit: boolean } | null> {
  const { rows } = await db.query<{ account_type: string | null; hit: number | null }>(
    `SELECT a.data -> 'SELECTACCOUNT' ->> 'accountType' AS account_type,
            (SELECT hit_status FROM aml_checks WHERE app_id = a.app_id ORDER BY created_at DESC LIMIT 1) AS hit
       FROM applications a WHERE a.app_id = $1 AND a.archived_at IS NULL`,
    [appId],
  );
  const r = rows[0];
  if (!r) return null;
  return { accountType: r.account_type === null ? null : Number(r.account_type), amlHit: r.hit === 1 };
}

// the case view

export async function applicantOf(db: Db, userId: string): Promise<{ area_code: string; phone: string }> {
  const { rows } = await db.query<{ area_code: string; phone: string }>('SELECT area_code, phone FROM users WHERE id = $1', [userId]);
  return rows[0] ?? { area_code: '', phone: '' };
}

const FILE_COLUMNS = 'oss_id, owner_user_id, app_id, category, mime, size, sha256, storage_key, original_name, created_at';

export async function filesOf(db: Db, userId: string): Promise<FileRow[]> {
  return (await db.query<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE owner_user_id = $1`, [userId])).rows;
}

export async function fileOfUser(db: Db, userId: string, ossId: string): Promise<FileRow | null> {
  const { rows } = await db.query<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE owner_user_id = $1 AND oss_id = $2`, [userId, ossId]);
  return rows[0] ?? null;
}

/** The latest of each generated document of the application. */
export async function documentsOf(db: Db, appId: string): Promise<{ document: string; oss_id: string; created_at: Date }[]> {
  const { rows } = await db.query<{ document: string; oss_id: string; created_at: Date }>(
    'SELECT DISTINCT ON (document) document, oss_id, created_at FROM application_documents WHERE app_id = $1 ORDER BY document, created_at DESC',
    [appId],
  );
  return rows;
}

export async function amlChecksOf(db: Db, appId: string): Promise<{ id: string; hit_status: number; matches: unknown; created_at: Date }[]> {
  const { rows } = await db.query<{ id: string; hit_status: number; matches: unknown; created_at: Date }>(
    'SELECT id, hit_status, matches, created_at FROM aml_checks WHERE app_id = $1 ORDER BY created_at',
    [appId],
  );
  return rows;
}

export interface DuplicateSignal {
  /** idNumber: the same identity document number; bankCard: the same bank card; phone: the same phone number; device: the same browser (its device cookie) used by another user */
  signal: 'idNumber' | 'bankCard' | 'phone' | 'device';
  appId: string;
  applyStatus: number;
}

/** Other applications that share an identity number, the bank card or a phone number with this one. */
export async function duplicatesOf(db: Db, row: AppRow): Promise<DuplicateSignal[]> {
  const bank = row.data.BANKCARD as { bankInfo?: { acctNumber?: unknown; phone?: unknown } } | undefined;
  const card = typeof bank?.bankInfo?.acctNumber === 'string' ? bank.bankInfo.acctNumber : null;
  const { rows } = await db.query<DuplicateSignal>(
    `SELECT DISTINCT 'idNumber' AS signal, o.app_id AS "appId", a.apply_status AS "applyStatus"
       FROM identity_numbers mine JOIN identity_numbers o ON o.id_number = mine.id_number AND o.app_id <> mine.app_id
       JOIN applications a ON a.app_id = o.app_id
      WHERE mine.app_id = $1
     UNION
     SELECT 'bankCard', a.app_id, a.apply_status FROM applications a
      WHERE $2::text IS NOT NULL AND a.app_id <> $1 AND a.data -> 'BANKCARD' -> 'bankInfo' ->> 'acctNumber' = $2
     UNION
     SELECT 'phone', a.app_id, a.apply_status FROM applications a JOIN users u ON u.id = a.user_id
      WHERE a.app_id <> $1 AND a.user_id <> $3
        AND (u.phone = (SELECT phone FROM users WHERE id = $3) OR a.data -> 'BANKCARD' -> 'bankInfo' ->> 'phone' = (SELECT phone FROM users WHERE id = $3))
     UNION
     SELECT 'device', a.app_id, a.apply_status FROM user_devices mine
       JOIN user_devices o ON o.device_hash = mine.device_hash AND o.user_id <> mine.user_id
       JOIN applications a ON a.user_id = o.user_id
      WHERE mine.user_id = $3 AND a.app_id <> $1
     ORDER BY 1, 2`,
    [row.app_id, card, row.user_id],
  );
  return rows;
}

export interface UpdateDbRow {
  update_id: string;
  sub_acct_id: string;
  app_id: string | null;
  area_code: string;
  phone: string;
  status: number;
  module: number;
  data: Record<string, unknown>;
  contact: Record<string, unknown> | null;
  w8: Record<string, unknown> | null;
  identity: Record<string, unknown> | null;
  submitted_at: Date | null;
}

/** The account updates in a status (oldest submission first, at most 200), with the account's data now and its holder. */
export async function updatesByStatus(db: Db, status: number): Promise<UpdateDbRow[]> {
  const { rows } = await db.query<UpdateDbRow>(
    `SELECT cu.update_id, cu.sub_acct_id, ac.app_id, u.area_code, u.phone, cu.status, cu.module, cu.data, ac.contact, ac.w8, cu.submitted_at,
            CASE WHEN a.app_id IS NULL THEN NULL ELSE jsonb_build_object('IDCARD', (a.data -> 'IDCARD') - 'idNumber', 'USERINFO', a.data -> 'USERINFO') END AS identity
       FROM client_updates cu
       JOIN accounts ac ON ac.sub_acct_id = cu.sub_acct_id
       JOIN users u ON u.id = cu.user_id
       LEFT JOIN applications a ON a.app_id = ac.app_id
      WHERE cu.status = $1
      ORDER BY cu.submitted_at NULLS LAST, cu.update_id
      LIMIT 200`,
    [status],
  );
  return rows;
}

/** The desk's own actions on an application that are not status changes (claims and releases), oldest first. */
export async function deskActivityOf(db: Db, appId: string): Promise<{ at: Date; action: string; staff_id: string | null; display_name: string | null }[]> {
  const { rows } = await db.query<{ at: Date; action: string; staff_id: string | null; display_name: string | null }>(
    `SELECT a.at, a.action, s.id AS staff_id, s.display_name FROM audit_log a LEFT JOIN staff s ON a.actor = 'staff:' || s.id
      WHERE a.app_id = $1 AND a.action IN ('staff.claim', 'staff.release') ORDER BY a.id LIMIT 500`,
    [appId],
  );
  return rows;
}

/** The names of the staff members among these actors ('staff:<id>'), by actor. */
export async function staffNamesOf(db: Db, actors: string[]): Promise<Record<string, string>> {
  const ids = [...new Set(actors.filter((a) => a.startsWith('staff:')).map((a) => a.slice('staff:'.length)))];
  if (ids.length === 0) return {};
  const { rows } = await db.query<{ id: string; display_name: string }>('SELECT id, display_name FROM staff WHERE id = ANY($1::text[])', [ids]);
  return Object.fromEntries(rows.map((r) => [`staff:${r.id}`, r.display_name]));
}

/** When the staff member last opened the case before `before` (their latest case view in the audit), or null. */
export async function lastViewBy(db: Db, appId: string, staffId: string, before: Date): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date }>(
    `SELECT at FROM audit_log WHERE app_id = $1 AND actor = $2 AND action = 'staff.case.view' AND at < $3 ORDER BY id DESC LIMIT 1`,
    [appId, `staff:${staffId}`, before],
  );
  return rows[0] ? new Date(rows[0].at) : null;
}
