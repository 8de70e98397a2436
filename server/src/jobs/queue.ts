/**
 * The job queue: pg-boss on the service's own database. On PGlite (the embedded default) it runs inside the one
 * process, through pg-boss's PGlite adapter (the same instance: its statements queue with the app's); on PostgreSQL
 * it keeps its own small pool and its own schema (pgboss), and LISTEN/NOTIFY wakes the workers of any process the
 * moment a job is sent.
 *
 * - send(name, payload): a job for whoever works that queue (this process with JOBS=inline, `npm run worker`).
 * - runAndWait(name, payload, timeoutMs): sends the job and waits for its result, the way a request waits for the
 *   vendor call it used to make itself: the job's row is read every POLL_MS (never blocking the event loop), and a
 *   job worked in this very process answers at once. Past the time-out the job is cancelled and JobTimeoutError
 *   says whether it had started; a handler that gave up after its retries gives JobFailedError.
 * - work(handlers): this process works the queues it has handlers for.
 * - stop(): stops taking jobs, lets the ones in hand finish for a while (then hands them back: they are retried).
 *
 * Never send a job from inside db.transaction() on PGlite: the queue's statements wait for the transaction to end,
 * which waits for the send.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { PgBoss, fromPglite, type ConstructorOptions, type Queue, type SendOptions } from 'pg-boss';
import type { Config } from '../config';
import type { Db } from '../db';
import { contextFrom, inSpan, SpanKind, traceCarrier } from '../tracing';
import { JOB_NAMES, type JobHandler, type JobHandlers, type JobName, type PayloadOf, type ResultOf } from './types';

/** pino's shape (app.log), or anything with these three */
export interface JobsLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silentLog: JobsLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** how often runAndWait reads its job's row */
export const POLL_MS = 150;

/**
 * A waited-on job's worker proves it is alive every HEARTBEAT_SECONDS / 2 (pg-boss heartbeats); a job whose worker
 * went silent for HEARTBEAT_SECONDS (killed, frozen, its machine gone) is failed by the supervisor of any working
 * process, which looks every SUPERVISE_SECONDS, and run again at once by another worker (retryLimit 1). So a face
 * check whose worker dies is taken over within about HEARTBEAT_SECONDS + SUPERVISE_SECONDS + JOBS_POLL_SECONDS,
 * well inside the request's FACE_TIMEOUT_MS, and is never run twice while its first worker lives.
 */
export const HEARTBEAT_SECONDS = 10;
export const SUPERVISE_SECONDS = 3;

/** A job waited on did not finish in time. `started`: a worker had taken it (false: it was still queued). */
export class JobTimeoutError extends Error {
  constructor(
    readonly job: JobName,
    readonly started: boolean,
  ) {
    super(`job ${job} did not finish in time (${started ? 'started' : 'never started'})`);
    this.name = 'JobTimeoutError';
  }
}

/** A job waited on failed for good (its handler threw on its last attempt), or was cancelled. */
export class JobFailedError extends Error {
  constructor(
    readonly job: JobName,
    readonly state: string,
    readonly output: unknown,
  ) {
    super(`job ${job} ${state}${(output as { message?: unknown } | null)?.message ? `: ${String((output as { message: unknown }).message)}` : ''}`);
    this.name = 'JobFailedError';
  }
}

interface QueuePlan {
  queue: Omit<Queue, 'name'>;
  /** jobs of the queue one process works at once */
  concurrency: number;
}

/**
 * Each queue's policy, retries and time limits. SMS and webhook deliveries retry with exponential backoff;
 * face checks and OCR run once more only when their worker died (the caller is waiting and has its own time-out):
 * their worker's heartbeat tells, within HEARTBEAT_SECONDS, rather than the job's expiry.
 */
