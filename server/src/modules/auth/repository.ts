/** SQL for users, login codes and sessions. */
import type { Db } from '../../db';

export interface UserRow {
  id: string;
  area_code: string;
  phone: string;
  sub_acct_id: string | null;
  client_status: number;
  app_id: string | null;
  /** per-user overrides as stored; read them through settings.ts (validated) */
  settings: unknown;
  created_at: Date;
  last_login_at: Date | null;
}

const USER_COLS = 'id, area_code, phone, sub_acct_id, client_status, app_id, settings, created_at, last_login_at';

export async function findUserByPhone(db: Db, areaCode: string, phone: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLS} FROM users WHERE area_code = $1 AND phone = $2`, [areaCode, phone]);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Returns the user with this phone, creating it when new. */
export async function upsertUser(db: Db, u: { id: string; areaCode: string; phone: string }): Promise<UserRow> {
  await db.query('INSERT INTO users (id, area_code, phone) VALUES ($1, $2, $3) ON CONFLICT (area_code, phone) DO NOTHING', [u.id, u.areaCode, u.phone]);
  return (await findUserByPhone(db, u.areaCode, u.phone)) as UserRow;
}

/** A login: the user with this phone (created when new) with its last login and, when given, its sub-account; one statement. */
export async function loginUser(db: Db, u: { id: string; areaCode: string; phone: string; at: Date; subAcctId?: string }): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (id, area_code, phone, last_login_at, sub_acct_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (area_code, phone) DO UPDATE SET last_login_at = EXCLUDED.last_login_at, sub_acct_id = COALESCE(EXCLUDED.sub_acct_id, users.sub_acct_id)
     RETURNING ${USER_COLS}`,
    [u.id, u.areaCode, u.phone, u.at, u.subAcctId ?? null],
  );
  return rows[0];
}

/** The stored per-user overrides, unchecked (settings.ts validates them); null when the user is unknown. */
export async function getRawUserSettings(db: Db, userId: string): Promise<unknown> {
  const { rows } = await db.query<{ settings: unknown }>('SELECT settings FROM users WHERE id = $1', [userId]);
  return rows[0]?.settings ?? null;
}

export async function setRawUserSettings(db: Db, userId: string, settings: object): Promise<void> {
  await db.query('UPDATE users SET settings = $2::jsonb WHERE id = $1', [userId, JSON.stringify(settings)]);
}

/** Called by the applications module when a user's application or client status changes. */
export async function setUserApplication(db: Db, userId: string, change: { appId?: string | null; clientStatus?: number }): Promise<void> {
  await db.query(
    `UPDATE users SET
       app_id = CASE WHEN $2 THEN $3 ELSE app_id END,
       client_status = COALESCE($4, client_status)
     WHERE id = $1`,
    [userId, change.appId !== undefined, change.appId ?? null, change.clientStatus ?? null],
  );
}

// --- login codes

export interface LoginCodeRow {
  salt: string;
  area_code: string;
  phone: string;
  code_hash: string;
  sent_at: Date;
  expires_at: Date;
  attempts: number;
  used_at: Date | null;
}

export async function insertLoginCode(db: Db, c: { salt: string; areaCode: string; phone: string; codeHash: string; ip: string; sentAt: Date; expiresAt: Date }): Promise<void> {
  await db.query(
    'INSERT INTO login_codes (salt, area_code, phone, code_hash, ip, sent_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [c.salt, c.areaCode, c.phone, c.codeHash, c.ip, c.sentAt, c.expiresAt],
  );
}

/**
 * Serialises code sending for one phone and one address until the transaction ends (advisory locks, in a
 * fixed order: phone, then address), so the cooldown and the counts are checked and the code inserted as one step.
 */
export async function lockCodeSending(tx: Db, areaCode: string, phone: string, ip: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('login-code|phone|' || $1))", [`${areaCode}|${phone}`]);
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('login-code|ip|' || $1))", [ip]);
}

export async function deleteLoginCode(db: Db, salt: string): Promise<void> {
  await db.query('DELETE FROM login_codes WHERE salt = $1', [salt]);
}

/** What the SMS job needs to know of a code: whether it was handed to the vendor already, and when it expires (null: gone). */
export async function codeSmsState(db: Db, salt: string): Promise<{ smsSentAt: Date | null; expiresAt: Date; used: boolean } | null> {
  const { rows } = await db.query<{ sms_sent_at: Date | null; expires_at: Date; used_at: Date | null }>(
    'SELECT sms_sent_at, expires_at, used_at FROM login_codes WHERE salt = $1',
    [salt],
  );
  return rows[0] ? { smsSentAt: rows[0].sms_sent_at, expiresAt: rows[0].expires_at, used: rows[0].used_at !== null } : null;
}

/** Stamps the code's hand-over to the SMS vendor (once: false when it was stamped already or is gone). */
export async function markSmsSent(db: Db, salt: string, at: Date): Promise<boolean> {
  const { rows } = await db.query('UPDATE login_codes SET sms_sent_at = $2 WHERE salt = $1 AND sms_sent_at IS NULL RETURNING salt', [salt, at]);
  return rows.length > 0;
}

