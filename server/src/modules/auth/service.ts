/**
 * Login by phone and verification code, login by the app's token, sessions.
 * Rules: a code is 6 digits, lives 5 minutes, is single-use and allows 5 tries; a phone gets one
 * code per 60 s (110112 with the seconds left) and 10 a day, an address 30 an hour (100429).
 * Sessions end after SESSION_IDLE_MINUTES without a call (100033) or SESSION_ABSOLUTE_HOURS
 * after login (100034); the session id lives only in the cookie, the database keeps its hash.
 * SendCode answers once the code's SMS is queued (a job hands it to the vendor: auth/sms-job.ts); 110113 when it cannot be.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DEVICE_ID_PATTERN } from '@core/domain/auth';
import { RETENTION } from '@core/domain/retention';
import {
  cipher,
  cleanPhone,
  CODES_PER_ADDRESS_PER_HOUR,
  CODES_PER_PHONE_PER_DAY,
  ErrorCode,
  isValidPhone,
  maskPhone,
  SEND_CODE_COOLDOWN_S,
  SESSION_TOUCH_S,
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_MAX_ATTEMPTS,
  VERIFY_CODE_TTL_S,
  type Lang,
  type UserView,
} from '@core/domain';
import { purgeDue } from '../../db/purge-due';
import { AppError } from '../../errors';
import type { AppDeps } from '../../plugins/context';
import { sealCode } from './sms-job';
import * as repo from './repository';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

const invalidPhone = (path: string) => new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path, message: 'invalid phone number' }] } });

export function hashCode(secret: string, salt: string, code: string): string {
  return createHmac('sha256', secret).update(`login-code|${salt}|${code}`).digest('base64url');
}

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function toUserView(u: repo.UserRow): UserView {
  return {
    userId: u.id,
    phoneMasked: maskPhone(u.phone),
    areaCode: u.area_code,
    subAcctId: u.sub_acct_id,
    clientStatus: u.client_status,
    hasApplication: u.app_id !== null,
    // the accounts are read by UserInfo for an opened user only (modules/accounts)
    clientInfo: { accts: [] },
  };
}

export async function sendCode(
  deps: AppDeps,
  input: { areaCode: string; value: string; lang: Lang },
  ip: string,
): Promise<{ salt: string; cooldownSeconds: number }> {
  const { db, clock, config } = deps;
  const phone = cleanPhone(input.value);
  if (!isValidPhone(input.areaCode, phone)) throw invalidPhone('value');
  const now = clock.now();

  const code = String(randomInt(0, 10 ** VERIFY_CODE_LENGTH)).padStart(VERIFY_CODE_LENGTH, '0');
  const salt = cipher.randomB64u(18);
  // check-then-insert under locks on the phone and the address: parallel sends cannot both pass the checks
  await db.transaction(async (tx) => {
    await repo.lockCodeSending(tx, input.areaCode, phone, ip);
    const last = await repo.lastCodeSentAt(tx, input.areaCode, phone);
    if (last) {
      const wait = Math.ceil((last.getTime() + SEND_CODE_COOLDOWN_S * 1000 - now) / 1000);
      if (wait > 0) throw new AppError(ErrorCode.CODE_TOO_FREQUENT, { data: { remainingSeconds: wait } });
    }
    const perPhone = await repo.countCodesForPhoneSince(tx, input.areaCode, phone, new Date(now - DAY));
    if (perPhone.n >= CODES_PER_PHONE_PER_DAY) {
      const retry = perPhone.oldest ? Math.max(1, Math.ceil((perPhone.oldest.getTime() + DAY - now) / 1000)) : DAY / 1000;
      throw new AppError(ErrorCode.RATE_LIMITED, { data: { scope: 'phone', retryAfterSeconds: retry } });
    }
    const perIp = await repo.countCodesForIpSince(tx, ip, new Date(now - HOUR));
    if (perIp.n >= CODES_PER_ADDRESS_PER_HOUR) {
      const retry = perIp.oldest ? Math.max(1, Math.ceil((perIp.oldest.getTime() + HOUR - now) / 1000)) : 3600;
      throw new AppError(ErrorCode.RATE_LIMITED, { data: { scope: 'address', retryAfterSeconds: retry } });
    }
    await repo.insertLoginCode(tx, {
      salt,
      areaCode: input.areaCode,
      phone,
      codeHash: hashCode(config.secrets.signingSecret, salt, code),
      ip,
      sentAt: new Date(now),
      expiresAt: new Date(now + VERIFY_CODE_TTL_S * 1000),
    });
  });
  try {
    // the SMS goes out as a job (auth/sms-job.ts: retried while the vendor refuses, never sent twice)
    await deps.jobs.send('sms.send', { salt, areaCode: input.areaCode, phone, lang: input.lang, sealedCode: sealCode(config.secrets.signingSecret, code) });
  } catch {
    // not queued: the cooldown must not hold the user back
    await repo.deleteLoginCode(db, salt);
    throw new AppError(ErrorCode.CODE_SEND_FAILED);
  }
  if (purgeDue(repo.purgeLoginCodes, now)) await repo.purgeLoginCodes(db, new Date(now - RETENTION.loginCodeDays * DAY));
  return { salt, cooldownSeconds: SEND_CODE_COOLDOWN_S };
}

export interface NewSession {
  sessionId: string;
  user: UserView;
  maxAgeSeconds: number;
  /** seconds until the session ends by idle time unless used (the page's hint cookie lasts that long) */
  idleSeconds: number;
}