export function queuePlans(config: Config): Record<JobName, QueuePlan> {
  const delay = config.jobs.retryDelaySeconds;
  const backoff = (max: number) => (delay > 0 ? { retryDelay: delay, retryBackoff: true, retryDelayMax: max } : { retryDelay: 0, retryBackoff: false });
  const waitedOn = (timeoutMs: number) => ({
    retryLimit: 1,
    retryDelay: 0,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    expireInSeconds: Math.ceil(timeoutMs / 1000) + 30,
    deleteAfterSeconds: 600,
    retentionSeconds: 600,
  });
  return {
    // the sealed code must not outlive its use: completed jobs kept an hour, unstarted ones dropped after one
    'sms.send': { queue: { policy: 'standard', retryLimit: config.jobs.smsRetries, ...backoff(60), expireInSeconds: 60, deleteAfterSeconds: 3600, retentionSeconds: 3600, notify: true }, concurrency: 4 },
    // one sweep queued or running at a time, whoever sends it
    'outbox.sweep': { queue: { policy: 'exclusive', retryLimit: 0, expireInSeconds: 120, deleteAfterSeconds: 600, notify: true }, concurrency: 1 },
    // one delivery job per event queued or running at a time (singletonKey = the event id)
    'outbox.deliver': { queue: { policy: 'exclusive', retryLimit: config.outbox.retries, ...backoff(3600), expireInSeconds: 60, deleteAfterSeconds: 7 * 86400, notify: true }, concurrency: 4 },
    'face.check': { queue: { policy: 'standard', ...waitedOn(config.face.timeoutMs), notify: true }, concurrency: config.face.vendor === 'local' ? config.face.workers : 4 },
    'ocr.read': { queue: { policy: 'standard', ...waitedOn(config.ocr.timeoutMs), notify: true }, concurrency: 2 },
  };
}

/** How pg-boss reaches the database: the PGlite instance itself, or PostgreSQL with a pool of its own. */
function connectionOf(config: Config, db: Db): Partial<ConstructorOptions> {
  if (db.kind === 'pglite') {
    const lite = (db as { lite?: PGlite }).lite;
    if (!lite) throw new Error('the job queue needs the PGlite instance (a Db made by openPglite/wrapPglite)');
    return { db: fromPglite(lite), backend: 'pglite' };
  }
  if (config.databaseUrl) return { connectionString: config.databaseUrl, max: config.jobs.poolMax, connectionTimeoutMillis: config.pool.connectTimeoutMs, application_name: 'esop-jobs' };
  const pool = (db as { pool?: pg.Pool }).pool;
  if (!pool) throw new Error('the job queue needs DATABASE_URL (or a Db made by openPostgres)');
  return { db: { executeSql: async (text: string, values?: unknown[]) => ({ rows: (await pool.query(text, values as unknown[])).rows }) } };
}

export interface JobsOptions {
  config: Config;
  db: Db;
  log?: JobsLog;
  /** 'web' or 'worker', recorded in pg-boss's instance list */
  role: 'web' | 'worker';
}

export interface Jobs {
  readonly mode: Config['jobs']['mode'];
  /** true once this process works jobs (work() called) */
  readonly working: boolean;
  start(): Promise<void>;
  send<N extends JobName>(name: N, payload: PayloadOf<N>, options?: Pick<SendOptions, 'singletonKey' | 'startAfter'>): Promise<string | null>;
  /** several jobs of one queue in one statement (duplicates of an exclusive queue's key are skipped) */
  sendMany<N extends JobName>(name: N, jobs: { payload: PayloadOf<N>; singletonKey?: string }[]): Promise<void>;
  runAndWait<N extends JobName>(name: N, payload: PayloadOf<N>, timeoutMs: number): Promise<ResultOf<N>>;
  /** jobs of a queue waiting to be taken (created or waiting to retry), counted up to `upTo` */
  countWaiting(name: JobName, upTo: number): Promise<number>;
  /** jobs of a queue being worked now, as the queue's last count says (the supervisor's, every SUPERVISE_SECONDS) */
  countActive(name: JobName): Promise<number>;
  /**
   * Where the oldest job whose payload contains `match` stands: queued with `ahead` jobs before it (oldest first),
   * active, or settled; null when there is none.
   */
  position(name: JobName, match: object): Promise<{ state: 'queued' | 'active' | 'settled'; ahead: number } | null>;
  /** this process works the queues it is given handlers for; `every` sends a job on a timer (e.g. the outbox sweep) */
  work(handlers: JobHandlers, every?: { name: JobName; seconds: number }[]): Promise<void>;
  /** stops taking jobs; those in hand get up to timeoutMs to finish, then are handed back (retried later) */
  stop(timeoutMs?: number): Promise<void>;
  /** readiness: the queue is started, not stopping, and its schema answers */
  ready(): Promise<boolean>;
  /** the pg-boss instance (tests, operations) */
  readonly boss: PgBoss;
}

