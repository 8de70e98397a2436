/**
 * The trading password that guards editing an account's information (issue 13): kept only as a scrypt hash (N 2^15,
 * r 8, p 1, 16-byte salt); TRADE_PASSWORD_LOCK.tries wrong tries in a row lock it for TRADE_PASSWORD_LOCK.minutes
 * (the password is not even checked while locked). A correct one lets the session that gave it edit the account for
 * TRADE_VERIFIED_MINUTES. In the app the bridge's secure keyboard collects the password and the page sends it here,
 * so the rule is the service's in both cases.
 */
import { createHmac, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ErrorCode, TRADE_PASSWORD_LOCK, TRADE_VERIFIED_MINUTES, checkTradePassword, isRecentLogin, type Req, type Res } from '@core/domain';
import type { Db } from '../../db';
import { audit } from '../../db/audit';
import { AppError } from '../../errors';
import { mine, type AccountDeps, type Caller } from '../accounts';
import * as repo from './repository';

const LOG_N = 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;

function scrypt(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const opts: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 128 * 2 ** logN * r * 2 };
  return new Promise((resolve, reject) => scryptCb(password, salt, KEY_BYTES, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashTradePassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, LOG_N, R, P);
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function tradePasswordMatches(password: string, stored: string): Promise<boolean> {
  const [kind, logN, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const got = await scrypt(password, Buffer.from(salt, 'base64url'), Number(logN), Number(r), Number(p));
  return got.length === expected.length && timingSafeEqual(got, expected);
}

async function markVerified(db: Db, sessionHash: string, subAcctId: string, now: Date): Promise<Date> {
  const until = new Date(now.getTime() + TRADE_VERIFIED_MINUTES * 60_000);
  await repo.upsertVerification(db, sessionHash, subAcctId, until);
  return until;
}

export async function status(deps: AccountDeps, who: Caller, req: Req<'tradePasswordStatus'>): Promise<Res<'tradePasswordStatus'>> {
  const now = new Date(deps.clock.now());
  await mine(deps.db, who.userId, req.subAcctId);
  const pw = await repo.passwordOf(deps.db, req.subAcctId);
  const locked = pw?.locked_until && pw.locked_until > now ? pw.locked_until : null;
  const until = await repo.verifiedUntil(deps.db, who.sessionHash, req.subAcctId, now);
  // told before the password is typed: setting the first one needs a recent login (the same rule as set's)
  const loginNeeded = !pw && !isRecentLogin(await repo.sessionCreatedAt(deps.db, who.sessionHash), now);
  return { set: !!pw, lockedUntil: locked?.toISOString() ?? null, verifiedUntil: until?.toISOString() ?? null, loginNeeded };
}

/** The account's first trading password (a second one is 152002: the old one is changed elsewhere, not here). */
export async function set(deps: AccountDeps, who: Caller, req: Req<'tradePasswordSet'>): Promise<Res<'tradePasswordSet'>> {
  const rule = checkTradePassword(req.password);
  if (rule) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'password', message: rule }] } });
  const hash = await hashTradePassword(req.password);
  const now = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const acct = await mine(tx, who.userId, req.subAcctId, true);
    if (await repo.passwordOf(tx, acct.sub_acct_id)) throw new AppError(ErrorCode.TRADE_PASSWORD_SET);
    // a stolen session cookie must not be enough to set the password that guards the account's details
    const loggedInAt = await repo.sessionCreatedAt(tx, who.sessionHash);
    if (!isRecentLogin(loggedInAt, now)) throw new AppError(ErrorCode.RECENT_LOGIN_NEEDED);
    await repo.insertPassword(tx, acct.sub_acct_id, hash, now);
    await audit(tx, { actor: `user:${who.userId}`, userId: who.userId, appId: acct.app_id, action: 'account.tradePassword.set', detail: { subAcctId: acct.sub_acct_id }, at: now });
    const until = await markVerified(tx, who.sessionHash, acct.sub_acct_id, now);
    return { verifiedUntil: until.toISOString() };
  });
}

