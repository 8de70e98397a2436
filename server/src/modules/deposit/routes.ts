/** After-submission calls: the receiving accounts, the deposit notice, the professional-person verification. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import * as service from './service';
import { witness } from './witness';

const depositRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'depositInfo', () => service.info(deps.config));
  route(app, 'depositNotice', (input, request) => service.notice(deps, request.user!.userId, input));
  route(app, 'applyWitness', (input, request) => witness(deps, request.user!.userId, input));
};

export default depositRoutes;