/** The latest code sent to a phone: its salt and whether its SMS was handed over yet (ops `code` waits for that). */
export async function latestCodeOf(db: Db, areaCode: string, phone: string): Promise<{ salt: string; smsSentAt: Date | null } | null> {
  const { rows } = await db.query<{ salt: string; sms_sent_at: Date | null }>(
    'SELECT salt, sms_sent_at FROM login_codes WHERE area_code = $1 AND phone = $2 ORDER BY sent_at DESC LIMIT 1',
    [areaCode, phone],
  );
  return rows[0] ? { salt: rows[0].salt, smsSentAt: rows[0].sms_sent_at } : null;
}

export async function lastCodeSentAt(db: Db, areaCode: string, phone: string): Promise<Date | null> {
  const { rows } = await db.query<{ sent_at: Date }>('SELECT max(sent_at) AS sent_at FROM login_codes WHERE area_code = $1 AND phone = $2', [areaCode, phone]);
  return rows[0]?.sent_at ?? null;
}

export async function countCodesForPhoneSince(db: Db, areaCode: string, phone: string, since: Date): Promise<{ n: number; oldest: Date | null }> {
  const { rows } = await db.query<{ n: number; oldest: Date | null }>(
    'SELECT count(*)::int AS n, min(sent_at) AS oldest FROM login_codes WHERE area_code = $1 AND phone = $2 AND sent_at > $3',
    [areaCode, phone, since],
  );
  return rows[0];
}

export async function countCodesForIpSince(db: Db, ip: string, since: Date): Promise<{ n: number; oldest: Date | null }> {
  const { rows } = await db.query<{ n: number; oldest: Date | null }>('SELECT count(*)::int AS n, min(sent_at) AS oldest FROM login_codes WHERE ip = $1 AND sent_at > $2', [ip, since]);
  return rows[0];
}

/** Counts one verification try against a live code; null when the code is unknown, used, expired or out of tries. */
export async function takeCodeAttempt(db: Db, salt: string, now: Date, maxAttempts: number): Promise<LoginCodeRow | null> {
  const { rows } = await db.query<LoginCodeRow>(
    `UPDATE login_codes SET attempts = attempts + 1
     WHERE salt = $1 AND used_at IS NULL AND expires_at > $2 AND attempts < $3
     RETURNING salt, area_code, phone, code_hash, sent_at, expires_at, attempts, used_at`,
    [salt, now, maxAttempts],
  );
  return rows[0] ?? null;
}

/** Marks a code used; false when another request used it first. */
export async function markCodeUsed(db: Db, salt: string, now: Date): Promise<boolean> {
  const { rows } = await db.query('UPDATE login_codes SET used_at = $2 WHERE salt = $1 AND used_at IS NULL RETURNING 1 AS ok', [salt, now]);
  return rows.length === 1;
}

export async function purgeLoginCodes(db: Db, before: Date): Promise<void> {
  await db.query('DELETE FROM login_codes WHERE sent_at < $1', [before]);
}

// --- sessions

export interface SessionRow {
  id_hash: string;
  user_id: string;
  created_at: Date;
  last_seen_at: Date;
  absolute_expires_at: Date;
}

export async function insertSession(db: Db, s: { idHash: string; userId: string; at: Date; absoluteExpiresAt: Date; appSessionId?: string; subAcctId?: string }): Promise<void> {
  await db.query(
    'INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, absolute_expires_at, app_session_id, sub_acct_id) VALUES ($1, $2, $3, $3, $4, $5, $6)',
    [s.idHash, s.userId, s.at, s.absoluteExpiresAt, s.appSessionId ?? null, s.subAcctId ?? null],
  );
}

/** The session with its user's row, in one statement; null when either is gone. */
export async function findSessionUser(db: Db, idHash: string): Promise<(UserRow & { s_last_seen_at: Date; s_absolute_expires_at: Date }) | null> {
  const cols = USER_COLS.split(', ').map((c) => `u.${c}`).join(', ');
  const { rows } = await db.query<UserRow & { s_last_seen_at: Date; s_absolute_expires_at: Date }>(
    `SELECT ${cols}, s.last_seen_at AS s_last_seen_at, s.absolute_expires_at AS s_absolute_expires_at
     FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = $1`,
    [idHash],
  );
  return rows[0] ?? null;
}

export async function touchSession(db: Db, idHash: string, at: Date): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id_hash = $1', [idHash, at]);
}

/** Moves the login time of a user's sessions back (ops session-backdate); their expiry stays as it was. */
export async function backdateSessions(db: Db, userId: string, minutes: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "WITH moved AS (UPDATE sessions SET created_at = created_at - make_interval(mins => $2::int) WHERE user_id = $1 RETURNING 1) SELECT count(*)::int AS n FROM moved",
    [userId, minutes],
  );
  return rows[0]?.n ?? 0;
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
}

export async function purgeSessions(db: Db, now: Date, idleBefore: Date): Promise<void> {
  await db.query('DELETE FROM sessions WHERE absolute_expires_at <= $1 OR last_seen_at < $2', [now, idleBefore]);
}

/** Records that the user logged in from this browser (its device cookie's hash). */
export async function recordDevice(db: Db, deviceHash: string, userId: string, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO user_devices (device_hash, user_id, first_seen, last_seen) VALUES ($1, $2, $3, $3)
     ON CONFLICT (device_hash, user_id) DO UPDATE SET last_seen = EXCLUDED.last_seen`,
    [deviceHash, userId, at],
  );
}
