/**
 * `npm start` / `npm run serve` (node dist/server/main.js): settings → database (migrated, or checked) → app → listen;
 * SIGTERM/SIGINT: drain, then close (closers).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { compiled } from './compiled';
import { loadConfig, projectRoot } from './config';
import { openPreparedDatabase, settingsOrExit } from './process-start';
import { serverInfoPath, writeOpsToken } from './ops/token';
import { ffmpegChoice, ffmpegVersion } from './vendors/face/ffmpeg';
import { fontReadable } from './pdf/text';
import { startTracing, stopTracing } from './tracing';
import { startMetricsServer } from './metrics/server';

/**
 * Drains the web server: /readyz answers 503 at once (the balancer stops sending) and answers say `Connection: close`
 * (app.ts), requests keep being served for SHUTDOWN_DELAY_MS, then the listener closes (new connections are refused),
 * idle keep-alive connections end, and requests in flight finish; those still running after SHUTDOWN_GRACE_MS are
 * cut (and the exit code is 1).
 */
async function drainHttp(app: FastifyInstance, opts: { delayMs: number; graceMs: number }): Promise<void> {
  app.deps.readiness.drain();
  if (opts.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, opts.delayMs));
  let cut = false;
  const timer = setTimeout(() => {
    cut = true;
    app.log.warn({ graceMs: opts.graceMs }, 'shutdown: requests still running after the grace period are cut');
    app.server.closeAllConnections();
  }, opts.graceMs);
  // a keep-alive connection whose request ends during the drain goes idle afterwards: end it then, not after keepAliveTimeout
  const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
    clearInterval(sweep);
  }
  if (cut) throw new Error(`requests were still running after ${opts.graceMs} ms`);
}

/** server.json names this process (another one sharing DATA_DIR may have written it since). */
function ownsServerInfo(dataDir: string): boolean {
  try {
    return (JSON.parse(readFileSync(serverInfoPath(dataDir), 'utf8')) as { pid?: number }).pid === process.pid;
  } catch {
    return false;
  }
}

async function start(): Promise<void> {
  const config = settingsOrExit(() => loadConfig(process.env));
  if (config.tracesUrl) startTracing({ role: 'web', url: config.tracesUrl });
  const { db, applied } = await openPreparedDatabase(config);
  const app = await buildApp({ config, db });
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
  const ffmpeg = ffmpegChoice();
  try {
    app.log.info({ ffmpeg: { ...ffmpeg, version: ffmpegVersion(ffmpeg.path) } }, "ffmpeg for applicants' videos");
  } catch (err) {
    app.log.error({ ffmpeg, err }, "ffmpeg for applicants' videos does not run: video uploads and face checks will fail");
  }
  // a missing CJK font fails every generated document: said at start, by name, and /readyz stays 503 (app.ts)
  await fontReadable().catch((err: Error) => app.log.error({ font: err.message }, 'the CJK font for generated documents is missing: this process is not ready'));
  // the signers' certificate authority: the local one reads its root now (made once, kept in the database), not at a signer's first certificate
  if (config.ca.vendor === 'local') await app.deps.vendors.ca.rootCertificate();

  // Closed in this order at SIGTERM/SIGINT: the web server drains first (readiness 503, then no new connections,
  // requests in flight finish within SHUTDOWN_GRACE_MS), then what the requests used. A part with work in hand
  // of its own (the job queue) adds its graceful stop here, between the web server and the database.
  // SIGTERM (a platform, a balancer's deployment) keeps serving for SHUTDOWN_DELAY_MS while /readyz says 503; Ctrl-C
  // at a terminal (SIGINT) has no balancer to tell and drains at once
  let delayMs = config.shutdown.delayMs;
  const closers: { name: string; close: () => Promise<void> }[] = [
    { name: 'http', close: () => drainHttp(app, { delayMs, graceMs: config.shutdown.graceMs }) },
    { name: 'database', close: () => db.close() },
    { name: 'traces', close: () => stopTracing() },
  ];

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      if (signal === 'SIGINT') process.exit(1); // Ctrl-C again: do not wait for the drain
      return;
    }
    closing = true;
    if (signal === 'SIGINT') delayMs = 0;
    app.log.info({ signal, delayMs, graceMs: config.shutdown.graceMs }, 'shutting down: draining');
    // the last resort if a closer hangs
    setTimeout(() => process.exit(1), delayMs + config.shutdown.graceMs + 10_000).unref();
    let code = 0;
    for (const closer of closers) {
      try {
        await closer.close();
      } catch (err) {
        code = 1;
        app.log.error({ err, closer: closer.name }, 'shutdown: a part did not close cleanly');
      }
    }
    if (ownsServerInfo(config.dataDir)) rmSync(serverInfoPath(config.dataDir), { force: true });
    app.log.info({ code }, 'shut down');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close().catch(() => undefined);
    await db.close();
    throw err;
  }
  // Prometheus /metrics on METRICS_PORT (never the applicants' port), closed last
  const metrics = await startMetricsServer(config.metrics);
  if (metrics) {
    closers.push({ name: 'metrics', close: () => metrics.close() });
    app.log.info({ metrics: { host: config.metrics.host, port: config.metrics.port, token: !!config.metrics.token } }, 'metrics listener started');
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // the ops CLI's way in: a token for this run unless OPS_TOKEN is set, and (PGlite: the CLI cannot open the database
  // while this process has it) where this process listens
  if (!config.ops.token) writeOpsToken(config.dataDir);
  if (db.kind === 'pglite') writeFileSync(serverInfoPath(config.dataDir), JSON.stringify({ port, pid: process.pid }) + '\n');
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  process.stdout.write(
    [
      '',
      `  Account opening is running: http://${shownHost}:${port}/pages/openAccount.html`,
      ...(existsSync(join(projectRoot(), 'dist', 'pages')) ? [] : ['  The site is not built yet (npm run build, or npm start): only the API answers.']),
      ...(existsSync(join(projectRoot(), 'dist', 'desk'))
        ? [`  Review desk for staff: http://${shownHost}:${port}/desk/ (the first admin: npm run ${compiled ? 'ops' : 'ops:dev'} -- staff-create <login> --role admin --name "…")`]
        : []),
      `  Database: ${db.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}`,
      `  Files: ${app.deps.storage.kind === 's3' ? `S3 bucket ${app.deps.storage.location}` : `disk, ${app.deps.storage.location}`}`,
      config.sms.vendor === 'console'
        ? `  Log in with any phone number; the verification code appears in this log as "[sms] code for ...",\n  or run: npm run ${compiled ? 'ops' : 'ops:dev'} -- code <phone> [--area 852]`
        : '  Verification codes are sent by the HTTP SMS vendor.',
      '',
    ].join('\n') + '\n',
  );
}

start().catch((err) => {
  process.stderr.write(`failed to start: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
