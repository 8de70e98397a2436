/**
 * The API modules, registered in this order by app.ts. Each is a Fastify plugin that declares its
 * routes with the full paths from CALLS (src/core/domain/contract.ts) and zod schemas.
 *
 * To add a module: write server/src/modules/<area>/routes.ts exporting a FastifyPluginAsync and
 * append it to `modules` below (one import, one array entry).
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
