/** AML calls: ApplyAmlCheck (needs a login). */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { applyAmlCheck } from './service';

const amlRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, 'applyAmlCheck', (input, request) => applyAmlCheck(deps, request.user!.userId, input.appId));
};

export default amlRoutes;
