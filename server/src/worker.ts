/**
 * `npm run worker`: works the job queues (server/src/jobs: login-code SMS, the outbox's webhook, face checks, OCR) on
 * the service's database, beside any number of web processes started with JOBS=worker. Settings as the web's (the
 * same environment: DATABASE_URL, the vendors, the storage, SIGNING_SECRET, which opens the SMS jobs' codes).
 *
 * Start: settings → database → migrations (as the web does at start, under the same lock: whichever starts first
 * applies them) → vendors and storage → work. SIGTERM/SIGINT: stop taking jobs, give the ones in hand
 * JOBS_STOP_SECONDS to finish (then they are handed back and retried by another worker), close the engines and
 * the database.
 */
import { getPriority, setPriority } from 'node:os';
import Fastify from 'fastify';
import { loadConfig } from './config';
import { createJobs, workJobs } from './jobs';
import { moduleJobs } from './modules/jobs';
import { loggerOptions } from './log';
import { openPreparedDatabase, settingsOrExit } from './process-start';
import { systemClock } from './plugins/context';
import { createStorage } from './storage';
import { createVendors } from './vendors';
import { startTracing, stopTracing } from './tracing';
import { bindMetricsSource } from './metrics';
import { startMetricsServer } from './metrics/server';

async function start(): Promise<void> {
  const config = settingsOrExit(() => loadConfig(process.env));
  if (config.tracesUrl) startTracing({ role: 'worker', url: config.tracesUrl });
  if (!config.databaseUrl) {
    process.stderr.write('npm run worker needs DATABASE_URL (PostgreSQL): on the embedded PGlite the jobs run inside npm start (JOBS=inline)\n');
    process.exit(2);
  }
  // the service's logger settings (redaction, serializers), without a server
  const log = Fastify({ logger: loggerOptions(config, 'worker') }).log;
  // background work yields the CPU to web processes on the same machine (children inherit it)
  if (config.jobs.workerNice > 0) {
    try {
      setPriority(0, Math.max(getPriority(0), config.jobs.workerNice));
    } catch (err) {
      log.warn({ err, nice: config.jobs.workerNice }, 'the worker could not lower its CPU priority');
    }
  }
  const { db, applied } = await openPreparedDatabase(config);
  if (applied.length) log.info({ migrations: applied }, 'migrations applied');

  const vendors = createVendors(config, db);
  // one storage object for every handler (the web's createStorage: the same files)
  const storage = createStorage(config);
  const jobs = createJobs({ config, db, role: 'worker', log });
  await workJobs({ config, db, clock: systemClock, vendors, storage, jobs }, moduleJobs());
  // Prometheus /metrics on METRICS_PORT: the jobs this worker runs, the queue and the pool
  bindMetricsSource({ db, config });
  const metrics = await startMetricsServer(config.metrics);
  log.info({ database: db.kind, pollSeconds: config.jobs.pollSeconds, outbox: !!config.outbox.webhookUrl, metricsPort: config.metrics.port ?? null }, 'worker started');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, graceSeconds: config.jobs.stopSeconds }, 'worker stopping: finishing the jobs in hand');
    const force = setTimeout(() => process.exit(1), (config.jobs.stopSeconds + 10) * 1000);
    force.unref();
    try {
      await jobs.stop(config.jobs.stopSeconds * 1000);
      await Promise.all([vendors.face.close(), vendors.ocr.close(), storage.close(), metrics?.close()]).catch(() => undefined);
    } finally {
      await stopTracing();
      await db.close();
      log.info('worker stopped');
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

start().catch((err) => {
  process.stderr.write(`worker failed to start: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
