/**
 * The review desk's staff (issue 28): accounts (created by `ops staff-create`), sign-in with a password and an
 * authenticator code, their sessions (own cookie, shorter limits than an applicant's), and the queue with its claims.
 * Every sign-in, failure, claim and release is audited with actor `staff:<id>`.
 */
import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  SESSION_TOUCH_S,
  STAFF_QUEUE_STATUSES,
  STAFF_LIMITS,
  STAFF_LOGIN_PATTERN,
  cipher,
  maskPhone,
  searchKeys,
  staffMay,
  type StaffNeed,
  type StaffRole,
} from '@core/domain';
import type { z } from 'zod';
import type { queueFilter, queueRow, staffView } from '@core/domain/contract';
import { audit } from '../../db/audit';
import { AppError, OpsInputError } from '../../errors';
import type { AppDeps } from '../../plugins/context';
import { seal, unseal } from '../../jobs/seal';
import { hashSessionId } from '../auth';
import { nameOf } from '../applications';
import { hashPassword, spendPasswordTime, verifyPassword } from './passwords';
import { checkTotp, newTotpSecret, totpUri } from './totp';
import * as repo from './repository';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;
export type StaffView = z.infer<typeof staffView>;
export type QueueRow = z.infer<typeof queueRow>;

/** The TOTP secret's seal: its own purpose, under SIGNING_SECRET like the other sealed fields */
const TOTP_PURPOSE = 'esop staff: totp secret';

export const staffViewOf = (s: repo.StaffRow): StaffView => ({ staffId: s.id, login: s.login, displayName: s.display_name, role: s.role });


// accounts (ops)

export interface NewStaff {
  staff: StaffView;
  /** shown once to whoever creates the account, to hand to its owner */
  password: string;
  /** the authenticator's secret and its otpauth:// address (a QR code of it is what phones scan) */
  totpSecret: string;
  totpUri: string;
}

/** A password nobody chose: 20 characters of base64url (120 bits). */
const newPassword = () => cipher.randomB64u(15);

export async function createStaff(deps: Deps, o: { login: string; displayName: string; role: StaffRole; by: string }): Promise<NewStaff> {
  if (!STAFF_LOGIN_PATTERN.test(o.login)) throw new OpsInputError('a login is 3-32 lower-case letters, digits and . _ - , starting with a letter');
  const displayName = o.displayName.trim();
  if (!displayName || displayName.length > STAFF_LIMITS.displayNameMax) throw new OpsInputError(`a display name of 1-${STAFF_LIMITS.displayNameMax} characters`);
  if (await repo.staffByLogin(deps.db, o.login)) throw new OpsInputError(`the login ${o.login} is taken`);
  const id = randomUUID();
  const password = newPassword();
  const totpSecret = newTotpSecret();
  const at = new Date(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    await repo.insertStaff(tx, {
      id,
      login: o.login,
      displayName,
      role: o.role,
      passwordHash: await hashPassword(password),
      totpSealed: seal(deps.config.secrets.signingSecret, { id, secret: totpSecret }, TOTP_PURPOSE),
      at,
      by: o.by,
    });
    await audit(tx, { actor: o.by, action: 'staff.create', detail: { staffId: id, login: o.login, role: o.role }, at });
  });
  return { staff: { staffId: id, login: o.login, displayName, role: o.role }, password, totpSecret, totpUri: totpUri(o.login, totpSecret) };
}

/** A new password and authenticator secret (a lost phone, a forgotten password): the old sessions end. */
export async function resetStaff(deps: Deps, login: string, by: string): Promise<NewStaff> {
  const s = await repo.staffByLogin(deps.db, login);
  if (!s) throw new OpsInputError(`no staff member ${login}`);
  const password = newPassword();
  const totpSecret = newTotpSecret();
  const at = new Date(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    await repo.setStaffCredentials(tx, s.id, await hashPassword(password), seal(deps.config.secrets.signingSecret, { id: s.id, secret: totpSecret }, TOTP_PURPOSE));
    await repo.endSessionsOf(tx, s.id, at);
    await audit(tx, { actor: by, action: 'staff.reset', detail: { staffId: s.id, login }, at });
  });
  return { staff: staffViewOf(s), password, totpSecret, totpUri: totpUri(login, totpSecret) };
}

export async function setDisabled(deps: Deps, login: string, disabled: boolean, by: string): Promise<StaffView> {
  const s = await repo.staffByLogin(deps.db, login);
  if (!s) throw new OpsInputError(`no staff member ${login}`);
  const at = new Date(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    if (disabled && s.role === 'admin' && !s.disabled_at && (await repo.countAdmins(tx)) <= 1) throw new OpsInputError('the last admin cannot be disabled');
    await repo.setStaffDisabled(tx, s.id, disabled ? at : null);
    if (disabled) {
      await repo.endSessionsOf(tx, s.id, at);
      await repo.releaseAllOf(tx, s.id);
    }
    await audit(tx, { actor: by, action: disabled ? 'staff.disable' : 'staff.enable', detail: { staffId: s.id, login }, at });
  });
  return staffViewOf(s);
}

