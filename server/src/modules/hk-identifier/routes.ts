/** The HK investor identifier consent of an account: what will be sent, and the signature. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { callerOf } from '../accounts';
import * as service from './service';

const hkIdentifierRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'hkIdentifierInfo', (input, request) => service.info(deps, callerOf(request), input));
  route(app, 'hkIdentifierSign', (input, request) => service.sign(deps, callerOf(request), input));
};

export default hkIdentifierRoutes;