/**
 * Writes the user (created when new), its last login and the new session in one transaction: a login refused at
 * any point writes nothing.
 */
async function openSession(
  deps: AppDeps,
  who: { areaCode: string; phone: string; subAcctId?: string },
  extra: { appSessionId?: string; subAcctId?: string } = {},
): Promise<NewSession> {
  const now = deps.clock.now();
  const sessionId = cipher.randomB64u(32);
  const maxAgeSeconds = deps.config.sessionAbsoluteHours * 3600;
  const user = await deps.db.transaction(async (tx) => {
    const row = await repo.loginUser(tx, { id: cipher.randomB64u(12), areaCode: who.areaCode, phone: who.phone, at: new Date(now), subAcctId: who.subAcctId });
    await repo.insertSession(tx, {
      idHash: hashSessionId(sessionId),
      userId: row.id,
      at: new Date(now),
      absoluteExpiresAt: new Date(now + maxAgeSeconds * 1000),
      ...extra,
    });
    return row;
  });
  if (purgeDue(repo.purgeSessions, now)) await repo.purgeSessions(deps.db, new Date(now), new Date(now - deps.config.sessionIdleMinutes * 60_000));
  return { sessionId, user: toUserView(user), maxAgeSeconds, idleSeconds: Math.min(maxAgeSeconds, deps.config.sessionIdleMinutes * 60) };
}

export async function loginWithCode(deps: AppDeps, input: { areaCode: string; phone: string; code: string; salt: string }): Promise<NewSession> {
  const { db, clock, config } = deps;
  const phone = cleanPhone(input.phone);
  if (!isValidPhone(input.areaCode, phone)) throw invalidPhone('phone');
  const now = new Date(clock.now());
  const row = await repo.takeCodeAttempt(db, input.salt, now, VERIFY_CODE_MAX_ATTEMPTS);
  // a code used up, expired, used already or sent to another phone: no tries left (the client offers a new code)
  const usedUp = () => new AppError(ErrorCode.CODE_WRONG, { data: { attemptsLeft: 0 } });
  if (!row || row.area_code !== input.areaCode || row.phone !== phone) throw usedUp();
  if (!sameText(row.code_hash, hashCode(config.secrets.signingSecret, input.salt, input.code))) {
    throw new AppError(ErrorCode.CODE_WRONG, { data: { attemptsLeft: Math.max(0, VERIFY_CODE_MAX_ATTEMPTS - row.attempts) } });
  }
  if (!(await repo.markCodeUsed(db, input.salt, now))) throw usedUp();
  return openSession(deps, { areaCode: input.areaCode, phone });
}

export async function loginWithAppToken(deps: AppDeps, input: { t: string; subAccountId?: string; sessionId?: string }): Promise<NewSession> {
  const claims = await deps.vendors.appToken.verify(input.t, deps.clock.now());
  if (!claims) throw new AppError(ErrorCode.TOKEN_INVALID);
  if (input.subAccountId && claims.subAcctId && input.subAccountId !== claims.subAcctId) throw new AppError(ErrorCode.TOKEN_INVALID);
  // only the token's own claim is kept: the client's subAccountId is checked against it, never stored
  return openSession(deps, { areaCode: claims.areaCode, phone: claims.phone, subAcctId: claims.subAcctId }, { appSessionId: input.sessionId, subAcctId: claims.subAcctId });
}

