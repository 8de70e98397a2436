/** Login calls: SendCode, Login, TokenLogin, Logout (public), UserInfo, and ReloginSendCode / Relogin (the session's own user again). */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { OK } from '../../plugins/reply';
import { clearSessionCookies, SESSION_COOKIE } from './require-user';
import * as service from './service';
import { startSession, withAccounts } from './start-session';

const authRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, 'sendCode', (input, request) => service.sendCode(deps, { areaCode: input.areaCode, value: input.value, lang: request.lang }, request.ip));

  // a refused login changes nothing: the session the caller had is ended only once the new one exists
  route(app, 'login', async (input, request, reply) => startSession(request, reply, await service.loginWithCode(deps, input)));

  // log in again as the session's own user (its phone from the session: the screen shows it masked, filled in)
  route(app, 'reloginSendCode', async (_input, request) => {
    const me = request.user!;
    const sent = await service.sendCode(deps, { areaCode: me.areaCode, value: me.phone, lang: request.lang }, request.ip);
    return { ...sent, areaCode: me.areaCode, phoneMasked: me.view.phoneMasked };
  });
  route(app, 'relogin', async (input, request, reply) =>
    startSession(request, reply, await service.loginWithCode(deps, { areaCode: request.user!.areaCode, phone: request.user!.phone, code: input.code, salt: input.salt })),
  );

  route(app, 'tokenLogin', async (input, request, reply) => startSession(request, reply, await service.loginWithAppToken(deps, input)));

  // public by design: it ends whatever session the cookie names (an expired one too) and always succeeds
  route(app, 'logout', async (_input, request, reply) => {
    await service.endSession(deps, request.cookies[SESSION_COOKIE]);
    clearSessionCookies(reply);
    return OK;
  });

  // an opened user's accounts are one more statement (none before opening)
  route(app, 'userInfo', (_input, request) => withAccounts(deps.db, request.user!.view));
};

export default authRoutes;
