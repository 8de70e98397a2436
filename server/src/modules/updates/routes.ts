/** Account updates (address, W-8BEN): what the account holds, the update in progress, saving, submitting, the broker's notice. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { callerOf } from '../accounts';
import * as service from './service';

const updateRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'clientApplys', (input, request) => service.applys(deps, callerOf(request), input));
  route(app, 'clientApply', (input, request) => service.apply(deps, callerOf(request), input));
  route(app, 'clientUpdate', (input, request) => service.update(deps, callerOf(request), input));
  route(app, 'clientSubmit', (input, request) => service.submit(deps, callerOf(request), input));
  route(app, 'clientUpdateNotice', (input, request) => service.noticeSeen(deps, callerOf(request), input));
};

export default updateRoutes;
