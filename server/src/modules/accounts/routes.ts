/** The accounts (the opened client's shared kernel, issue 39: was account-home): the user-centre ids of one of the caller's accounts (the accounts themselves come with the login). */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import * as service from './service';

const accountRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'hlInfoBySubId', (input, request) => service.hlInfo(deps, request.user!.userId, input));
};

export default accountRoutes;
