/**
 * The API modules, registered in this order by app.ts. Each is a Fastify plugin whose routes come from the call
 * table: `route(app, 'callName', handler)` (plugins/route.ts) takes method, path, auth, cipher, rate limit and
 * schemas from CALLS (src/core/domain/calls.ts) and the module's calls/<module>.ts (gathered by contract.ts).
 *
 * To add a call: its line in CALLS (src/core/domain/calls.ts), its summary and schemas in
 * src/core/domain/calls/<module>.ts, one route() line in its module; then `npm run docs:api` (the tables of
 * docs/api.md). The client reaches it with callApi(name, input) in a file of src/core/api; server/test/calls.test.ts
 * checks that every call is registered as declared. The README's Contributing section has the whole recipe.
 * To add a module: write server/src/modules/<area>/routes.ts exporting a FastifyPluginAsync and append it to
 * `modules` below (one import, one array entry); what other modules may use of it goes in its index.ts.
 *
 * Infrastructure (plugins, jobs, vendors, storage, db) imports no module: it offers registration points, and the
 * modules fill them: the login checks route() puts before a call (`guards` below) and the jobs' handlers (jobs.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Guards } from '../plugins/route';
import { requireUser } from './auth/require-user';
import { requireSigner } from './org-sign/require-signer';
import { requireStaff } from './staff/require-staff';
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
import faceRoutes from './face/routes';
import accountRoutes from './accounts/routes';
import exchangeRoutes from './exchange/routes';
import tradePasswordRoutes from './trade-password/routes';
import updateRoutes from './updates/routes';
import marginRoutes from './margin/routes';
import pageTicketRoutes from './page-tickets/routes';
import handoffRoutes from './handoff/routes';
import hkIdentifierRoutes from './hk-identifier/routes';
import improveInfoRoutes from './improve-info/routes';
import invitationRoutes from './invitation/routes';
import transferInRoutes from './transfer-in/routes';
import orgSignRoutes from './org-sign/routes';
import staffRoutes from './staff/routes';
import liveRoutes from './live/routes';

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
  faceRoutes,
  // after opening: one module a feature
  accountRoutes,
  exchangeRoutes,
  tradePasswordRoutes,
  updateRoutes,
  marginRoutes,
  pageTicketRoutes,
  handoffRoutes,
  hkIdentifierRoutes,
  improveInfoRoutes,
  invitationRoutes,
  transferInRoutes,
  orgSignRoutes,
  // the review desk (issue 28): its own prefix and session
  staffRoutes,
  // live status of the applicant's application (issue 28)
  liveRoutes,
];

/** The login checks of CALLS auth 'user', 'sign' and 'staff', each from the module that owns the session. */
export const guards: Guards = { user: requireUser, sign: requireSigner, staff: requireStaff };
