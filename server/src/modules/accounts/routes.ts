/** After opening: the user-centre ids of an account and its automatic currency exchange. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import * as service from './service';

const accountRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'hlInfoBySubId', (input, request) => service.hlInfo(deps, request.user!.userId, input));
  route(app, 'autoExchangeQuery', (input, request) => service.autoExchangeQuery(deps, request.user!.userId, input));
  route(app, 'autoExchangeChange', (input, request) => service.autoExchangeChange(deps, request.user!.userId, input));
};

export default accountRoutes;
