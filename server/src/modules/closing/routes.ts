/** Closing calls: the asset-transfer protocol status and signing. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { registerStepCheck } from '../applications';
import { meta as signStep } from '@core/domain/steps/sign';
import * as service from './service';
import { checkSign } from './step-check';

const closingRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const userId = (request: { user: { userId: string } | null }) => request.user!.userId;
  registerStepCheck(deps, signStep, checkSign);
  route(app, 'applyProtocolStatus', (input, request) => service.protocolStatus(deps, userId(request), input.applyId));
  route(app, 'applyAssetTransferSign', (input, request) => service.signAssetTransfer(deps, userId(request), input.applyId));
};

export default closingRoutes;
