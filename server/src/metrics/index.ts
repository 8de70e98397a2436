/**
 * Prometheus metrics (issue 38): one registry per process, served by the metrics listener (server.ts) of the web
 * processes and the worker alike, never on the applicants' port. What is counted, and where from:
 *
 * - calls: every answer of the web process (app.ts → installRequestMetrics), labelled by the call's name from CALLS
 *   (or the route's pattern, never the raw URL), with the error code's name of a refusal (plugins/errors.ts →
 *   noteErrorCode); login and cipher refusals are counted apart from it;
 * - jobs: each handler's run, time and outcome (jobs/index.ts → instrumentHandlers), which gives the face checks'
 *   and card readings' durations and busy answers and the webhook deliveries' failures;
 * - at each scrape, read from the database: queue depth and age per job type (pg-boss's job table), the outbox's
 *   unpublished events and their age, the PostgreSQL pool's connections and waiting clients;
 * - Node's own (CPU, memory, event loop delay, GC: prom-client's default metrics).
 *
 * A hook elsewhere is one call into this module, so that the files it sits in stay as they are.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import client from 'prom-client';
import { ErrorCode } from '@core/domain';
import type { Config } from '../config';
import type { Db } from '../db';
import type { JobHandler, JobHandlers, JobName } from '../jobs/types';
import { JOB_NAMES } from '../jobs/types';
import { outboxBacklog, queueStats } from './repository';

export const registry = new client.Registry();

let defaultsOn = false;
/** Node's process metrics (started with the metrics listener: their timers and observers only where they are read). */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  client.collectDefaultMetrics({ register: registry });
}

/** the error codes' names by number (a label of bounded values a person can read) */
const CODE_NAMES = new Map<number, string>(Object.entries(ErrorCode).flatMap(([name, code]) => (typeof code === 'number' ? [[code, name] as [number, string]] : [])));
const codeName = (code: number) => CODE_NAMES.get(code) ?? 'OTHER';
const CIPHER_CODES: readonly number[] = [ErrorCode.CIPHER_REQUIRED, ErrorCode.CIPHER_INVALID, ErrorCode.CIPHER_STALE, ErrorCode.CIPHER_REPLAY];
/** the calls that start a session: their refusals are login failures */
const LOGIN_CALLS: readonly string[] = ['login', 'relogin', 'tokenLogin'];

// ---------------------------------------------------------------- calls

