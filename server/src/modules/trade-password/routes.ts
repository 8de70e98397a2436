/** The trading password that guards editing an account's information: its state, the first one, verifying it. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { callerOf } from '../accounts';
import * as service from './service';

const tradePasswordRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'tradePasswordStatus', (input, request) => service.status(deps, callerOf(request), input));
  route(app, 'tradePasswordSet', (input, request) => service.set(deps, callerOf(request), input));
  route(app, 'tradePasswordVerify', (input, request) => service.verify({ ...deps, ticketSecret: deps.config.secrets.appTokenSecret }, callerOf(request), input));
};

export default tradePasswordRoutes;
