/** IdcardOcr and BankcardOcr: ciphered, logged in, rate-limited per user (RATE_LIMITS.ocr). */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CALLS, schemas } from '@core/domain';
import { rateLimit } from '../../plugins/rate-limit';
import { resultOf } from '../../plugins/reply';
import { createStorage } from '../../storage';
import { requireUser } from '../auth/require-user';
import * as service from './service';

const ocrRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = { ...app.deps, storage: createStorage({ dataDir: app.deps.config.dataDir }), ocr: app.deps.vendors.ocr };
  const tags = ['ocr'];
  const security = [{ session: [] }];
  const preHandler = [requireUser, rateLimit('ocr')];
  // the OCR workers (threads) end with the app, so that a closed app lets the process exit
  app.addHook('onClose', async () => deps.ocr.close());

  app.post(
    CALLS.idcardOcr.path,
    {
      preHandler,
      schema: {
        tags,
        security,
        description:
          "Reads the caller's uploaded photo of a mainland ID card (png or jpeg). The card is cut out and stored as the caller's file (cropIdCard, category UserInfo). " +
          '151202 no card or unreadable (also for a PDF), 151203 photocopy (no colour), 151204 glare, 151201 validity invalid or ended, 100403 not the caller\'s file.',
        body: schemas.idcardOcr.req,
        response: { 200: resultOf(schemas.idcardOcr.res) },
      },
    },
    async (request) => ({ result: await service.idcardOcr(deps, request.user!.userId, request.body.ossId, request.log) }),
  );

  app.post(
    CALLS.bankcardOcr.path,
    {
      preHandler,
      schema: {
        tags,
        security,
        description: "Reads the card number (digits only) from the caller's uploaded photo of a bank card; 150302 when none can be read, 100403 not the caller's file.",
        body: schemas.bankcardOcr.req,
        response: { 200: resultOf(schemas.bankcardOcr.res) },
      },
    },
    async (request) => ({ result: await service.bankcardOcr(deps, request.user!.userId, request.body.ossId) }),
  );
};

export default ocrRoutes;
