/** The app's page ticket: an after-opening page of the app's own logs the account's owner in for one session. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { SESSION_COOKIE, setSessionCookies } from '../auth';
import { ticketLogin } from './service';

const pageTicketRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'pageTicketLogin', async (input, request, reply) => {
    const r = await ticketLogin(deps, input, request.cookies[SESSION_COOKIE]);
    if (r.newSession) setSessionCookies(request, reply, r.newSession.sessionId, r.newSession.maxAgeSeconds, r.newSession.idleSeconds);
    return { user: r.user, subAcctId: r.subAcctId };
  });
};

export default pageTicketRoutes;
