/** The broker's request to complete information: the client reads it and answers it (staff's side: ops improve-*). */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { callerOf } from '../accounts';
import * as service from './service';

const improveInfoRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'improveInfoDetail', (input, request) => service.detail(deps, callerOf(request), input));
  route(app, 'improveInfoSubmit', (input, request) => service.submit(deps, callerOf(request), input));
};

export default improveInfoRoutes;
