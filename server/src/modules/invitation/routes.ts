/** The Invitation feature: FeatureCheck and InvitationUpdate. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import * as service from './service';

const invitationRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'featureCheck', (input, request) => service.featureCheck(deps, request.user!.userId, input));
  route(app, 'invitationUpdate', (input, request) => service.update(deps, request.user!.userId, input));
};

export default invitationRoutes;
