import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CALLS, schemas } from '@core/domain';
import { rateLimit } from '../../plugins/rate-limit';
import { OK, okSchema, resultOf } from '../../plugins/reply';
import { route } from '../../plugins/route';
import { clearSessionCookies, SESSION_COOKIE, setSessionCookies } from './require-user';
import * as service from './service';

function startSession(request: FastifyRequest, reply: FastifyReply, s: service.NewSession) {
  setSessionCookies(request, reply, s.sessionId, s.maxAgeSeconds);
  return { result: s.user };
}

const authRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.post(CALLS.sendCode.path, { schema: { tags: ['auth'], body: schemas.sendCode.req, response: { 200: resultOf(schemas.sendCode.res) } } }, async (request) => ({
    result: await service.sendCode(deps, { areaCode: request.body.areaCode, value: request.body.value, lang: request.lang }, request.ip),
  }));

  app.post(CALLS.login.path, { schema: { tags: ['auth'], body: schemas.login.req, response: { 200: resultOf(schemas.login.res) } } }, async (request, reply) => {
    await service.endSession(deps, request.cookies[SESSION_COOKIE]);
    return startSession(request, reply, await service.loginWithCode(deps, request.body));
  });

  app.post(CALLS.tokenLogin.path, { preHandler: rateLimit('tokenLogin'), schema: { tags: ['auth'], body: schemas.tokenLogin.req, response: { 200: resultOf(schemas.tokenLogin.res) } } }, async (request, reply) => {
    await service.endSession(deps, request.cookies[SESSION_COOKIE]);
    return startSession(request, reply, await service.loginWithAppToken(deps, request.body));
  });

  app.post(CALLS.logout.path, { schema: { tags: ['auth'], response: { 200: resultOf(okSchema) } } }, async (request, reply) => {
    await service.endSession(deps, request.cookies[SESSION_COOKIE]);
    clearSessionCookies(reply);
    return { result: OK };
  });

  route(app, 'userInfo', (_input, request) => service.userInfo(deps, request.user!.userId));
};

export default authRoutes;
