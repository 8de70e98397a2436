/**
 * A login's reply, whichever way the user logged in (a code, the app's token, a computer's hand-off): the caller's
 * earlier session ends once the new one exists, the cookies are set, the browser's device is remembered, and the
 * answer is the client's UserInfo (an opened user's accounts in it too).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from '@core/domain/auth';
import { cookieOptions, SESSION_COOKIE, setSessionCookies } from './require-user';
import * as service from './service';
import { accountViews } from '../accounts';

export async function startSession(request: FastifyRequest, reply: FastifyReply, s: service.NewSession) {
  await service.endSession(request.server.deps, request.cookies[SESSION_COOKIE]);
  setSessionCookies(request, reply, s.sessionId, s.maxAgeSeconds, s.idleSeconds);
  await rememberDevice(request, reply, s.user.userId);
  // the answer is the client's UserInfo until it asks again: an opened user's accounts are in it too
  return withAccounts(request.server.deps.db, s.user);
}

/** The browser's device id (DEVICE_COOKIE, two years): recorded against the user, given to a browser without one. */
async function rememberDevice(request: FastifyRequest, reply: FastifyReply, userId: string) {
  const r = await service.rememberDevice(request.server.deps, request.cookies[DEVICE_COOKIE], userId);
  if (r.given) reply.setCookie(DEVICE_COOKIE, r.deviceId, cookieOptions(request, DEVICE_COOKIE_DAYS * 86_400));
}

export async function withAccounts(db: Parameters<typeof accountViews>[0], view: service.NewSession['user']) {
  return view.subAcctId ? { ...view, clientInfo: { accts: await accountViews(db, view.userId) } } : view;
}
