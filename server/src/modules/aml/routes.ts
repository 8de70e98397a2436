/** AML calls: ApplyAmlCheck (needs a login). */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { seedWatchlistIfEmpty } from '../../vendors/aml/seed';
import { registerStepCheck } from '../applications/step-checks';
import { applyAmlCheck } from './service';
import { checkDisclosure } from './step-check';

const amlRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  // the shipped sample watch list, once, while the list is empty (an operator's list is never mixed with it)
  const seeded = await seedWatchlistIfEmpty(deps.db);
  if (seeded) app.log.info({ entries: seeded.inserted, rejected: seeded.rejected }, 'AML watch-list seed imported');

  registerStepCheck(deps, 'IDENTITYEXPOSURE', checkDisclosure);
  route(app, 'applyAmlCheck', (input, request) => applyAmlCheck(deps, request.user!.userId, input.appId));
};

export default amlRoutes;