export async function verify(deps: AccountDeps & { ticketSecret: string }, who: Caller, req: Req<'tradePasswordVerify'>): Promise<Res<'tradePasswordVerify'>> {
  const now = new Date(deps.clock.now());
  if (req.ticket !== undefined) {
    // the app checked the password itself: a forged, expired or another account's ticket is refused like another's account
    const ticket = req.ticket;
    return deps.db.transaction(async (tx) => {
      const acct = await mine(tx, who.userId, req.subAcctId);
      if (tradeTicketAccount(deps.ticketSecret, ticket, now.getTime()) !== acct.sub_acct_id) throw new AppError(ErrorCode.FORBIDDEN);
      const until = await markVerified(tx, who.sessionHash, acct.sub_acct_id, now);
      return { verifiedUntil: until.toISOString() };
    });
  }
  const password = req.password ?? '';
  // the hash (tens of ms, 32 MB) is computed outside any transaction: on PGlite a transaction holds the whole database
  const acct0 = await mine(deps.db, who.userId, req.subAcctId);
  const pw0 = await repo.passwordOf(deps.db, acct0.sub_acct_id);
  if (!pw0) throw new AppError(ErrorCode.TRADE_PASSWORD_NEEDED, { data: { set: false } });
  const lockedFor = (until: Date | null) => (until && until > now ? Math.ceil((until.getTime() - now.getTime()) / 1000) : 0);
  if (lockedFor(pw0.locked_until)) throw new AppError(ErrorCode.TRADE_PASSWORD_LOCKED, { data: { retryAfterSeconds: lockedFor(pw0.locked_until) } });
  const matches = await tradePasswordMatches(password, pw0.hash);
  return deps.db
    .transaction(async (tx) => {
      const acct = await mine(tx, who.userId, req.subAcctId, true);
      const pw = await repo.passwordOf(tx, acct.sub_acct_id, true);
      if (!pw) throw new AppError(ErrorCode.TRADE_PASSWORD_NEEDED, { data: { set: false } });
      // another try locked it meanwhile: refused unchecked, as any try while locked
      if (lockedFor(pw.locked_until)) throw new AppError(ErrorCode.TRADE_PASSWORD_LOCKED, { data: { retryAfterSeconds: lockedFor(pw.locked_until) } });
      if (matches && pw.hash === pw0.hash) {
        await repo.setFailures(tx, acct.sub_acct_id, 0, null);
        const until = await markVerified(tx, who.sessionHash, acct.sub_acct_id, now);
        return { verifiedUntil: until.toISOString() };
      }
      const failed = pw.failed + 1;
      const lock = failed >= TRADE_PASSWORD_LOCK.tries;
      const lockedUntil = lock ? new Date(now.getTime() + TRADE_PASSWORD_LOCK.minutes * 60_000) : null;
      await repo.setFailures(tx, acct.sub_acct_id, lock ? 0 : failed, lockedUntil);
      await audit(tx, { actor: `user:${who.userId}`, userId: who.userId, appId: acct.app_id, action: lock ? 'account.tradePassword.locked' : 'account.tradePassword.wrong', detail: { subAcctId: acct.sub_acct_id }, at: now });
      // the refusal is committed (the transaction ends normally) and told after it
      return { wrong: true as const, lock, triesLeft: TRADE_PASSWORD_LOCK.tries - failed };
    })
    .then((r) => {
      if (!('wrong' in r)) return r;
      if (r.lock) throw new AppError(ErrorCode.TRADE_PASSWORD_LOCKED, { data: { retryAfterSeconds: TRADE_PASSWORD_LOCK.minutes * 60 } });
      throw new AppError(ErrorCode.TRADE_PASSWORD_WRONG, { data: { triesLeft: r.triesLeft } });
    });
}

/** For the update calls: the session verified the trading password of the account within TRADE_VERIFIED_MINUTES, else 152005. */
export async function requireVerified(db: Db, who: Caller, subAcctId: string, now: Date): Promise<void> {
  if (!(await repo.verifiedUntil(db, who.sessionHash, subAcctId, now))) throw new AppError(ErrorCode.TRADE_PASSWORD_NEEDED, { data: { set: !!(await repo.passwordOf(db, subAcctId)) } });
}

// ---------------------------------------------------------------- the app's ticket

/**
 * In the app, the trade password is checked by the app itself (bridge.tradePassword) and the page gets a ticket:
 * `base64url(JSON {subAcctId, exp}) + "." + base64url(HMAC-SHA256(APP_TOKEN_SECRET, "trade-ticket." + body))`, valid
 * for at most TICKET_MAX_S. The MAC's prefix keeps a login token from passing as a ticket and the other way round.
 */
export const TICKET_MAX_S = 300;
const ticketMac = (secret: string, body: string) => createHmac('sha256', secret).update(`trade-ticket.${body}`).digest('base64url');

export function signTradeTicket(secret: string, subAcctId: string, nowMs: number, ttlS = TICKET_MAX_S): string {
  const body = Buffer.from(JSON.stringify({ subAcctId, exp: Math.floor(nowMs / 1000) + ttlS })).toString('base64url');
  return `${body}.${ticketMac(secret, body)}`;
}

/** The sub-account a ticket was made for, or null when it is malformed, forged, expired or too long-lived. */
export function tradeTicketAccount(secret: string, ticket: string, nowMs: number): string | null {
  const [body, sig, extra] = ticket.split('.');
  if (!body || !sig || extra !== undefined || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return null;
  const expected = Buffer.from(ticketMac(secret, body));
  if (!timingSafeEqual(Buffer.from(sig), expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { subAcctId?: unknown; exp?: unknown };
    if (typeof claims.subAcctId !== 'string' || typeof claims.exp !== 'number') return null;
    const left = claims.exp * 1000 - nowMs;
    return left > 0 && left <= TICKET_MAX_S * 1000 ? claims.subAcctId : null;
  } catch {
    return null;
  }
}
