/** Security headers for pages and API alike: a strict CSP the built Vite pages satisfy, nosniff, frame rules. */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { CSP_DIRECTIVES } from './csp';

export { CSP_DIRECTIVES } from './csp';

const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  // same-origin pages only; the PDF viewer and images load from the same origin
  crossOriginResourcePolicy: { policy: 'same-origin' as const },
  referrerPolicy: { policy: 'no-referrer' as const },
  frameguard: { action: 'sameorigin' as const },
};

/** headers of any answer that are not helmet's */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sets with these options, found once by asking helmet itself (a throwaway instance answers one
 * request). They do not depend on the request (no CSP nonces), so every answer gets the same set without helmet
 * building its middleware again per request, as @fastify/helmet's hook does.
 */
export async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => 'ok');
  try {
    const res = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(Object.entries(res.headers).filter(([name, v]) => !NOT_HELMET.has(name) && typeof v === 'string')) as Record<string, string>;
  } finally {
    await probe.close();
  }
}

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  const entries = Object.entries(headers);
  // on the raw response, as helmet does (they stay on error answers and on anything written raw)
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
}
