/**
 * File calls: ciphered multipart upload (→ ossId and a signed ossUrl), the plain signed download
 * (signature AND the owner's session), and a fresh signed URL for an owned file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALLS, FILE_CATEGORIES, schemas } from '@core/domain';
import { openUpload } from '../../plugins/cipher';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import { resultOf } from '../../plugins/reply';
import { createStorage } from '../../storage';
import { requireUser, SESSION_COOKIE } from '../auth/require-user';
import { resolveSession } from '../auth/service';
import { contentDisposition } from './disposition';
import * as service from './service';

const uploadParams = z.object({ category: z.enum(FILE_CATEGORIES) });

const fileRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = { ...app.deps, storage: createStorage({ dataDir: app.deps.config.dataDir }) };
  const tags = ['files'];
  const security = [{ session: [] }];

  app.post(
    `${CALLS.upload.path}/:category`,
    {
      preHandler: [requireUser, rateLimit('upload')],
      config: { multipart: true },
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        params: uploadParams,
        description: 'multipart: field `e` = RequestEnvelope JSON whose payload is {filename, subAccountId?, fileIv}; part `file` = the bytes sealed with AES-GCM (iv = fileIv, aad = fileAad(sid, nonce)). png, jpeg or pdf by content (else 1009); larger than MAX_UPLOAD_MB → 1008.',
        response: { 200: resultOf(schemas.upload.res) },
      },
    },
    async (request) => {
      const { meta, bytes } = await openUpload(request, service.maxUploadBytes(deps.config));
      return { result: await service.storeUpload(deps, request.user!.userId, { category: request.params.category, filename: meta.filename, bytes }) };
    },
  );

  app.get(
    CALLS.download.path,
    {
      config: { cipher: false },
      schema: {
        tags,
        security,
        querystring: schemas.download.req,
        description: 'Plain (not ciphered) so <img> and the PDF viewer can use it. Needs a valid, unexpired signature AND the session cookie of the file\'s owner; every refusal is 100403.',
      },
      onSend: async (_request, reply, payload) => {
        // after the API-wide no-store: a file answer is private to the owner's browser as well
        if (reply.statusCode === 200) reply.header('cache-control', 'private, no-store');
        return payload;
      },
    },
    async (request, reply) => {
      let userId: string | null = null;
      try {
        userId = (await resolveSession(app.deps, request.cookies[SESSION_COOKIE])).user.id;
      } catch {
        userId = null; // answered as 100403 below, like every other refusal
      }
      const { file, stream, preview } = await service.openDownload(deps, userId, request.query);
      reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(preview === '1' ? 'inline' : 'attachment', file.original_name))
        .header('x-content-type-options', 'nosniff');
      return reply.send(stream);
    },
  );

  route(app, 'signedUrl', (input, request) => service.freshSignedUrl(deps, request.user!.userId, input.ossid));
};

export default fileRoutes;
