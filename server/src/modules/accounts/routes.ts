/** After opening: the user-centre ids of an account, its automatic currency exchange, its trading password, its updates and its upgrade to margin. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import * as margin from './margin';
import * as service from './service';
import * as tradePassword from './trade-password';
import * as updates from './updates';
import * as hkIdentifier from './hk-identifier';
import * as improveInfo from './improve-info';
import { ticketLogin } from './page-ticket';
import { SESSION_COOKIE, setSessionCookies } from '../auth/require-user';

const accountRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'hlInfoBySubId', (input, request) => service.hlInfo(deps, request.user!.userId, input));
  route(app, 'autoExchangeQuery', (input, request) => service.autoExchangeQuery(deps, request.user!.userId, input));
  route(app, 'autoExchangeChange', (input, request) => service.autoExchangeChange(deps, request.user!.userId, input));
  const caller = (request: { user?: { userId: string; sessionHash: string } | null }) => ({ userId: request.user!.userId, sessionHash: request.user!.sessionHash });
  route(app, 'tradePasswordStatus', (input, request) => tradePassword.status(deps, caller(request), input));
  route(app, 'tradePasswordSet', (input, request) => tradePassword.set(deps, caller(request), input));
  route(app, 'tradePasswordVerify', (input, request) => tradePassword.verify({ ...deps, ticketSecret: deps.config.secrets.appTokenSecret }, caller(request), input));
  route(app, 'clientApplys', (input, request) => updates.applys(deps, caller(request), input));
  route(app, 'clientApply', (input, request) => updates.apply(deps, caller(request), input));
  route(app, 'clientUpdate', (input, request) => updates.update(deps, caller(request), input));
  route(app, 'clientSubmit', (input, request) => updates.submit(deps, caller(request), input));
  route(app, 'clientUpdateNotice', (input, request) => updates.noticeSeen(deps, caller(request), input));
  route(app, 'marginUpgradeQuery', (input, request) => margin.query(deps, caller(request), input));
  route(app, 'marginUpgradeApply', (input, request) => margin.apply(deps, caller(request), input));
  // the after-opening pages of their own: the app's page ticket, the HK investor identifier, the improve-info request
  route(app, 'pageTicketLogin', async (input, request, reply) => {
    const r = await ticketLogin(deps, input, request.cookies[SESSION_COOKIE]);
    if (r.newSession) setSessionCookies(request, reply, r.newSession.sessionId, r.newSession.maxAgeSeconds);
    return { user: r.user, subAcctId: r.subAcctId };
  });
  route(app, 'hkIdentifierInfo', (input, request) => hkIdentifier.info(deps, caller(request), input));
  route(app, 'hkIdentifierSign', (input, request) => hkIdentifier.sign(deps, caller(request), input));
  route(app, 'improveInfoDetail', (input, request) => improveInfo.detail(deps, caller(request), input));
  route(app, 'improveInfoSubmit', (input, request) => improveInfo.submit(deps, caller(request), input));
};

export default accountRoutes;