export function createJobs(opts: JobsOptions): Jobs {
  const { config, db, role } = opts;
  const log = opts.log ?? silentLog;
  const plans = queuePlans(config);
  // maintenance (expired jobs back to retry, old jobs deleted) runs where jobs are worked
  const works = role === 'worker' || config.jobs.mode === 'inline';
  const boss = new PgBoss({
    ...connectionOf(config, db),
    useListenNotify: true,
    supervise: works,
    // the job expiry and the heartbeat check run this often where jobs are worked (a dead worker's job taken over fast)
    ...(works ? { superviseIntervalSeconds: SUPERVISE_SECONDS, monitorIntervalSeconds: SUPERVISE_SECONDS } : {}),
    schedule: false,
    migrate: true,
    instanceName: role,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  boss.on('warning', (w) => log.warn({ warning: w }, 'job queue warning'));

  /** callers of runAndWait waiting on a job this process works: resolved by the handler's result at once */
  const localWaiters = new Map<string, (result: unknown) => void>();
  const workerIds = new Map<JobName, string>();
  const timers: NodeJS.Timeout[] = [];
  let started: Promise<void> | null = null;
  let stopped = false;
  let working = false;

  // the sender's trace context travels with the job (tracing.ts; nothing when tracing is off)
  /**
   * A job sent by this process for a queue it works itself is started now, not at its worker's next poll: on PGlite
   * there is no NOTIFY, and an SMS waited up to JOBS_POLL_SECONDS before it went out.
   */
  const wakeLocal = (name: JobName) => {
    const id = workerIds.get(name);
    if (id) boss.notifyWorker(id);
  };
  const send: Jobs['send'] = async (name, payload, options = {}) => {
    const id = await boss.send(name, { ...(payload as object), ...traceCarrier() }, options);
    wakeLocal(name);
    return id;
  };

  async function findJob(name: JobName, id: string) {
    const [job] = await boss.findJobs(name, { id });
    return job ?? null;
  }

  const jobs: Jobs = {
    mode: config.jobs.mode,
    boss,
    get working() {
      return working;
    },

    start() {
      started ??= (async () => {
        await boss.start();
        for (const name of JOB_NAMES) {
          const { queue } = plans[name];
          if (!(await boss.getQueue(name))) await boss.createQueue(name, queue);
          // the settings of this start (retries, time limits) apply to jobs sent from now on
          const { policy: _policy, ...changeable } = queue;
          await boss.updateQueue(name, changeable);
        }
      })();
      return started;
    },

    send,

    async ready() {
      if (!started || stopped) return false;
      try {
        await started;
        return await boss.isInstalled();
      } catch {
        return false;
      }
    },

    async sendMany(name, list) {
      if (!list.length) return;
      await boss.insert(name, list.map((j) => ({ data: j.payload as object, singletonKey: j.singletonKey })));
      wakeLocal(name);
    },

    async runAndWait(name, payload, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      let settle!: (result: unknown) => void;
      const local = new Promise<unknown>((resolve) => (settle = resolve));
      const id = await boss.send(name, { ...(payload as object), deadline, ...traceCarrier() });
      if (!id) throw new JobFailedError(name, 'refused', null);
      localWaiters.set(id, settle);
      wakeLocal(name);
      try {
        for (;;) {
          const left = deadline - Date.now();
          if (left <= 0) break;
          let timer: NodeJS.Timeout | undefined;
          const tick = new Promise<typeof NOTHING>((resolve) => (timer = setTimeout(() => resolve(NOTHING), Math.min(POLL_MS, left))));
          const hit = await Promise.race([local, tick]);
          clearTimeout(timer);
          if (hit !== NOTHING) return hit as ResultOf<typeof name>;
          const job = await findJob(name, id);
          if (!job) throw new JobFailedError(name, 'deleted', null);
          if (job.state === 'completed') return job.output as ResultOf<typeof name>;
          if (job.state === 'failed' || job.state === 'cancelled') throw new JobFailedError(name, job.state, job.output);
        }
        const job = await findJob(name, id).catch(() => null);
        await boss.cancel(name, id).catch(() => undefined);
        if (job?.state === 'completed') return job.output as ResultOf<typeof name>;
        throw new JobTimeoutError(name, !!job && (job.state === 'active' || job.retryCount > 0));
      } finally {
        localWaiters.delete(id);
      }
    },

    async countWaiting(name, upTo) {
      return (await boss.findJobs(name, { queued: true, limit: Math.max(1, upTo) })).length;
    },

    async countActive(name) {
      return (await boss.getQueue(name))?.activeCount ?? 0;
    },

    async position(name, match) {
      const [mine] = await boss.findJobs(name, { data: match, limit: 1 });
      if (!mine) return null;
      if (mine.state === 'active') return { state: 'active', ahead: 0 };
      if (mine.state !== 'created' && mine.state !== 'retry') return { state: 'settled', ahead: 0 };
      const queued = await boss.findJobs(name, { queued: true, limit: POSITION_LIMIT });
      const at = queued.findIndex((j) => j.id === mine.id);
      return { state: 'queued', ahead: at < 0 ? queued.length : at };
    },

    async work(handlers, every = []) {
      await jobs.start();
      working = true;
      for (const name of JOB_NAMES) {
        const handler = handlers[name] as JobHandler<JobName> | undefined;
        if (!handler) continue;
        const id = await boss.work(
          name,
          { pollingIntervalSeconds: config.jobs.pollSeconds, notifyPollingIntervalSeconds: config.jobs.pollSeconds, localConcurrency: plans[name].concurrency, includeMetadata: true },
          async ([job]) => {
            const { deadline, traceparent, tracestate, ...payload } = job.data as { deadline?: number; traceparent?: string; tracestate?: string } & Record<string, unknown>;
            // the caller gave up already (a job that waited too long, or the retry of a crashed one): nothing to do
            if (typeof deadline === 'number' && Date.now() > deadline) return { late: true };
            try {
              // a span for the job, child of the request that sent it (tracing.ts)
              const result = await inSpan(
                `job ${name}`,
                { 'esop.job': name, 'esop.job_id': job.id, 'esop.attempt': job.retryCount + 1 },
                () => handler(payload as PayloadOf<JobName>, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, signal: job.signal }),
                { parent: contextFrom({ traceparent, tracestate }), kind: SpanKind.CONSUMER },
              );
              localWaiters.get(job.id)?.(result);
              return result;
            } catch (err) {
              log.warn({ err, job: name, jobId: job.id, attempt: job.retryCount + 1, of: job.retryLimit + 1 }, 'job failed');
              throw err;
            }
          },
        );
        workerIds.set(name, id);
      }
      for (const e of every) {
        const timer = setInterval(() => {
          if (!stopped) send(e.name, {} as PayloadOf<typeof e.name>).catch((err) => log.warn({ err, job: e.name }, 'could not send a periodic job'));
        }, e.seconds * 1000);
        timer.unref();
        timers.push(timer);
      }
    },

    async stop(timeoutMs = 8000) {
      if (stopped) return;
      stopped = true;
      for (const t of timers) clearInterval(t);
      if (!started) return;
      await started.catch(() => undefined);
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
  return jobs;
}

const NOTHING = Symbol('nothing');
/** the most queued jobs position() reads (a queue longer than this says "this many ahead") */
const POSITION_LIMIT = 1000;
