/** Deposit calls: the receiving accounts and the deposit notice. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import * as service from './service';

const depositRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'depositInfo', () => service.info(deps.config));
  route(app, 'depositNotice', (input, request) => service.notice(deps, request.user!.userId, input));
};

export default depositRoutes;
