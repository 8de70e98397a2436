/**
 * `npm run worker` as its own process beside a web app started with JOBS=worker, on one PostgreSQL database (run with
 * DATABASE_URL; PGlite is one process, whose jobs run inside npm start): the web only sends jobs, the worker sends the
 * login SMS and publishes the outbox, and SIGTERM stops it cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { insertEvent } from '../src/modules/applications/events-repository';
import { verifyWebhook, SIGNATURE_HEADER } from '../src/jobs/webhook';
import { createTestApp, eventually, type TestApp } from './helpers';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const SECRET = 'worker-test-secret-0123456789-abcdef';
const ROOT = join(__dirname, '..', '..');

onPostgres('npm run worker (PostgreSQL)', () => {
  let t: TestApp;
  let server: Server;
  let worker: ChildProcess;
  let output = '';
  const received: { body: string; signature: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ body, signature: String(req.headers[SIGNATURE_HEADER]) });
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
    t = await createTestApp({ env: { JOBS: 'worker' } });
    worker = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'src', 'worker.ts')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: t.config.databaseUrl,
        // the web's data folder: the same SIGNING_SECRET (the SMS jobs' codes are sealed with it)
        DATA_DIR: t.config.dataDir,
        JOBS_POLL_SECONDS: '0.5',
        OUTBOX_WEBHOOK_URL: url,
        OUTBOX_WEBHOOK_SECRET: SECRET,
        OUTBOX_SWEEP_SECONDS: '1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (c) => (output += c));
    worker.stderr!.on('data', (c) => (output += c));
    await eventually('the worker started', () => output.includes('worker started'), 90_000);
  }, 120_000);

  afterAll(async () => {
    if (worker.exitCode === null) worker.kill('SIGKILL');
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('the web sends, the worker works (at a lower CPU priority): a login code reaches the applicant and an event the webhook; SIGTERM ends it cleanly', async () => {
    expect(t.app.deps.jobs.working).toBe(false);
    // WORKER_NICE (default 10): the worker's nice value, field 19 of /proc/<pid>/stat
    const nice = Number(readFileSync(`/proc/${worker.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    expect(nice).toBeGreaterThanOrEqual(10);
    // SendCode in the web; the SMS handed over by the worker (the console vendor prints it in the worker's log)
    const client = await t.login('95100001');
    expect(client.user?.phoneMasked).toBe('95****01');
    expect(output).toMatch(/\[sms\] code for \+852 95\*\*\*\*01: \d{6}/);

    const e = await insertEvent(t.db, { appId: 'WORKER1', at: new Date(), actor: 'system', kind: 'status', fromStatus: 1, toStatus: 2, detail: {} });
    const hit = await eventually('the event delivered', () => received.find((r) => r.body.includes('"WORKER1"')), 30_000);
    expect(verifyWebhook(SECRET, hit.signature, hit.body, Math.floor(Date.now() / 1000))).toBe(true);
    await eventually('published', async () => (await t.db.query<{ published_at: Date | null }>('SELECT published_at FROM application_events WHERE id = $1', [e.id])).rows[0].published_at);

    const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));
    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('worker stopped');
  }, 90_000);
});
