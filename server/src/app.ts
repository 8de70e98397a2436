/**
 * buildApp: the whole service as a Fastify instance, in this order:
 * logger (redacting, request ids) → zod compilers → request id header → request context → security headers → cookies → multipart
 * → error envelope → cipher layer → text hygiene → OpenAPI → the shipped data (seed/index.ts) → API modules (modules/index.ts) → ops API → static site.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import sse from '@fastify/sse';
import { LiveHub } from './modules/live/hub';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { CALLS, ErrorCode, PLAIN_CALLS, STAFF_COOKIE, routeUrl, type RateLimitedCall } from '@core/domain';
import { projectRoot, type Config } from './config';
import type { Db } from './db';
import { errorMessage, langOf } from './i18n';
import { loggerOptions } from './log';
import { fontReadable } from './pdf/text';
import { installRequestSpans } from './tracing';
import { guards, modules } from './modules';
import { moduleJobs } from './modules/jobs';
import { createCipherService } from './modules/system/cipher-service';
import opsApi from './ops/api';
import { installCipher, multipartFileLimit } from './plugins/cipher';
import { VIDEO_LIMITS } from '@core/domain/face';
import { systemClock, type AppDeps, type Clock } from './plugins/context';
import { installErrorEnvelope, sendError } from './plugins/errors';
import { rateLimitsOf } from './plugins/rate-limit';
import { installSecurityHeaders } from './plugins/security';
import { installStatic } from './plugins/static';
import { installDesk } from './plugins/desk';
import { installTextHygiene } from './plugins/text-hygiene';
import { createVendors, type Vendors } from './vendors';
import { createJobs, workJobs, type JobsLog } from './jobs';
import { createStorage, type FileStorage } from './storage';
import { clientConfig } from './modules/system/service';
import { createReadiness } from './readiness';
import { isProbe } from './modules/system/routes';
import { ping } from './modules/system/repository';
import { genReqId, installRequestId, REQUEST_ID_LOG_KEY } from './plugins/request-id';
import { seedData } from './seed';
import { installRequestMetrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * every route registered (method, url, hidden from OpenAPI, plain = declared `config: {cipher: false}`, the CALLS
     * entry route() registered it from, the RATE_LIMITS entries its hooks count)
     */
    routeList: { method: string; url: string; hidden: boolean; plain: boolean; call?: string; rateLimits: RateLimitedCall[] }[];
  }
}

export interface BuildOptions {
  config: Config;
  db: Db;
  vendors?: Partial<Vendors>;
  clock?: Clock;
  /** the file store (default: the one the settings choose, closed with the app; a given one is left open) */
  storage?: FileStorage;
  /** where dist/ and static/ are looked for (default: the project root) */
  root?: string;
  /** where log lines go (default: stdout) */
  logStream?: { write(line: string): void };
}

