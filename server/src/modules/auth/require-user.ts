/**
 * `preHandler: requireUser` on any route that needs a logged-in user: sets request.user or
 * answers 100008 (no/unknown session), 100033 (idle expiry), 100034 (absolute expiry), clearing the cookies; any other
 * failure (the database not answering: 503 100502) keeps them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
// the cookie plugin's types (request.cookies, reply.setCookie), also where this file is checked without app.ts
import type {} from '@fastify/cookie';
import { LOGIN_EXPIRED_CODES, SESSION_HINT_COOKIE } from '@core/domain';
import { AppError } from '../../errors';
import { resolveSession, toUserView } from './service';

export const SESSION_COOKIE = 'esop_sid';

/**
 * Sets the session cookie (for the session's absolute lifetime) and its readable hint (see SESSION_HINT_COOKIE) for as
 * long as the session lasts unused: the idle time. Each call that moves the session's idle clock on gives the hint
 * that time again (requireUser), so a session that ended by idle time has lost its hint too, and the next cold load
 * paints the login rather than a signed-in screen the service will refuse.
 */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, sessionId: string, maxAgeSeconds: number, hintSeconds: number): void {
  reply.setCookie(SESSION_COOKIE, sessionId, cookieOptions(request, maxAgeSeconds));
  setHintCookie(request, reply, hintSeconds);
}

function setHintCookie(request: FastifyRequest, reply: FastifyReply, seconds: number): void {
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...cookieOptions(request, seconds), httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply): void {
  const { secure, sameSite } = cookieOptions(reply.request, 0);
  reply.clearCookie(SESSION_COOKIE, { path: '/', secure, sameSite, httpOnly: true });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', secure, sameSite });
}

export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  try {
    const { user, sessionHash, slidSeconds } = await resolveSession(request.server.deps, request.cookies[SESSION_COOKIE]);
    request.user = { userId: user.id, areaCode: user.area_code, phone: user.phone, subAcctId: user.sub_acct_id, sessionHash, view: toUserView(user) };
    if (slidSeconds !== undefined) setHintCookie(request, reply, slidSeconds);
  } catch (err) {
    // only an ended or unknown session loses its cookies: a database that cannot be reached answers 503 "try again"
    // (errors.ts UnavailableError) and the session, still in the database, goes on afterwards
    if (err instanceof AppError && LOGIN_EXPIRED_CODES.includes(err.code)) clearSessionCookies(reply);
    throw err;
  }
}

/** Secure in production (TLS may end at a proxy that TRUST_PROXY does not name) and on any HTTPS request. */
export function cookieOptions(request: FastifyRequest, maxAgeSeconds: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.server.deps.config.production || request.protocol === 'https',
    maxAge: maxAgeSeconds,
  };
}
