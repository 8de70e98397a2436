/** Stock transfer-in (issue 13): the application's requests and filing one. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import * as service from './service';

const transferInRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'transferInList', (input, request) => service.list(deps, request.user!.userId, input));
  route(app, 'transferInApply', (input, request) => service.apply(deps, request.user!.userId, input));
};

export default transferInRoutes;
