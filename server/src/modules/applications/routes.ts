/** Application calls: area type, application check, start, switch, detail, update, statement step, submit, own channel. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { clientEvidence } from '../../plugins/client-evidence';
import * as service from './service';
import { assertStepChecksRegistered } from './step-checks';
import { registerApplicationOutbox } from './events';

const applicationRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const { ipgeo } = deps.vendors;
  const userId = (request: { user: { userId: string } | null }) => request.user!.userId;
  // the outbox publishes this module's events (jobs/outbox.ts)
  registerApplicationOutbox();

  route(app, 'areaType', (_input, request) => service.areaType(deps, userId(request)));
  route(app, 'applyCheck', (_input, request) => service.applyCheck(deps, userId(request)));
  route(app, 'applyStart', (input, request) => service.start(deps, userId(request), input, () => ipgeo.locate(request.ip)));
  route(app, 'applySwitch', (input, request) => service.switchType(deps, userId(request), input, () => ipgeo.locate(request.ip)));
  route(app, 'applyDetail', (input, request) => service.detail(deps, userId(request), input.appId));
  route(app, 'applyUpdate', (input, request) => service.update(deps, userId(request), input, request.ip, () => clientEvidence(ipgeo, request), request.lang));
  route(app, 'applyStatementStep', (input, request) => service.statementStep(deps, userId(request), input));
  route(app, 'applySubmit', (input, request) => service.submit(deps, userId(request), input, () => clientEvidence(ipgeo, request)));
  route(app, 'applyChannel', (_input, request) => service.ownChannel(deps, userId(request)));
  // the steps whose check a higher module registers (aml, risk, closing): refused to start without them
  app.addHook('onReady', async () => assertStepChecksRegistered(deps));
};

export default applicationRoutes;
