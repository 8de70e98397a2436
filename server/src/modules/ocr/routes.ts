/** IdcardOcr, HkIdcardOcr, PassportOcr and BankcardOcr: ciphered, logged in, rate-limited per user (RATE_LIMITS.ocr). */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import * as service from './service';

const ocrRoutes: FastifyPluginAsync = async (app) => {
  const deps = { ...app.deps, ocr: app.deps.vendors.ocr };
  // the OCR workers (threads) end with the app, so that a closed app lets the process exit
  app.addHook('onClose', async () => deps.ocr.close());

  route(app, 'idcardOcr', (input, request) => service.idcardOcr(deps, request.user!.userId, input.ossId, request.log, request.lang), {
    description:
      "Reads the caller's uploaded photo of a mainland ID card (png or jpeg). The card is cut out and stored as the caller's file (cropIdCard, category UserInfo). " +
      '151202 no card or unreadable (also for a PDF), 151203 photocopy (no colour), 151204 glare, 151201 validity invalid or ended, 100403 not the caller\'s file.',
  });

  route(app, 'hkIdcardOcr', (input, request) => service.hkIdcardOcr(deps, request.user!.userId, input.ossId, request.lang), {
    description:
      "Reads the caller's uploaded photo of a Hong Kong identity card's front (png or jpeg): the number (its check digit verified), the English and Chinese names, the date of birth and sex, for the applicant to confirm. " +
      "The card is cut out and stored as the caller's file (cropIdCard). 151202 no card, not an HKID front or no valid number (also for a PDF), 151203 photocopy, 151204 glare, 100403 not the caller's file.",
  });

  route(app, 'passportOcr', (input, request) => service.passportOcr(deps, request.user!.userId, input.ossId, request.lang), {
    description:
      "Reads the machine-readable zone of the caller's uploaded photo of a passport's data page (png or jpeg): the number, issuing state and nationality (ISO 3166-1 alpha-2), names, birth and expiry dates and sex, every check digit verified, for the applicant to confirm. " +
      "The page is stored as the caller's file (cropIdCard). 151202 no zone or a check digit that fails (also for a PDF), 151201 passport expired, 151203 photocopy, 151204 glare, 100403 not the caller's file.",
  });

  route(app, 'bankcardOcr', (input, request) => service.bankcardOcr(deps, request.user!.userId, input.ossId, request.lang), {
    description: "Reads the card number (digits only) from the caller's uploaded photo of a bank card; 150302 when none can be read, 100403 not the caller's file.",
  });
};

export default ocrRoutes;
