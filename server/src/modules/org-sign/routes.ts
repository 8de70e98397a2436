/**
 * Organisation signing under /kyc/v1/sign/ (CALLS' sign* entries): TicketInfo (the organisation's names) and ApplyAuth
 * (ticket + ID number) are public, every
 * other call needs the signer's session (auth 'sign': token and idNumber in the payload, require-signer.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { SIGN_LIMITS, schemas } from '@core/domain';
import { openUpload } from '../../plugins/cipher';
import { clientEvidence } from '../../plugins/client-evidence';
import { route } from '../../plugins/route';
import { resolveSigner } from './require-signer';
import * as service from './service';
import { signerCertificate } from './certificate';

const orgSignRoutes: FastifyPluginAsync = async (app) => {
  const deps = () => app.deps;
  route(app, 'signApplyAuth', (input, request) => service.applyAuth(deps(), input, request.ip));
  route(app, 'signTicketInfo', (input) => service.ticketInfo(deps(), input));
  route(app, 'signApplyDetail', (_input, request) => service.detail(deps(), request.signer!));
  route(app, 'signGetClientInfo', (_input, request) => service.clientInfo(request.signer!));
  route(app, 'signApplyUpdate', (input, request) => service.applyUpdate(deps(), request.signer!, input));
  route(app, 'signIdCardOcr', (input, request) => service.idCardOcr(deps(), request.signer!, input.fileId));
  route(app, 'signCorpApplyAuth', (input, request) => service.corpApplyAuth(deps(), request.signer!, input));
  route(app, 'signCorpApplyCACert', (_input, request) => service.corpApplyCACert(deps(), request.signer!));
  route(app, 'signCorpApplyDetail', (_input, request) => service.corpApplyDetail(deps(), request.signer!));
  route(app, 'signCorpApplyUpdate', (input, request) => service.corpApplyUpdate(deps(), request.signer!, input, () => clientEvidence(deps().vendors.ipgeo, request)));
  route(
    app,
    'signFileUpload',
    async (_input, request) => {
      const { meta, bytes } = await openUpload(request, SIGN_LIMITS.uploadMaxBytes, schemas.signFileUpload.meta);
      request.signer = await resolveSigner(deps(), meta.token, meta.idNumber);
      return service.fileUpload(deps(), request.signer, { fileName: meta.fileName, bytes, purpose: meta.purpose });
    },
    { config: { multipart: true } },
  );
  route(app, 'signCertificate', (_input, request) => signerCertificate(deps(), request.signer!, request.lang));
  route(app, 'signFileDownload', (input, request) => service.fileDownload(deps(), request.signer!, input.fileId));
};

export default orgSignRoutes;
