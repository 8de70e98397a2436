/** Start on a computer, finish on the phone (issue 41): HandoffCreate, HandoffStatus, HandoffCancel (the computer's), HandoffPeek and HandoffRedeem (the phone's). */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { OK } from '../../plugins/reply';
import { startSession } from '../auth';
import * as service from './service';

const handoffRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const maker = (u: { userId: string; sessionHash: string }): service.Maker => ({ userId: u.userId, sessionHash: u.sessionHash });
  route(app, 'handoffCreate', (input, request) => service.createHandoff(deps, maker(request.user!), input));
  route(app, 'handoffStatus', (input, request) => service.handoffStatus(deps, maker(request.user!), input.id));
  route(app, 'handoffCancel', async (input, request) => {
    await service.cancelHandoff(deps, maker(request.user!), input.id);
    return OK;
  });
  route(app, 'handoffPeek', (input) => service.peekHandoff(deps, input));
  // a refused redemption changes nothing: the phone's own session (if any) ends only once the new one exists
  route(app, 'handoffRedeem', async (input, request, reply) => {
    const r = await service.redeemHandoff(deps, input);
    return { user: await startSession(request, reply, r.session), route: r.route };
  });
};

export default handoffRoutes;
