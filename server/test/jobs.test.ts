/**
 * Background jobs (server/src/jobs) against a real migrated database (PGlite here; DATABASE_URL runs them on
 * PostgreSQL): the outbox published to a webhook receiver on 127.0.0.1 (signature a receiver can check, retries with
 * backoff after 5xx, one successful delivery recorded when two workers race), jobs that crash or are handed back on a
 * stop are run again, and a request waiting on a job nobody takes gets 100503.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@core/domain';
import { loadConfig, ConfigError, type Config } from '../src/config';
import type { Db } from '../src/db';
import { AppError } from '../src/errors';
import { createJobs, JobTimeoutError, type Jobs } from '../src/jobs';
import { deliverEvent } from '../src/jobs/outbox';
import { checkFaceByJob, runForRequest } from '../src/jobs/vendor-calls';
import { verifyWebhook, SIGNATURE_HEADER, EVENT_ID_HEADER } from '../src/jobs/webhook';
import { unseal } from '../src/jobs/seal';
import { insertEvent } from '../src/modules/applications/events-repository';
import { createStorage } from '../src/storage';
import { completedJob, createTestApp, createTestDb, eventually, type TestApp } from './helpers';

const SECRET = 'outbox-test-secret-0123456789-abcdef';

interface Delivery {
  eventId: number;
  /** the event's application (the receiver's key: two databases in this file number their events alike) */
  appId: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

