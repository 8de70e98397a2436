/** Automatic currency exchange of a cash account. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import * as service from './service';

const exchangeRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'autoExchangeQuery', (input, request) => service.autoExchangeQuery(deps, request.user!.userId, input));
  route(app, 'autoExchangeChange', (input, request) => service.autoExchangeChange(deps, request.user!.userId, input));
};

export default exchangeRoutes;