export async function listStaff(deps: Deps): Promise<(StaffView & { disabled: boolean; locked: boolean; createdAt: string })[]> {
  const now = deps.clock.now();
  return (await repo.listStaff(deps.db)).map((s) => ({
    ...staffViewOf(s),
    disabled: s.disabled_at !== null,
    locked: !!s.locked_until && s.locked_until.getTime() > now,
    createdAt: s.created_at.toISOString(),
  }));
}

// sign-in and sessions

export interface StaffSession {
  staff: StaffView;
  sessionHash: string;
}

/**
 * A sign-in: a try is reserved (counted, and the account locked at the last allowed one) before the password is checked,
 * so that tries sent together are checked at most STAFF_LIMITS.failedSignIns at a time in a row; a try beyond answers
 * locked unchecked. The code's time step is spent in the transaction that makes the session, by a statement that holds
 * only once per step: of sign-ins sent together with the same code, one makes a session.
 */
export async function signIn(deps: Deps, input: { login: string; password: string; code: string }, ip: string): Promise<{ staff: StaffView; sessionId: string; expiresAt: Date }> {
  const now = deps.clock.now();
  const at = new Date(now);
  const s = await repo.staffByLogin(deps.db, input.login);
  if (!s || s.disabled_at) {
    await spendPasswordTime(input.password);
    await audit(deps.db, { actor: 'system', action: 'staff.signIn.unknown', detail: { ip }, at });
    throw new AppError(ErrorCode.STAFF_SIGN_IN_FAILED);
  }
  const lockMs = STAFF_LIMITS.lockMinutes * 60_000;
  const { reserved, lockedUntil } = await repo.reserveSignInTry(deps.db, { id: s.id, now: at, limit: STAFF_LIMITS.failedSignIns, lockedUntil: new Date(now + lockMs) });
  if (!reserved) {
    // a lock set by a try that committed a moment ago may not be in this read: it has (nearly) all its time to run
    const leftMs = lockedUntil && lockedUntil.getTime() > now ? lockedUntil.getTime() - now : lockMs;
    throw new AppError(ErrorCode.STAFF_LOCKED, { data: { retryAfterSeconds: Math.ceil(leftMs / 1000) } });
  }
  const passwordOk = await verifyPassword(input.password, s.password_hash);
  const { secret } = unseal<{ id: string; secret: string }>(deps.config.secrets.signingSecret, s.totp_secret_sealed, TOTP_PURPOSE);
  const step = passwordOk ? await checkTotp(secret, input.code, now, Number(s.totp_last_step)) : null;
  const sessionId = cipher.randomB64u(32);
  const expiresAt = new Date(now + STAFF_LIMITS.sessionAbsoluteHours * 3_600_000);
  const signedIn =
    step !== null &&
    (await deps.db.transaction(async (tx) => {
      // another sign-in with this code (or a later one) came first: refused as a wrong code
      if (!(await repo.spendTotpStep(tx, s.id, step))) return false;
      await repo.insertSession(tx, { idHash: hashSessionId(sessionId), staffId: s.id, at, absoluteExpiresAt: expiresAt });
      await audit(tx, { actor: `staff:${s.id}`, action: 'staff.signIn', detail: { ip }, at });
      return true;
    }));
  if (!signedIn) {
    // the try is counted already (reserved above)
    await audit(deps.db, { actor: `staff:${s.id}`, action: reserved.locks ? 'staff.signIn.locked' : 'staff.signIn.wrong', detail: { ip, what: passwordOk ? 'code' : 'password' }, at });
    if (reserved.locks) throw new AppError(ErrorCode.STAFF_LOCKED, { data: { retryAfterSeconds: STAFF_LIMITS.lockMinutes * 60 } });
    throw new AppError(ErrorCode.STAFF_SIGN_IN_FAILED, { data: { triesLeft: STAFF_LIMITS.failedSignIns - reserved.failed } });
  }
  return { staff: staffViewOf(s), sessionId, expiresAt };
}

/** The staff member of a session cookie, whose role allows `need`: 100008/100033/100034, 152403. */
export async function resolveStaff(deps: Deps, sessionId: string | undefined, need: StaffNeed): Promise<StaffSession> {
  if (!sessionId || sessionId.length > 128) throw new AppError(ErrorCode.LOGIN_EXPIRED);
  const hash = hashSessionId(sessionId);
  const found = await repo.sessionWithStaff(deps.db, hash);
  if (!found || found.session.ended_at || found.staff.disabled_at) throw new AppError(ErrorCode.LOGIN_EXPIRED);
  const now = deps.clock.now();
  const at = new Date(now);
  if (now >= found.session.absolute_expires_at.getTime()) {
    await repo.endSession(deps.db, hash, at);
    throw new AppError(ErrorCode.SESSION_ABSOLUTE);
  }
  if (now - found.session.last_seen_at.getTime() > STAFF_LIMITS.sessionIdleMinutes * 60_000) {
    await repo.endSession(deps.db, hash, at);
    throw new AppError(ErrorCode.SESSION_IDLE);
  }
  if (now - found.session.last_seen_at.getTime() >= SESSION_TOUCH_S * 1000) await repo.touchSession(deps.db, hash, at);
  if (!staffMay(found.staff.role, need)) throw new AppError(ErrorCode.STAFF_NOT_ALLOWED);
  return { staff: staffViewOf(found.staff), sessionHash: hash };
}

