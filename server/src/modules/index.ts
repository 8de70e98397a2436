/**
 * The API modules, registered in this order by app.ts. Each is a Fastify plugin whose routes come from the call
 * table: to add a call, one entry in CALLS (src/core/domain/calls.ts: method, path, auth, cipher, rate limit) and its
 * `schemas` (contract.ts), then one `route(app, 'name', handler)` line (server/src/plugins/route.ts); a test checks
 * every call is registered as the table says (server/test/calls.test.ts). The byte streams (the multipart upload and
 * the signed download) are registered by hand, at the table's paths.
 *
 * To add a module: write server/src/modules/<area>/routes.ts exporting a FastifyPluginAsync and append it to
 * `modules` below (one import, one entry).
 */
import type { FastifyPluginAsync } from 'fastify';
import systemRoutes from './system/routes';
import authRoutes from './auth/routes';
import applicationRoutes from './applications/routes';
import fileRoutes from './files/routes';
import locationRoutes from './location/routes';
import ocrRoutes from './ocr/routes';
import lookupRoutes from './lookup/routes';
import amlRoutes from './aml/routes';
import riskRoutes from './risk/routes';
import closingRoutes from './closing/routes';
import depositRoutes from './deposit/routes';
import documentRoutes from './documents/routes';

export const modules: FastifyPluginAsync[] = [
  systemRoutes,
  authRoutes,
  applicationRoutes,
  fileRoutes,
  locationRoutes,
  ocrRoutes,
  lookupRoutes,
  amlRoutes,
  riskRoutes,
  closingRoutes,
  depositRoutes,
  documentRoutes,
];
