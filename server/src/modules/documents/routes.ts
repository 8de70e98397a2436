/** ApplyDocument: the generated documents of the certificate step (60 s: the first generation embeds a font subset). */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { applyDocument } from './service';

const documentRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'applyDocument', (input, request) => applyDocument(deps, request.user!.userId, input.appId, input.document));
};

export default documentRoutes;
