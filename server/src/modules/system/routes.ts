/**
 * System calls: health, ClientConfig, and the cipher handshake (CipherKey, CipherSession); plus the OpenAPI document
 * and the balancer's probes /livez (the process answers: no dependency asked) and /readyz (readiness.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { API_PREFIX, ErrorCode } from '@core/domain';
import { AppError } from '../../errors';
import { route } from '../../plugins/route';
import { clientConfig, health } from './service';

/** Not a call (no CALLS entry): the service's own description, plain and hidden from itself. */
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
/** The balancer's probes (not calls: plain, outside the API prefix, hidden from OpenAPI). */
export const LIVENESS_PATH = '/livez';
export const READINESS_PATH = '/readyz';
/** A probe's request (its path, with or without a query). */
export const isProbe = (url: string | undefined): boolean => !!url && [LIVENESS_PATH, READINESS_PATH].includes(url.split('?')[0]);

const systemRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, 'health', async () => {
    try {
      return await health(deps);
    } catch {
      throw new AppError(ErrorCode.INTERNAL, { status: 503 });
    }
  });
  route(app, 'clientConfig', () => clientConfig(deps.config));
  route(app, 'cipherKey', () => app.cipherService.publicKey());
  route(app, 'cipherSession', (input) => app.cipherService.openSession(input.kid, input.wrappedKey));

  app.get(OPENAPI_PATH, { config: { cipher: false }, schema: { hide: true } }, async () => app.swagger());

  // polled every few seconds: their request lines stay out of the log (app.ts: isProbe); a failing check is logged
  const probe = { config: { cipher: false }, schema: { hide: true } } as const;
  app.get(LIVENESS_PATH, probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get(READINESS_PATH, probe, async (request, reply) => {
    const report = await deps.readiness.run((name, reason) => request.log.warn({ check: name, err: reason }, 'readiness check failed'));
    reply.header('cache-control', 'no-store');
    // degraded (a check that is not critical failing, e.g. storage): still in rotation
    return reply.status(report.status === 'ready' || report.status === 'degraded' ? 200 : 503).send(report);
  });
};

export default systemRoutes;