/** Fastify's trustProxy from the setting: a hop count N trusts the N addresses nearest to us (as Fastify does for numbers). */
export function trustProxyOption(setting: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

type OpenApiOperation = { security?: unknown[]; responses?: Record<string, unknown> };
type OpenApiDoc = { info: Record<string, unknown>; paths?: Record<string, Record<string, OpenApiOperation>> };

/** Marks public calls `security: []` and gives the raw calls (signed download, risk media) their binary 200 answer. */
function describeRawAndPublic(doc: OpenApiDoc): OpenApiDoc {
  doc.info.license = { name: 'Proprietary' };
  for (const def of Object.values(CALLS)) {
    const op = doc.paths?.[routeUrl(def).replace(/:(\w+)/g, '{$1}')]?.[def.method.toLowerCase()];
    if (!op) continue;
    if (def.auth === 'public') op.security = [];
    op.responses ??= {};
    if (!Object.keys(op.responses).some((status) => status.startsWith('2'))) {
      op.responses['200'] = {
        description: 'The bytes (206 for a byte range where the call takes one)',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      };
    }
  }
  return doc;
}

/** The longest URL served (a ciphered GET's envelope is far shorter); longer ones are answered 414. */
export const MAX_URL_LENGTH = 8192;

/**
 * Fastify's clientErrorHandler: an HTTP request Node could not parse (431 for headers over its limit, 400
 * otherwise) gets the service's error envelope, in English (no headers could be read), and the connection closes.
 */
function answerClientError(err: Error & { code?: string }, socket: import('node:net').Socket): void {
  if (!socket.writable) return;
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({ error: { code: ErrorCode.INVALID_INPUT, message: errorMessage(ErrorCode.INVALID_INPUT, 'en'), data: { issues: [{ path: '', message: tooLarge ? 'tooLong' : 'format' }] } } });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const readiness = createReadiness(config.readinessTimeoutMs);
  readiness.register('database', () => ping(db));
  // the queue logs through the app's logger, made below
  const logTo: { log?: JobsLog } = {};
  const jobsLog: JobsLog = {
    info: (o, m) => logTo.log?.info(o, m),
    warn: (o, m) => logTo.log?.warn(o, m),
    error: (o, m) => logTo.log?.error(o, m),
  };
  const deps: AppDeps = {
    config,
    db,
    clock: opts.clock ?? systemClock,
    vendors: { ...createVendors(config, db), ...opts.vendors },
    storage: opts.storage ?? createStorage(config),
    readiness,
    jobs: createJobs({ config, db, role: 'web', log: jobsLog }),
  };
  // not critical: calls that need no file keep being served while the store is away (readiness.ts)
  readiness.register('storage', () => deps.storage.ping(), { critical: false });
  // generated documents (agreements, signed PDFs) need the CJK font: a process without it is not ready, by name
  readiness.register('font', () => fontReadable());
  readiness.register('jobs', async () => {
    if (!(await deps.jobs.ready())) throw new Error('the job queue is not started');
  });

  const app = Fastify({
    logger: opts.logStream ? { ...(loggerOptions(config) as object), stream: opts.logStream } : loggerOptions(config),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // X-Request-Id from the balancer when sane, else made; logged on each line of the request as requestId
    requestIdHeader: false,
    genReqId,
    // the balancer's probes every few seconds would bury the log: their request lines are left out
    logController: new LogController({ requestIdLogLabel: REQUEST_ID_LOG_KEY, disableRequestLogging: (req: { url?: string }) => isProbe(req.url) }),
    // close(): idle keep-alive connections end at once, requests in flight finish (main.ts bounds the wait: SHUTDOWN_GRACE_MS)
    forceCloseConnections: 'idle',
    // malformed HTTP and over-long headers never reach a route: answer them in the service's own shape
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  logTo.log = app.log;
  app.decorate('deps', deps);
  if (!opts.storage) app.addHook('onClose', async () => deps.storage.close());
  const routeList: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      if (method !== 'HEAD') routeList.push({
        method,
        url: r.url,
        hidden: !!(r.schema as { hide?: boolean } | undefined)?.hide,
        plain: (r.config as { cipher?: boolean } | undefined)?.cipher === false,
        call: (r.config as { call?: string } | undefined)?.call,
        rateLimits: [...rateLimitsOf(r.preValidation), ...rateLimitsOf(r.preHandler)],
      });
    }
  });
  app.decorateRequest('user', null);
  app.decorateRequest('signer', null);
  app.decorateRequest('staff', null);
  app.decorateRequest('lang', 'zh-CN');
  installRequestId(app);
  // a span per request when tracing is on (TRACES_OTLP_URL: tracing.ts)
  installRequestSpans(app, isProbe);
  // Prometheus (issue 38): each answer counted by call; the database read at each scrape of the metrics listener
  installRequestMetrics(app, { db, config });
  // draining (SIGTERM, main.ts): each answer ends its connection, so that the client's next request opens one elsewhere
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.draining) reply.header('connection', 'close');
  });
  app.addHook('onRequest', async (request, reply) => {
    request.lang = langOf(request.headers);
    if (request.url.length > MAX_URL_LENGTH) {
      return sendError(request, reply, ErrorCode.INVALID_INPUT, { status: 414, data: { issues: [{ path: '', message: 'tooLong' }] } });
    }
  });

  await installSecurityHeaders(app);
  await app.register(cookie);
  // live status (issue 28): server-sent events, a comment line every 25 s; the streams end before the server closes
  await app.register(sse, { heartbeatInterval: 25_000 });
  app.decorate('live', new LiveHub(db));
  app.addHook('preClose', async () => app.live.close());
  // the largest file of any call (each call checks its own: Upload MAX_UPLOAD_MB, VideoUpload 50 MB)
  await app.register(multipart, { limits: { fileSize: multipartFileLimit(Math.max(config.maxUploadMb, VIDEO_LIMITS.maxUploadBytes / 1024 / 1024)), files: 1, fields: 8, fieldSize: 64 * 1024 } });
  installErrorEnvelope(app);
  installCipher(app, createCipherService(deps));
  installTextHygiene(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'KYC account-opening service',
        version: '1',
        description:
          'Payloads are described in plain form. On the wire every call except ' +
          [...PLAIN_CALLS.map((name) => CALLS[name].path.split('/').pop()), 'openapi.json'].join(', ') +
          ' travels inside the cipher envelope (docs/api.md): POST bodies are ' +
          'RequestEnvelope JSON, GET parameters travel as query `e`, answers are ResponseEnvelope JSON with header x-esop-cipher: 1.',
      },
      servers: [{ url: '/', description: 'this service (the same origin as the pages)' }],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'esop_sid' }, staffSession: { type: 'apiKey', in: 'cookie', name: STAFF_COOKIE } } },
    },
    transform: jsonSchemaTransform,
    // what the route schemas cannot say: public calls need no session, and the raw calls answer bytes
    transformObject: (doc) => describeRawAndPublic(('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject) as OpenApiDoc) as never,
  });

  // the shipped data once per start, the database migrated (or checked) by the caller
  await seedData(db, app.log);
  // the modules' login checks, which route() puts before each call of auth user, sign and staff
  app.decorate('guards', guards);
  for (const mod of modules) await app.register(mod);
  await app.register(opsApi, { prefix: '/ops/v1' });

  // the job queue: started here; with JOBS=inline this process works the jobs too (`npm run worker` otherwise).
  // Registered after the modules, this hook runs before theirs (hooks run last-added first): jobs in hand finish
  // (or are handed back) while the vendors they use are still open.
  await deps.jobs.start();
  if (config.jobs.mode === 'inline') await workJobs(deps, moduleJobs());
  app.addHook('onClose', async () => deps.jobs.stop());
  await installStatic(app, opts.root ?? projectRoot(), { pageData: { clientConfig: clientConfig(config) } });
  // the review desk's page and assets (issue 28), when built
  await installDesk(app, opts.root ?? projectRoot());

  return app;
}
