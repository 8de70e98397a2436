/** Application calls: area type, application check, start, switch, detail, update, statement step, submit. */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CALLS, schemas } from '@core/domain';
import { resultOf } from '../../plugins/reply';
import { requireUser } from '../auth/require-user';
import * as service from './service';

const applicationRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { ipgeo } = deps.vendors;
  const guarded = { preHandler: requireUser };
  const tags = ['application'];
  const security = [{ session: [] }];

  app.get(CALLS.areaType.path, { ...guarded, schema: { tags, security, response: { 200: resultOf(schemas.areaType.res) } } }, async (request) => ({
    result: await service.areaType(deps, request.user!.userId),
  }));

  app.get(CALLS.applyCheck.path, { ...guarded, schema: { tags, security, response: { 200: resultOf(schemas.applyCheck.res) } } }, async (request) => ({
    result: await service.applyCheck(deps, request.user!.userId),
  }));

  app.post(
    CALLS.applyStart.path,
    { ...guarded, schema: { tags, security, body: schemas.applyStart.req, response: { 200: resultOf(schemas.applyStart.res) } } },
    async (request) => ({ result: await service.start(deps, request.user!.userId, request.body, () => ipgeo.locate(request.ip)) }),
  );

  app.post(
    CALLS.applySwitch.path,
    { ...guarded, schema: { tags, security, body: schemas.applySwitch.req, response: { 200: resultOf(schemas.applySwitch.res) } } },
    async (request) => ({ result: await service.switchType(deps, request.user!.userId, request.body, () => ipgeo.locate(request.ip)) }),
  );

  app.get(
    CALLS.applyDetail.path,
    { ...guarded, schema: { tags, security, querystring: schemas.applyDetail.req, response: { 200: resultOf(schemas.applyDetail.res) } } },
    async (request) => ({ result: await service.detail(deps, request.user!.userId, request.query.appId) }),
  );

  app.post(
    CALLS.applyUpdate.path,
    { ...guarded, schema: { tags, security, body: schemas.applyUpdate.req, response: { 200: resultOf(schemas.applyUpdate.res) } } },
    async (request) => ({ result: await service.update(deps, request.user!.userId, request.body) }),
  );

  app.post(
    CALLS.applyStatementStep.path,
    { ...guarded, schema: { tags, security, body: schemas.applyStatementStep.req, response: { 200: resultOf(schemas.applyStatementStep.res) } } },
    async (request) => ({ result: await service.statementStep(deps, request.user!.userId, request.body) }),
  );

  app.post(
    CALLS.applySubmit.path,
    { ...guarded, schema: { tags, security, body: schemas.applySubmit.req, response: { 200: resultOf(schemas.applySubmit.res) } } },
    async (request) => ({ result: await service.submit(deps, request.user!.userId, request.body) }),
  );
};

export default applicationRoutes;
