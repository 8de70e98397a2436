/**
 * The app's page ticket (issue 13): the app opens an after-opening page of its own (pages/investorIdentifier.html,
 * pages/improveInfo.html) with `?ticket=…` instead of its long-lived login token. A ticket is
 * `base64url(JSON {subAcctId, page, exp}) + "." + base64url(HMAC-SHA256(APP_TOKEN_SECRET, "page-ticket." + body))`,
 * valid for at most PAGE_TICKET_MAX_S, for one page and one account, and logs the account's owner in for one session:
 * a second session presenting it is refused ('used'). In a browser the page needs no ticket: the session suffices.
 * The MAC's prefix keeps a login token or a trade ticket from passing as a page ticket and the other way round.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode, PAGE_TICKET_MAX_S, ACCOUNT_PAGE_NAMES, type AccountPage, type Req, type TicketReason, type UserView } from '@core/domain';
import { AppError } from '../../errors';
import type { AppDeps } from '../../plugins/context';
import { endSession, hashSessionId, loginAccountOwner, resolveSession, toUserView } from '../auth';
import { accountOwner } from '../accounts';
import { accountViews } from '../accounts';
import * as repo from './repository';

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(`page-ticket.${body}`).digest('base64url');
const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export function signPageTicket(secret: string, claims: { subAcctId: string; page: AccountPage }, nowMs: number, ttlS = PAGE_TICKET_MAX_S): string {
  const body = Buffer.from(JSON.stringify({ subAcctId: claims.subAcctId, page: claims.page, exp: Math.floor(nowMs / 1000) + ttlS })).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

export type TicketCheck = { ok: true; subAcctId: string; page: AccountPage; exp: number } | { ok: false; reason: TicketReason };

/** The ticket's claims, or why it is refused: forged, malformed or for another page ('invalid'), expired or too long-lived ('expired'). */
export function checkPageTicket(secret: string, ticket: string, page: string, nowMs: number): TicketCheck {
  const invalid = { ok: false, reason: 'invalid' } as const;
  const [body, sig, extra] = ticket.split('.');
  if (!body || !sig || extra !== undefined || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return invalid;
  if (!timingSafeEqual(Buffer.from(sig), Buffer.from(mac(secret, body)))) return invalid;
  let claims: { subAcctId?: unknown; page?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return invalid;
  }
  if (typeof claims.subAcctId !== 'string' || typeof claims.exp !== 'number' || claims.page !== page || !ACCOUNT_PAGE_NAMES.includes(page as AccountPage)) return invalid;
  const left = claims.exp * 1000 - nowMs;
  // a ticket made to live longer than the rule allows is no ticket of the app's
  if (left > PAGE_TICKET_MAX_S * 1000) return invalid;
  if (left <= 0) return { ok: false, reason: 'expired' };
  return { ok: true, subAcctId: claims.subAcctId, page: page as AccountPage, exp: claims.exp };
}

const refuse = (reason: TicketReason) => new AppError(ErrorCode.PAGE_TICKET_INVALID, { data: { reason } });

export interface TicketLogin {
  /** a new session to set (null: the caller's session is the owner's and stays) */
  newSession: { sessionId: string; maxAgeSeconds: number; idleSeconds: number } | null;
  user: UserView;
  subAcctId: string;
}

/**
 * Logs the ticket's account owner in: keeps the caller's session when it is the owner's, else opens one (the
 * caller's other session is ended by the route once the new one exists). Every refusal is 152201 with its reason.
 */
export async function ticketLogin(deps: AppDeps, req: Req<'pageTicketLogin'>, cookieSession: string | undefined): Promise<TicketLogin> {
  const now = deps.clock.now();
  const check = checkPageTicket(deps.config.secrets.appTokenSecret, req.ticket, req.page, now);
  if (!check.ok) throw refuse(check.reason);
  const owner = (await accountOwner(deps.db, check.subAcctId))?.user_id;
  if (!owner) throw refuse('invalid');
  const ticket = { ticketHash: hashTicket(req.ticket), subAcctId: check.subAcctId, page: check.page, expiresAt: new Date(check.exp * 1000) };
  const current = cookieSession ? await resolveSession(deps, cookieSession).catch(() => null) : null;
  if (current && current.user.id === owner) {
    if (!(await repo.useTicket(deps.db, { ...ticket, sessionHash: current.sessionHash }))) throw refuse('used');
    return { newSession: null, user: { ...toUserView(current.user), clientInfo: { accts: await accountViews(deps.db, owner) } }, subAcctId: check.subAcctId };
  }
  // claimed before the session is made: a second request with the same ticket finds it taken
  const claim = `pending.${hashTicket(`${req.ticket}.${now}.${Math.random()}`)}`;
  if (!(await repo.useTicket(deps.db, { ...ticket, sessionHash: claim }))) throw refuse('used');
  const s = await loginAccountOwner(deps, owner);
  if (!s) throw refuse('invalid');
  await repo.moveTicket(deps.db, ticket.ticketHash, hashSessionId(s.sessionId));
  if (cookieSession) await endSession(deps, cookieSession);
  await repo.purgeTickets(deps.db, new Date(now - 24 * 3600_000));
  return { newSession: { sessionId: s.sessionId, maxAgeSeconds: s.maxAgeSeconds, idleSeconds: s.idleSeconds }, user: { ...s.user, clientInfo: { accts: await accountViews(deps.db, owner) } }, subAcctId: check.subAcctId };
}

