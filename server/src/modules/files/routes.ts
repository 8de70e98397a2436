/**
 * File calls: ciphered multipart upload (→ ossId and a signed ossUrl), the plain signed download
 * (signature AND the owner's session), and a fresh signed URL for an owned file.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { FILE_CATEGORIES } from '@core/domain';
import { openUpload } from '../../plugins/cipher';
import { route } from '../../plugins/route';
import { SESSION_COOKIE } from '../auth';
import { resolveSession } from '../auth';
import { contentDisposition } from './disposition';
import * as service from './service';

const uploadParams = z.object({ category: z.enum(FILE_CATEGORIES) });

const fileRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(
    app,
    'upload',
    async (_input, request) => {
      const { meta, bytes } = await openUpload(request, service.maxUploadBytes(deps.config));
      return service.storeUpload(deps, request.user!.userId, { category: request.params.category, filename: meta.filename, bytes });
    },
    {
      params: uploadParams,
      config: { multipart: true },
      description: 'multipart: field `e` = RequestEnvelope JSON whose payload is {filename, subAccountId?, fileIv}; part `file` = the bytes sealed with AES-GCM (iv = fileIv, aad = fileAad(sid, nonce)). png, jpeg or pdf by content (else 1009); larger than MAX_UPLOAD_MB → 1008. An image is stored re-encoded (files/clean.ts: upright, ≤ 4096 px, no metadata; 1009 when it does not decode); a PDF with JavaScript, attached files or hiding encryption → 1012.',
    },
  );

  // auth 'signed': no login check before the handler; a missing or foreign session is one more 100403
  route(
    app,
    'download',
    async (input, request, reply) => {
      let userId: string | null = null;
      try {
        userId = (await resolveSession(app.deps, request.cookies[SESSION_COOKIE])).user.id;
      } catch {
        userId = null; // answered as 100403 below, like every other refusal
      }
      const { file, stream, preview } = await service.openDownload(deps, userId, input);
      reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(preview === '1' ? 'inline' : 'attachment', file.original_name))
        .header('x-content-type-options', 'nosniff');
      return reply.send(stream);
    },
    {
      raw: true,
      description: 'Plain (not ciphered) so <img> and the PDF viewer can use it. Needs a valid, unexpired signature AND the session cookie of the file\'s owner; every refusal is 100403.',
      onSend: async (_request, reply, payload) => {
        // after the API-wide no-store: a file answer is private to the owner's browser as well
        if (reply.statusCode === 200) reply.header('cache-control', 'private, no-store');
        return payload;
      },
    },
  );

  route(app, 'signedUrl', (input, request) => service.freshSignedUrl(deps, request.user!.userId, input.ossid));
};

export default fileRoutes;
