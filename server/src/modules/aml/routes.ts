/** AML calls: ApplyAmlCheck (needs a login). */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { registerStepCheck } from '../applications';
import { meta as disclosureStep } from '@core/domain/steps/disclosure';
import { applyAmlCheck } from './service';
import { checkDisclosure } from './step-check';

const amlRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  registerStepCheck(deps, disclosureStep, checkDisclosure);
  route(app, 'applyAmlCheck', (input, request) => applyAmlCheck(deps, request.user!.userId, input.appId));
};

export default amlRoutes;