export async function signOut(deps: Deps, session: StaffSession): Promise<void> {
  const at = new Date(deps.clock.now());
  await repo.endSession(deps.db, session.sessionHash, at);
  await audit(deps.db, { actor: `staff:${session.staff.staffId}`, action: 'staff.signOut', at });
}

// the queue and claims

const who = (id: string | null, name: string | null) => (id && name !== null ? { staffId: id, displayName: name } : null);

function rowOf(r: repo.QueueDbRow): QueueRow {
  return {
    appId: r.app_id,
    name: nameOf(r.identity ?? {}),
    phone: `+${r.area_code} ${maskPhone(r.phone)}`,
    clientType: r.client_type,
    oaType: r.oa_type,
    accountType: r.account_type === null ? null : ['2', '3'].includes(r.account_type) ? 2 : 1,
    applyStatus: r.apply_status,
    submittedAt: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
    amlHit: r.aml_hit === null ? null : r.aml_hit === 1,
    faceScore: r.face_similarity === null ? null : Math.round(Number(r.face_similarity) * 100),
    claimedBy: who(r.claim_staff_id, r.claim_name),
    firstApprovalBy: who(r.approval_staff_id, r.approval_name),
  };
}

/** days of history the usual review time is taken from, and the fewest stays it is given for */
const EXPECTED_DAYS = 90;
const EXPECTED_MIN_CASES = 3;

export async function queue(deps: Deps, caller: StaffSession, f: z.output<typeof queueFilter>) {
  const now = deps.clock.now();
  // a search looks at every status unless some are chosen
  const statuses = f.status ?? (f.q ? [] : [...STAFF_QUEUE_STATUSES]);
  const rows = await repo.queuePage(deps.db, {
    statuses,
    clientType: f.clientType,
    margin: f.accountType === undefined ? undefined : f.accountType === 2,
    submittedBefore: f.minAgeHours === undefined ? undefined : new Date(now - f.minAgeHours * 3_600_000),
    amlHit: f.amlHit,
    faceBelow: f.faceBelow,
    claimedBy: f.mine ? caller.staff.staffId : undefined,
    free: f.free,
    search: f.q ? searchKeys(f.q) : undefined,
    limit: f.pageSize,
    offset: (f.page - 1) * f.pageSize,
  });
  const [counts, expectedHours] = [
    await repo.countsByStatus(deps.db, [...STAFF_QUEUE_STATUSES]),
    await repo.medianHoursInStatus(deps.db, [...STAFF_QUEUE_STATUSES], new Date(now - EXPECTED_DAYS * 86_400_000), EXPECTED_MIN_CASES),
  ];
  return { rows: rows.map(rowOf), total: rows[0]?.total ?? 0, counts, expectedHours };
}

async function queueRowOf(deps: Deps, appId: string): Promise<QueueRow> {
  const rows = await repo.queuePage(deps.db, { statuses: [], appId, limit: 1, offset: 0 });
  if (!rows[0]) throw new AppError(ErrorCode.NOT_FOUND);
  return rowOf(rows[0]);
}

export async function claim(deps: Deps, caller: StaffSession, appId: string): Promise<QueueRow> {
  const now = deps.clock.now();
  const at = new Date(now);
  if (!(await repo.applicationOpen(deps.db, appId))) throw new AppError(ErrorCode.NOT_FOUND);
  const ok = await repo.claim(deps.db, appId, caller.staff.staffId, at, new Date(now - STAFF_LIMITS.claimHours * 3_600_000));
  if (!ok) {
    const holder = await repo.claimOf(deps.db, appId);
    throw new AppError(ErrorCode.CASE_CLAIMED, { data: { by: holder?.display_name ?? '' } });
  }
  await audit(deps.db, { actor: `staff:${caller.staff.staffId}`, appId, action: 'staff.claim', at });
  return queueRowOf(deps, appId);
}

export async function release(deps: Deps, caller: StaffSession, appId: string): Promise<void> {
  const at = new Date(deps.clock.now());
  const holder = await repo.claimOf(deps.db, appId);
  if (!holder) return;
  if (holder.staff_id !== caller.staff.staffId && !staffMay(caller.staff.role, 'admin')) throw new AppError(ErrorCode.CASE_CLAIMED, { data: { by: holder.display_name } });
  await repo.release(deps.db, appId);
  await audit(deps.db, { actor: `staff:${caller.staff.staffId}`, appId, action: 'staff.release', detail: { heldBy: holder.staff_id }, at });
}
