import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX, CALLS, ErrorCode, schemas } from '@core/domain';
import { AppError } from '../../errors';
import { rateLimit } from '../../plugins/rate-limit';
import { resultOf } from '../../plugins/reply';
import { clientConfig, health } from './service';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;

const healthRes = z.object({ status: z.literal('ok'), version: z.string(), db: z.enum(['pglite', 'postgres']), time: z.string() });

const systemRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const plain = { cipher: false };

  app.get(CALLS.health.path, { config: plain, schema: { tags: ['system'], response: { 200: resultOf(healthRes) } } }, async () => {
    try {
      return { result: await health(deps) };
    } catch {
      throw new AppError(ErrorCode.INTERNAL, { status: 503 });
    }
  });

  app.get(CALLS.clientConfig.path, { schema: { tags: ['system'], response: { 200: resultOf(schemas.clientConfig.res) } } }, async () => ({
    result: clientConfig(deps.config),
  }));

  app.get(CALLS.cipherKey.path, { config: plain, schema: { tags: ['cipher'], response: { 200: resultOf(schemas.cipherKey.res) } } }, async () => ({
    result: app.cipherService.publicKey(),
  }));

  app.post(
    CALLS.cipherSession.path,
    { config: plain, preHandler: rateLimit('cipherSession'), schema: { tags: ['cipher'], body: schemas.cipherSession.req, response: { 200: resultOf(schemas.cipherSession.res) } } },
    async (request) => ({ result: await app.cipherService.openSession(request.body.kid, request.body.wrappedKey) }),
  );

  app.get(OPENAPI_PATH, { config: plain, schema: { hide: true } }, async () => app.swagger());
};

export default systemRoutes;