const requestDuration = new client.Histogram({
  name: 'esop_http_request_duration_seconds',
  help: 'Answers of the web process by call (CALLS name, or the route pattern), method and HTTP status: rate, latency',
  labelNames: ['call', 'method', 'status'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [registry],
});
const requestErrors = new client.Counter({
  name: 'esop_http_request_errors_total',
  help: 'Refusals and failures answered, by call and error code name (INTERNAL = 100500, BUSY = 100503, ...)',
  labelNames: ['call', 'code'] as const,
  registers: [registry],
});
const loginFailures = new client.Counter({
  name: 'esop_login_failures_total',
  help: 'Login calls refused (login, relogin, tokenLogin), by call and error code name (CODE_WRONG, TOKEN_INVALID, RATE_LIMITED, ...)',
  labelNames: ['call', 'reason'] as const,
  registers: [registry],
});
const cipherFailures = new client.Counter({
  name: 'esop_cipher_failures_total',
  help: 'Requests refused by the cipher layer, by reason (CIPHER_REQUIRED, CIPHER_INVALID, CIPHER_STALE, CIPHER_REPLAY)',
  labelNames: ['reason'] as const,
  registers: [registry],
});

const errorCodes = new WeakMap<FastifyRequest, number>();

/** plugins/errors.ts: the error code a request is answered with (counted when the answer is sent). */
export function noteErrorCode(request: FastifyRequest, code: number): void {
  errorCodes.set(request, code);
}

/** The call a request was for: its CALLS name, else its route's pattern; 'unmatched' for a URL no route serves. */
function callOf(request: FastifyRequest): string {
  const config = request.routeOptions.config as { call?: string } | undefined;
  if (config?.call) return config.call;
  return request.is404 || !request.routeOptions.url ? 'unmatched' : request.routeOptions.url;
}

function countAnswer(request: FastifyRequest, reply: FastifyReply): void {
  const call = callOf(request);
  requestDuration.observe({ call, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  const code = errorCodes.get(request);
  if (code === undefined) return;
  const name = codeName(code);
  requestErrors.inc({ call, code: name });
  if (CIPHER_CODES.includes(code)) cipherFailures.inc({ reason: name });
  else if (LOGIN_CALLS.includes(call)) loginFailures.inc({ call, reason: name });
}

/** app.ts: every answer of this app is counted; the database it uses is read at each scrape. */
export function installRequestMetrics(app: FastifyInstance, source: MetricsSource): void {
  app.addHook('onResponse', async (request, reply) => countAnswer(request, reply));
  const unbind = bindMetricsSource(source);
  app.addHook('onClose', async () => unbind());
}

// ---------------------------------------------------------------- jobs

const jobDuration = new client.Histogram({
  name: 'esop_job_duration_seconds',
  help: 'Jobs run by this process, by job type and outcome (completed, failed: thrown and retried by the queue)',
  labelNames: ['job', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 45, 60],
  registers: [registry],
});
const vendorDuration = new client.Histogram({
  name: 'esop_vendor_call_duration_seconds',
  help: 'Face checks and card readings worked by this process, by vendor call (face.check, ocr.idcard, ocr.hkid, ocr.passport, ocr.bankcard) and outcome (passed, rejected, read, busy, error)',
  labelNames: ['call', 'outcome'] as const,
  buckets: [0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 45, 60],
  registers: [registry],
});
const vendorBusy = new client.Counter({
  name: 'esop_vendor_busy_total',
  help: "Face checks and card readings the vendor's own queue refused as busy (answered 100503)",
  labelNames: ['call'] as const,
  registers: [registry],
});
const webhookDeliveries = new client.Counter({
  name: 'esop_webhook_deliveries_total',
  help: 'Outbox webhook delivery attempts by outcome (delivered, duplicate, failed: retried with backoff)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

type AnyResult = Record<string, unknown> | undefined;

function vendorCallOf(job: JobName, payload: unknown): string | null {
  if (job === 'face.check') return 'face.check';
  if (job === 'ocr.read') {
    const kind = (payload as { kind?: string }).kind;
    return `ocr.${kind === 'bankcard' || kind === 'hkid' || kind === 'passport' ? kind : 'idcard'}`;
  }
  return null;
}

function vendorOutcome(result: AnyResult): string {
  if (result?.busy) return 'busy';
  if (result?.error !== undefined) return 'error';
  if (typeof result?.passed === 'boolean') return result.passed ? 'passed' : 'rejected';
  return 'read';
}

function countJob(job: JobName, payload: unknown, seconds: number, result: AnyResult, failed: boolean): void {
  jobDuration.observe({ job, outcome: failed ? 'failed' : 'completed' }, seconds);
  const vendorCall = vendorCallOf(job, payload);
  if (vendorCall && !failed) {
    const outcome = vendorOutcome(result);
    vendorDuration.observe({ call: vendorCall, outcome }, seconds);
    if (outcome === 'busy') vendorBusy.inc({ call: vendorCall });
  }
  if (job === 'outbox.deliver') {
    const outcome = failed ? 'failed' : String(result?.outcome);
    if (outcome !== 'published') webhookDeliveries.inc({ outcome });
  }
}

/** jobs/index.ts: each handler timed and its outcome counted (the handlers themselves unchanged). */
export function instrumentHandlers(handlers: JobHandlers): JobHandlers {
  const out: JobHandlers = {};
  for (const name of JOB_NAMES) {
    const handler = handlers[name] as JobHandler<JobName> | undefined;
    if (!handler) continue;
    const timed: JobHandler<JobName> = async (payload, ctx) => {
      const started = performance.now();
      try {
        const result = await handler(payload, ctx);
        countJob(name, payload, (performance.now() - started) / 1000, result as AnyResult, false);
        return result;
      } catch (err) {
        countJob(name, payload, (performance.now() - started) / 1000, undefined, true);
        throw err;
      }
    };
    (out as Record<string, JobHandler<JobName>>)[name] = timed;
  }
  return out;
}

// ---------------------------------------------------------------- read at each scrape

/** What a process's scrape reads: its database (queue, outbox, pool) and settings. */
export interface MetricsSource {
  db: Db;
  config: Pick<Config, 'outbox'>;
}

/** the sources bound in this process (one in a running service; the newest is read) */
const sources: MetricsSource[] = [];

/** worker.ts: the process's database read at each scrape; returns its unbinding. */
export function bindMetricsSource(source: MetricsSource): () => void {
  sources.push(source);
  return () => {
    const at = sources.indexOf(source);
    if (at >= 0) sources.splice(at, 1);
  };
}

const databaseUp = new client.Gauge({
  name: 'esop_database_up',
  help: "1 when this scrape's reads of the database (queue, outbox) answered, 0 when they failed",
  registers: [registry],
});
const queueReady = new client.Gauge({ name: 'esop_job_queue_ready', help: 'Jobs waiting to be taken now, by job type (the whole deployment: every process reports the same)', labelNames: ['job'] as const, registers: [registry] });
const queueDeferred = new client.Gauge({ name: 'esop_job_queue_deferred', help: 'Jobs waiting for a later start (retries after a delay), by job type', labelNames: ['job'] as const, registers: [registry] });
const queueActive = new client.Gauge({ name: 'esop_job_queue_active', help: 'Jobs taken by a worker and not finished, by job type', labelNames: ['job'] as const, registers: [registry] });
const queueOldest = new client.Gauge({ name: 'esop_job_queue_oldest_ready_seconds', help: 'How long the oldest job waiting to be taken has waited, by job type (0: none waits)', labelNames: ['job'] as const, registers: [registry] });
const activeOldest = new client.Gauge({ name: 'esop_job_oldest_active_seconds', help: 'How long the longest-running job has run, by job type (0: none runs)', labelNames: ['job'] as const, registers: [registry] });
const outboxUnpublished = new client.Gauge({ name: 'esop_outbox_unpublished_events', help: 'Application events not yet delivered to OUTBOX_WEBHOOK_URL (absent without a webhook)', registers: [registry] });
const outboxLag = new client.Gauge({ name: 'esop_outbox_lag_seconds', help: 'Age of the oldest application event not yet delivered (0: none waits; absent without a webhook)', registers: [registry] });
const poolTotal = new client.Gauge({ name: 'esop_db_pool_connections', help: "The PostgreSQL pool's open connections (PostgreSQL only)", registers: [registry] });
const poolIdle = new client.Gauge({ name: 'esop_db_pool_idle_connections', help: "The PostgreSQL pool's idle connections (PostgreSQL only)", registers: [registry] });
const poolWaiting = new client.Gauge({ name: 'esop_db_pool_waiting_clients', help: 'Queries waiting for a PostgreSQL connection (the pool is full; PostgreSQL only)', registers: [registry] });
const poolMax = new client.Gauge({ name: 'esop_db_pool_max_connections', help: "The PostgreSQL pool's size (PostgreSQL only)", registers: [registry] });

const QUEUE_GAUGES = [queueReady, queueDeferred, queueActive, queueOldest, activeOldest];
const OUTBOX_GAUGES = [outboxUnpublished, outboxLag];
const POOL_GAUGES = [poolTotal, poolIdle, poolWaiting, poolMax];

/** Series without labels always print a value: one that does not apply now is taken out of the registry instead. */
function present(gauges: client.Gauge[], yes: boolean): void {
  for (const g of gauges) {
    const name = (g as unknown as { name: string }).name;
    const registered = registry.getSingleMetric(name) !== undefined;
    if (yes && !registered) registry.registerMetric(g);
    if (!yes && registered) registry.removeSingleMetric(name);
  }
}

async function readSources(): Promise<void> {
  const source = sources.at(-1);
  for (const g of QUEUE_GAUGES) g.reset();
  const pool = (source?.db as { pool?: { totalCount: number; idleCount: number; waitingCount: number; options: { max?: number } } } | undefined)?.pool;
  present(POOL_GAUGES, !!pool);
  if (pool) {
    poolTotal.set(pool.totalCount);
    poolIdle.set(pool.idleCount);
    poolWaiting.set(pool.waitingCount);
    poolMax.set(pool.options.max ?? 10);
  }
  const webhook = !!source?.config.outbox.webhookUrl;
  present([databaseUp], !!source);
  if (!source) return present(OUTBOX_GAUGES, false);
  try {
    const stats = await queueStats(source.db, JOB_NAMES);
    for (const s of stats) {
      queueReady.set({ job: s.name }, s.ready);
      queueDeferred.set({ job: s.name }, s.deferred);
      queueActive.set({ job: s.name }, s.active);
      queueOldest.set({ job: s.name }, s.oldestReadySeconds);
      activeOldest.set({ job: s.name }, s.oldestActiveSeconds);
    }
    if (webhook) {
      const backlog = await outboxBacklog(source.db);
      outboxUnpublished.set(backlog.events);
      outboxLag.set(backlog.oldestSeconds);
    }
    present(OUTBOX_GAUGES, webhook);
    databaseUp.set(1);
  } catch {
    // the reads failed (the database is away): their series are left out of this scrape, not shown stale
    for (const g of QUEUE_GAUGES) g.reset();
    present(OUTBOX_GAUGES, false);
    databaseUp.set(0);
  }
}

/** The text a scrape gets (the database read first). */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  await readSources();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