/**
 * A session for an existing user whose account the app's page ticket named (the ticket is checked by the caller,
 * server/src/modules/page-tickets/service.ts); null when the user is gone.
 */
export async function loginAccountOwner(deps: AppDeps, userId: string): Promise<NewSession | null> {
  const u = await repo.findUserById(deps.db, userId);
  if (!u) return null;
  return openSession(deps, { areaCode: u.area_code, phone: u.phone });
}

export interface SessionUser {
  user: repo.UserRow;
  sessionHash: string;
  /**
   * Set when this call moved the idle clock on: the seconds until the session now ends, by idle time or by its
   * absolute end, whichever comes first (the hint cookie is given that lifetime again).
   */
  slidSeconds?: number;
}

/** The user of a session cookie, refreshing its idle clock; throws 100008/100033/100034. */
export async function resolveSession(deps: AppDeps, sessionId: string | undefined): Promise<SessionUser> {
  if (!sessionId || sessionId.length > 128) throw new AppError(ErrorCode.LOGIN_EXPIRED);
  const { db, clock, config } = deps;
  const hash = hashSessionId(sessionId);
  const found = await repo.findSessionUser(db, hash);
  if (!found) throw new AppError(ErrorCode.LOGIN_EXPIRED);
  const { s_last_seen_at: lastSeen, s_absolute_expires_at: absoluteEnd, ...user } = found;
  const now = clock.now();
  if (now >= absoluteEnd.getTime()) {
    await repo.deleteSession(db, hash);
    throw new AppError(ErrorCode.SESSION_ABSOLUTE);
  }
  if (now - lastSeen.getTime() > config.sessionIdleMinutes * 60_000) {
    await repo.deleteSession(db, hash);
    throw new AppError(ErrorCode.SESSION_IDLE);
  }
  // a read writes nothing: the idle clock is moved on at most once a minute (SESSION_TOUCH_S)
  if (now - lastSeen.getTime() < SESSION_TOUCH_S * 1000) return { user, sessionHash: hash };
  await repo.touchSession(db, hash, new Date(now));
  const ends = Math.min(now + config.sessionIdleMinutes * 60_000, absoluteEnd.getTime());
  return { user, sessionHash: hash, slidSeconds: Math.max(1, Math.floor((ends - now) / 1000)) };
}

/** A user's area code and masked phone (what a screen may show of whose account something is); null when gone. */
export async function userContact(db: AppDeps['db'], userId: string): Promise<{ areaCode: string; phoneMasked: string } | null> {
  const u = await repo.findUserById(db, userId);
  return u ? { areaCode: u.area_code, phoneMasked: maskPhone(u.phone) } : null;
}

/** Whether the session of this hash lives (not ended, idle or past its absolute end), without moving its idle clock. */
export async function sessionLives(deps: AppDeps, idHash: string): Promise<boolean> {
  const found = await repo.findSessionUser(deps.db, idHash);
  if (!found) return false;
  const now = deps.clock.now();
  return now < found.s_absolute_expires_at.getTime() && now - found.s_last_seen_at.getTime() <= deps.config.sessionIdleMinutes * 60_000;
}

export async function endSession(deps: AppDeps, sessionId: string | undefined): Promise<void> {
  if (sessionId && sessionId.length <= 128) await repo.deleteSession(deps.db, hashSessionId(sessionId));
}


/**
 * The browser's device id at a login (DEVICE_COOKIE): the one it carries when well-formed, else a new random one
 * (returned as `given` for the cookie); recorded against the user as its hash (the review desk's duplicate signal).
 */
export async function rememberDevice(deps: Pick<AppDeps, 'db' | 'clock'>, carried: string | undefined, userId: string): Promise<{ deviceId: string; given: boolean }> {
  const keep = !!carried && DEVICE_ID_PATTERN.test(carried);
  const deviceId = keep ? carried : randomBytes(16).toString('base64url');
  await repo.recordDevice(deps.db, createHash('sha256').update(deviceId).digest('hex'), userId, new Date(deps.clock.now()));
  return { deviceId, given: !keep };
}