let server: Server;
let url: string;
const deliveries: Delivery[] = [];
/** statuses the receiver answers for an application's event, in turn (then 200) */
const answers = new Map<string, number[]>();
/** held deliveries: the receiver answers an application's event's first delivery only once a second one has come */
const holdUntilSecond = new Set<string>();
const held = new Map<string, () => void>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const eventId = Number(req.headers[EVENT_ID_HEADER]);
      const appId = (JSON.parse(raw.toString('utf8')) as { appId: string }).appId;
      deliveries.push({ eventId, appId, headers: req.headers, raw });
      const answer = () => {
        res.statusCode = answers.get(appId)?.shift() ?? 200;
        res.end();
      };
      if (holdUntilSecond.has(appId)) {
        const first = held.get(appId);
        if (!first) return void held.set(appId, answer);
        first();
      }
      answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks/esop`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOX_WEBHOOK_URL: url, OUTBOX_WEBHOOK_SECRET: SECRET, OUTBOX_SWEEP_SECONDS: '1', OUTBOX_RETRIES: '3' } });
});
afterAll(() => t.close());

let appSeq = 0;
async function newEvent(kind = 'approve'): Promise<{ id: number; appId: string }> {
  const appId = `JOBAPP${++appSeq}`;
  const e = await insertEvent(t.db, { appId, at: new Date('2026-11-20T08:00:00Z'), actor: 'ops:approve', kind, fromStatus: 2, toStatus: 3, detail: { note: 'test' } });
  return { id: Number(e.id), appId };
}

const deliveriesOf = async (eventId: number) =>
  (await t.db.query<{ attempt: number; outcome: string; status_code: number | null }>('SELECT attempt, outcome, status_code FROM outbox_deliveries WHERE event_id = $1 ORDER BY id', [eventId])).rows;
const publishedAt = async (eventId: number) => (await t.db.query<{ published_at: Date | null }>('SELECT published_at FROM application_events WHERE id = $1', [eventId])).rows[0].published_at;

describe('the outbox webhook', () => {
  test('each event is POSTed as JSON with a signature the receiver can check, and recorded as delivered once', async () => {
    const { id, appId } = await newEvent();
    await eventually('the event published', () => publishedAt(id));
    const got = deliveries.filter((d) => d.appId === appId);
    expect(got).toHaveLength(1);
    const [d] = got;
    expect(d.headers['content-type']).toBe('application/json');
    expect(JSON.parse(d.raw.toString('utf8'))).toEqual({
      id,
      appId,
      at: '2026-11-20T08:00:00.000Z',
      actor: 'ops:approve',
      kind: 'approve',
      fromStatus: 2,
      toStatus: 3,
      detail: { note: 'test' },
    });
    // the receiver's check: HMAC-SHA256 over "<t>.<raw body>" with the shared secret, t close to its clock
    const header = d.headers[SIGNATURE_HEADER] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(SECRET, header, d.raw, now)).toBe(true);
    expect(verifyWebhook('another-secret-0123456789-abcdefghij', header, d.raw, now)).toBe(false);
    expect(verifyWebhook(SECRET, header, Buffer.from(d.raw.toString('utf8').replace('"approve"', '"reject"')), now)).toBe(false);
    // a delivery replayed an hour later is refused
    expect(verifyWebhook(SECRET, header, d.raw, now + 3600)).toBe(false);
    expect(await deliveriesOf(id)).toEqual([{ attempt: 1, outcome: 'delivered', status_code: 200 }]);
  });

  test('a receiver answering 500 gets the event again, with backoff, until it takes it; every attempt is recorded', async () => {
    const { id, appId } = await newEvent('reject');
    answers.set(appId, [500, 503]);
    await eventually('the event published', () => publishedAt(id), 30_000);
    expect(await deliveriesOf(id)).toEqual([
      { attempt: 1, outcome: 'failed', status_code: 500 },
      { attempt: 2, outcome: 'failed', status_code: 503 },
      { attempt: 3, outcome: 'delivered', status_code: 200 },
    ]);
    // the same event each time, and the one job behind it retried twice with exponential backoff
    const bodies = new Set(deliveries.filter((d) => d.appId === appId).map((d) => d.raw.toString('utf8')));
    expect(bodies.size).toBe(1);
    const job = await completedJob(t.app.deps.jobs.boss, 'outbox.deliver', { key: `event:${id}` });
    expect(job).toEqual(expect.objectContaining({ state: 'completed', retryCount: 2, retryBackoff: true }));
  }, 40_000);

  test('settings: a webhook URL needs its secret; JOBS=worker needs PostgreSQL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'esop-jobs-cfg-'));
    try {
      expect(() => loadConfig({ DATA_DIR: dir, OUTBOX_WEBHOOK_URL: 'https://example.com/hook' })).toThrow(/OUTBOX_WEBHOOK_SECRET: is required/);
      expect(() => loadConfig({ DATA_DIR: dir, OUTBOX_WEBHOOK_URL: 'https://example.com/hook', OUTBOX_WEBHOOK_SECRET: 'short' })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dir, JOBS: 'worker' })).toThrow(/JOBS: worker needs DATABASE_URL/);
      expect(() => loadConfig({ DATA_DIR: dir, JOBS_POLL_SECONDS: '0.1' })).toThrow(/JOBS_POLL_SECONDS/);
      const ok = loadConfig({ DATA_DIR: dir, OUTBOX_WEBHOOK_URL: 'https://example.com/hook', OUTBOX_WEBHOOK_SECRET: SECRET });
      expect(ok.outbox).toEqual({ webhookUrl: 'https://example.com/hook', webhookSecret: SECRET, retries: 10, sweepSeconds: 5 });
      expect(ok.jobs).toEqual({ mode: 'inline', pollSeconds: 2, retryDelaySeconds: 2, smsRetries: 4, stopSeconds: 25, workerNice: 10, poolMax: 4 });
      // the secret from a mounted file, as the other secrets; not both ways at once
      const file = join(dir, 'webhook.secret');
      writeFileSync(file, `${SECRET}\n`);
      expect(loadConfig({ DATA_DIR: dir, OUTBOX_WEBHOOK_URL: 'https://example.com/hook', OUTBOX_WEBHOOK_SECRET_FILE: file }).outbox.webhookSecret).toBe(SECRET);
      expect(() => loadConfig({ DATA_DIR: dir, OUTBOX_WEBHOOK_URL: 'https://example.com/hook', OUTBOX_WEBHOOK_SECRET: SECRET, OUTBOX_WEBHOOK_SECRET_FILE: file })).toThrow(/not both/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** a database of its own, with no app working its jobs: the processes are made by each test */
const q = {} as { db: Db & { url?: string }; config: Config; dir: string };
beforeAll(async () => {
  q.db = await createTestDb();
  q.dir = mkdtempSync(join(tmpdir(), 'esop-jobs-'));
  q.config = loadConfig({
    DATA_DIR: q.dir,
    JOBS_POLL_SECONDS: '0.5',
    JOBS_RETRY_DELAY_SECONDS: '1',
    OUTBOX_WEBHOOK_URL: url,
    OUTBOX_WEBHOOK_SECRET: SECRET,
    ...(q.db.url ? { DATABASE_URL: q.db.url } : {}),
  });
});
afterAll(async () => {
  await q.db.close();
  rmSync(q.dir, { recursive: true, force: true });
});

describe('the queue', () => {
  /** a process's queue on that database: a web process that only sends (JOBS=worker), or a worker */
  const queueOf = (role: 'web' | 'worker'): Jobs =>
    createJobs({ config: { ...q.config, jobs: { ...q.config.jobs, mode: role === 'web' ? 'worker' : 'inline' } }, db: q.db, role });

  test('two workers delivering the same event at once: both POSTs answered 2xx, one delivery recorded, the other a duplicate', async () => {
    // delivered by hand, twice at once (no sweep runs on this database): the receiver holds the first until the second comes
    const e = await insertEvent(q.db, { appId: 'RACE1', at: new Date(), actor: 'system', kind: 'status', fromStatus: 1, toStatus: 2, detail: {} });
    const id = Number(e.id);
    holdUntilSecond.add('RACE1');
    const deps = { config: q.config, db: q.db, jobs: { sendMany: async () => undefined } };
    const outcomes = await Promise.all([deliverEvent(deps, id), deliverEvent(deps, id)]);
    expect(outcomes.sort()).toEqual(['delivered', 'duplicate']);
    expect(deliveries.filter((d) => d.appId === 'RACE1')).toHaveLength(2);
    const rows = (await q.db.query<{ outcome: string }>('SELECT outcome FROM outbox_deliveries WHERE event_id = $1', [id])).rows;
    expect(rows.filter((r) => r.outcome === 'delivered')).toHaveLength(1);
    expect(rows.map((r) => r.outcome).sort()).toEqual(['delivered', 'duplicate']);
    expect((await q.db.query<{ published_at: Date | null }>('SELECT published_at FROM application_events WHERE id = $1', [id])).rows[0].published_at).toBeInstanceOf(Date);
    // and the database itself refuses a second success row
    await expect(q.db.query("INSERT INTO outbox_deliveries (event_id, attempt, outcome, status_code) VALUES ($1, 9, 'delivered', 200)", [id])).rejects.toThrow();
    // a later delivery of a published event sends nothing
    expect(await deliverEvent(deps, id)).toBe('published');
    expect(deliveries.filter((d) => d.appId === 'RACE1')).toHaveLength(2);
  });


  test('a job whose handler crashes on its first try is run again, and the waiting caller gets the second try\'s result', async () => {
    const worker = queueOf('worker');
    const web = queueOf('web');
    try {
      await web.start();
      let runs = 0;
      await worker.work({
        'ocr.read': async (job) => {
          runs += 1;
          if (runs === 1) throw new Error('worker crashed mid-way');
          return { busy: false, vendor: 'test', sealedText: `read ${job.cardKey}` };
        },
      });
      const result = await web.runAndWait('ocr.read', { kind: 'bankcard', cardKey: 'k1' }, 20_000);
      expect(result).toEqual({ busy: false, vendor: 'test', sealedText: 'read k1' });
      expect(runs).toBe(2);
    } finally {
      await worker.stop(1000);
      await web.stop(1000);
    }
  });

  test('a stopping worker finishes the job in hand; one that overruns its grace is handed back and run by another worker', async () => {
    const web = queueOf('web');
    const first = queueOf('worker');
    const second = queueOf('worker');
    try {
      await web.start();
      // finished within the grace: completed by the stopping worker
      let release!: () => void;
      const started = new Promise<void>((resolve) => {
        void first.work({
          'face.check': async () => {
            resolve();
            await new Promise<void>((r) => (release = r));
            return { busy: false, passed: true, reason: null, frameKey: null, scores: {}, vendor: 'first' };
          },
        });
      });
      const done = web.runAndWait('face.check', { videoKey: 'v', idPhotoKey: 'p', sealedPerson: 's' }, 20_000);
      await started;
      const stopping = first.stop(5000);
      setTimeout(() => release(), 200);
      await stopping;
      expect(await done).toEqual(expect.objectContaining({ passed: true, vendor: 'first' }));

      // overrunning: handed back when the grace ends, then taken by the second worker
      const stuck = queueOf('worker');
      let stuckStarted!: () => void;
      const inHand = new Promise<void>((resolve) => (stuckStarted = resolve));
      await stuck.work({
        'face.check': async (_job, ctx) => {
          stuckStarted();
          await new Promise<void>((r) => ctx.signal.addEventListener('abort', () => r()));
          return { busy: false, passed: false, reason: 'NO_FACE', frameKey: null, scores: {}, vendor: 'stuck' };
        },
      });
      const waited = web.runAndWait('face.check', { videoKey: 'v2', idPhotoKey: 'p2', sealedPerson: 's' }, 20_000);
      await inHand;
      await stuck.stop(1000);
      await second.work({ 'face.check': async () => ({ busy: false, passed: true, reason: null, frameKey: null, scores: {}, vendor: 'second' }) });
      expect(await waited).toEqual(expect.objectContaining({ passed: true, vendor: 'second' }));
    } finally {
      await Promise.all([first.stop(1000), second.stop(1000), web.stop(1000)]);
    }
  });

  test('a job nobody takes in time: the job is cancelled and the request answers 100503', async () => {
    const web = queueOf('web');
    try {
      expect(await web.ready()).toBe(false);
      await web.start();
      expect(await web.ready()).toBe(true);
      await expect(web.runAndWait('ocr.read', { kind: 'bankcard', cardKey: 'nobody' }, 600)).rejects.toEqual(expect.any(JobTimeoutError));
      const [job] = await web.boss.findJobs('ocr.read', { data: { cardKey: 'nobody' } });
      expect(job.state).toBe('cancelled');
      const refused = await runForRequest(web, 'ocr.read', { kind: 'bankcard', cardKey: 'nobody2' }, 600).catch((e: unknown) => e);
      expect(refused).toEqual(expect.objectContaining({ code: ErrorCode.BUSY }));
      expect(refused).toBeInstanceOf(AppError);
    } finally {
      await web.stop(1000);
    }
    expect(await web.ready()).toBe(false);
  });

  test('face checks: with FACE_QUEUE checks waiting already, the next is refused at once with 100503', async () => {
    const web = queueOf('web');
    try {
      await web.start();
      await web.send('face.check', { videoKey: 'a', idPhotoKey: 'b', sealedPerson: 's' });
      await web.send('face.check', { videoKey: 'c', idPhotoKey: 'd', sealedPerson: 's' });
      const storage = createStorage(q.config);
      const config = { ...q.config, face: { ...q.config.face, maxWaiting: 2 } };
      const started = Date.now();
      await expect(checkFaceByJob({ config, jobs: web, storage }, { checkId: 1, videoKey: 'e', idPhotoKey: 'f', name: 'n', idNumber: 'i' })).rejects.toEqual(
        expect.objectContaining({ code: ErrorCode.BUSY, data: { retryAfterSeconds: expect.any(Number) } }),
      );
      // refused without waiting for the time-out
      expect(Date.now() - started).toBeLessThan(q.config.face.timeoutMs);
      // with room in the queue the check is sent (nobody takes it here: 100503 after the time-out); the person's name
      // and ID number are in the job only sealed
      const roomy = { ...q.config, face: { ...q.config.face, maxWaiting: 5, timeoutMs: 1500, secondsPerCheck: 0.2 } };
      await expect(checkFaceByJob({ config: roomy, jobs: web, storage }, { checkId: 2, videoKey: 'g', idPhotoKey: 'h', name: '张三', idNumber: '11010119900307451X' })).rejects.toEqual(
        expect.objectContaining({ code: ErrorCode.BUSY }),
      );
      const [job] = await web.boss.findJobs('face.check', { data: { videoKey: 'g' } });
      expect(JSON.stringify(job.data)).not.toMatch(/张三|11010119900307451X/);
      expect(unseal(q.config.secrets.signingSecret, (job.data as { sealedPerson: string }).sealedPerson)).toEqual({ name: '张三', idNumber: '11010119900307451X' });
      // room in the queue, but the checks waiting would take longer than the request may wait (2 ahead on one engine
      // at 7 s each: 21 s against 1.5 s): refused at once, naming the seconds to wait, and nothing is sent
      const slow = { ...q.config, face: { ...q.config.face, maxWaiting: 5, timeoutMs: 1500, secondsPerCheck: 7 } };
      const at = Date.now();
      const refused = await checkFaceByJob({ config: slow, jobs: web, storage }, { checkId: 3, videoKey: 'k', idPhotoKey: 'l', name: 'n', idNumber: 'i' }).catch((e: unknown) => e);
      expect(refused).toEqual(expect.objectContaining({ code: ErrorCode.BUSY, data: { retryAfterSeconds: 20 } }));
      expect(Date.now() - at).toBeLessThan(1500);
      expect(await web.boss.findJobs('face.check', { data: { videoKey: 'k' } })).toEqual([]);
    } finally {
      await web.boss.deleteQueuedJobs('face.check');
      await web.stop(1000);
    }
  });
});
