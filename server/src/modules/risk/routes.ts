/** Risk disclosure calls: the track list, the media (plain, with HTTP ranges for iOS Safari), the confirmation. */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { parseRange } from './range';
import { registerStepCheck } from '../applications';
import { meta as riskStep } from '@core/domain/steps/risk';
import * as service from './service';
import { checkRisk } from './step-check';

const riskRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  registerStepCheck(deps, riskStep, checkRisk);
  const userId = (request: { user: { userId: string } | null }) => request.user!.userId;

  route(app, 'riskAudioList', (input, request) => service.list(deps, userId(request), input.appId));
  route(app, 'applyRiskConfirm', (input, request) => service.confirm(deps, userId(request), input.appId, input.disclosureId));
  route(
    app,
    'riskMedia',
    async (input, request, reply) => {
      const media = await service.media(deps, userId(request), input.id);
      const bytes = Buffer.from(media.bytes);
      const ask = parseRange(request.headers.range, bytes.length);
      reply.header('content-type', media.content_type).header('accept-ranges', 'bytes');
      // a replaced track gets a new media id: an id's bytes never change
      reply.header('cache-control', 'private, max-age=604800, immutable');
      if (ask.kind === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${bytes.length}`).send();
      if (ask.kind === 'whole') return reply.header('content-length', bytes.length).send(bytes);
      return reply
        .code(206)
        .header('content-range', `bytes ${ask.start}-${ask.end}/${bytes.length}`)
        .header('content-length', ask.end - ask.start + 1)
        .send(bytes.subarray(ask.start, ask.end + 1));
    },
    {
      raw: true,
      description: 'Plain GET for <audio> and <img>: the bytes of a risk track\'s audio or avatar, with Range (206, 416) and Accept-Ranges; a logged-in user only (100008). The first fetch of an audio starts the listening time of the user\'s application.',
      onSend: async (_request, reply, payload) => {
        // after the API-wide no-store: the media is the same for everyone and never changes under its id
        if (reply.statusCode === 200 || reply.statusCode === 206) reply.header('cache-control', 'private, max-age=604800, immutable');
        return payload;
      },
    },
  );
};

export default riskRoutes;
