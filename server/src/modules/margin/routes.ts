/** Upgrading a cash account to margin: what the client signs and the request. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { callerOf } from '../accounts';
import * as service from './service';

const marginRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'marginUpgradeQuery', (input, request) => service.upgradeStatus(deps, callerOf(request), input));
  route(app, 'marginUpgradeApply', (input, request) => service.apply(deps, callerOf(request), input));
};

export default marginRoutes;
