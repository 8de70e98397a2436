/**
 * The metrics listener: GET /metrics (Prometheus text format) on METRICS_HOST:METRICS_PORT, a port of its own in
 * every process (web and worker), never the applicants' port nor behind their balancer. With METRICS_TOKEN(_FILE)
 * a scrape must send `Authorization: Bearer <token>` (401 otherwise); the settings refuse a METRICS_HOST beyond
 * loopback without one. Nothing else is served (404).
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { MetricsSettings } from '../config';
import { collectProcessMetrics, metricsText } from './index';

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The bearer token of an Authorization header matches (compared in constant time, as digests of equal length). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return !!given && timingSafeEqual(digest(given), digest(token));
}

/** The listener's app (not listening yet: `listen()` it, or `inject()` in tests). */
export function buildMetricsServer(settings: Pick<MetricsSettings, 'token'>): FastifyInstance {
  collectProcessMetrics();
  const app = Fastify({ logger: false });
  app.get(METRICS_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (settings.token && !bearerMatches(request.headers.authorization, settings.token)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').type('text/plain; charset=utf-8').send('a bearer token is required\n');
    }
    const { contentType, body } = await metricsText();
    return reply.type(contentType).send(body);
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).type('text/plain; charset=utf-8').send('not found\n'));
  return app;
}

/** Starts the listener when METRICS_PORT is set; returns it (to close at shutdown) or null. */
export async function startMetricsServer(settings: MetricsSettings): Promise<FastifyInstance | null> {
  if (!settings.port) return null;
  const app = buildMetricsServer(settings);
  await app.listen({ port: settings.port, host: settings.host });
  return app;
}
