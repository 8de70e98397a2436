/**
 * A worker killed during a face check (PostgreSQL: run with DATABASE_URL). The applicant's request waits; the job's
 * heartbeat stops with its worker, the supervisor of another worker fails it and that worker runs it once more; the
 * waiting request gets that answer well inside its time-out, and the check ran to its end once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createJobs, HEARTBEAT_SECONDS, type Jobs } from '../src/jobs/queue';
import { runForRequest } from '../src/jobs/vendor-calls';
import type { FaceJobResult } from '../src/jobs/types';
import { completedJob, createTestApp, eventually, type TestApp } from './helpers';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const ROOT = join(__dirname, '..', '..');

onPostgres('a worker killed mid-job (PostgreSQL)', () => {
  let t: TestApp;
  let dying: ChildProcess;
  let second: Jobs | undefined;
  let output = '';

  beforeAll(async () => {
    // the web only sends jobs (JOBS=worker), as in production
    t = await createTestApp({ env: { JOBS: 'worker', FACE_TIMEOUT_MS: '45000' } });
    dying = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'hanging-worker.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: t.config.databaseUrl, DATA_DIR: t.config.dataDir, JOBS_POLL_SECONDS: '0.5', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    dying.stdout!.on('data', (c) => (output += c));
    dying.stderr!.on('data', (c) => (output += c));
    await eventually('the first worker ready', () => output.includes('ready'), 90_000);
  }, 120_000);

  afterAll(async () => {
    if (dying.exitCode === null && dying.signalCode === null) dying.kill('SIGKILL');
    await second?.stop(1000);
    await t.close();
  });

  test('the waiting request gets the answer of a second worker, the check having run to its end once', async () => {
    const started = Date.now();
    const answer = runForRequest(t.app.deps.jobs, 'face.check', { videoKey: '00/' + '0'.repeat(32), idPhotoKey: '00/' + '1'.repeat(32), sealedPerson: 'x' }, t.config.face.timeoutMs);
    answer.catch(() => undefined);
    const id = (await eventually('the first worker took the job', () => /taken (\S+)/.exec(output)?.[1], 30_000))!;

    // a second worker, up before the first dies (as a deployment of two workers, or the restarted one)
    const ran: string[] = [];
    second = createJobs({ config: t.config, db: t.db, role: 'worker' });
    const result: FaceJobResult = { busy: false, passed: true, reason: null, frameKey: null, scores: {}, vendor: 'test' };
    await second.work({ 'face.check': async (_p, job) => (ran.push(job.id), result) });

    const exited = new Promise((resolve) => dying.once('exit', resolve));
    dying.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();

    await expect(answer).resolves.toEqual(result);
    const waited = Date.now() - started;
    expect(ran).toEqual([id]);
    // taken over within the heartbeat, the supervisor's look and a poll: far inside the request's 45 s
    expect(Date.now() - killedAt).toBeLessThan((HEARTBEAT_SECONDS + 15) * 1000);
    expect(waited).toBeLessThan(t.config.face.timeoutMs);
    const job = await completedJob(t.app.deps.jobs.boss, 'face.check', { id });
    expect(job).toMatchObject({ state: 'completed', retryCount: 1 });
  }, 90_000);
});
