/** ApplyDocument: the generated documents of the certificate step (60 s: the first generation embeds a font subset); ApplyCertificate: the certificate of completion. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { applyDocument } from './service';
import { applyCertificate } from './certificate';

const documentRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'applyDocument', (input, request) => applyDocument(deps, request.user!.userId, input.appId, input.document));
  route(app, 'applyCertificate', (input, request) => applyCertificate(deps, request.user!.userId, input.appId, request.lang));
};

export default documentRoutes;
