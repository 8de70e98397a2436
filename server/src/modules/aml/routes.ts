/** AML calls: ApplyAmlCheck (needs a login). */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CALLS, schemas } from '@core/domain';
import { resultOf } from '../../plugins/reply';
import { seedWatchlistIfEmpty } from '../../vendors/aml/seed';
import { rateLimit } from '../../plugins/rate-limit';
import { requireUser } from '../auth/require-user';
import { applyAmlCheck } from './service';

const amlRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  // the shipped sample watch list, once, while the list is empty (an operator's list is never mixed with it)
  const seeded = await seedWatchlistIfEmpty(deps.db);
  if (seeded) app.log.info({ entries: seeded.inserted, rejected: seeded.rejected }, 'AML watch-list seed imported');

  app.post(
    CALLS.applyAmlCheck.path,
    {
      preHandler: [requireUser, rateLimit('amlCheck')],
      schema: { tags: ['aml'], security: [{ session: [] }], body: schemas.applyAmlCheck.req, response: { 200: resultOf(schemas.applyAmlCheck.res) } },
    },
    async (request) => ({ result: await applyAmlCheck(deps, request.user!.userId, request.body.appId) }),
  );
};

export default amlRoutes;
