/**
 * Prometheus metrics (issue 38): the metrics listener serves the series by name after a few calls (a login code
 * request, a failed login, ciphered calls and a cipher refusal, face-check, card-reading and webhook jobs), on a
 * listener of its own that the applicants' port never serves, behind a bearer token when one is set.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CALLS, ErrorCode, routeUrl } from '@core/domain';
import { ConfigError, loadConfig } from '../src/config';
import { openPostgres } from '../src/db';
import { checkFaceByJob, readBankCardByJob } from '../src/jobs/vendor-calls';
import { bindMetricsSource } from '../src/metrics';
import { buildMetricsServer, METRICS_PATH } from '../src/metrics/server';
import { insertEvent } from '../src/modules/applications/events-repository';
import type { FaceVendor } from '../src/vendors/face';
import type { OcrVendor } from '../src/vendors/ocr';
import { createTestApp, eventually, type TestApp } from './helpers';

const TOKEN = 'metrics-test-token-0123456789-abcdefgh';
const WEBHOOK_SECRET = 'outbox-test-secret-0123456789-abcdef';

/** a webhook receiver that refuses the first delivery of each event (500), then takes it */
let receiver: Server;
let webhookUrl: string;
const seen = new Set<string>();

const face: FaceVendor = {
  name: 'test-face',
  check: async () => ({ passed: true, frame: Buffer.from('the chosen frame'), scores: { similarity: 0.9 } }),
  close: async () => undefined,
};
/** a card reader whose own queue is full */
const ocr: OcrVendor = {
  name: 'test-ocr',
  readIdCard: async () => {
    throw Object.assign(new Error('busy'), { name: 'OcrBusyError' });
  },
  readHkIdCard: async () => {
    throw Object.assign(new Error('busy'), { name: 'OcrBusyError' });
  },
  readPassportMrz: async () => {
    throw Object.assign(new Error('busy'), { name: 'OcrBusyError' });
  },
  readBankCard: async () => {
    throw Object.assign(new Error('busy'), { name: 'OcrBusyError' });
  },
  close: async () => undefined,
};

let t: TestApp;
let metrics: FastifyInstance;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['x-esop-event-id']);
      res.statusCode = seen.has(id) ? 200 : 500;
      seen.add(id);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
  t = await createTestApp({
    env: { OUTBOX_WEBHOOK_URL: webhookUrl, OUTBOX_WEBHOOK_SECRET: WEBHOOK_SECRET, OUTBOX_SWEEP_SECONDS: '1', METRICS_TOKEN: TOKEN },
    vendors: { face, ocr },
  });
  metrics = buildMetricsServer(t.config.metrics);
});
afterAll(async () => {
  await metrics?.close();
  await t?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function scrape(): Promise<string> {
  const res = await metrics.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** the value of one series (name and exactly these labels, in any order), or undefined when absent */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort();
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = (m[2] ? m[2].match(/\w+="(?:[^"\\]|\\.)*"/g) ?? [] : []).sort();
    if (got.length === want.length && got.every((g, i) => g === want[i])) return Number(m[3]);
  }
  return undefined;
}

describe('/metrics', () => {
  test('is not served on the applicants\' port, and asks the scraper for its bearer token', async () => {
    const onAppPort = await t.app.inject({ method: 'GET', url: METRICS_PATH });
    expect(onAppPort.statusCode).toBe(404);
    expect(onAppPort.body).not.toContain('esop_');

    const none = await metrics.inject({ method: 'GET', url: METRICS_PATH });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.body).not.toContain('esop_');
    const wrong = await metrics.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN.replace(/.$/, 'x')}` } });
    expect(wrong.statusCode).toBe(401);
    expect((await metrics.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(404);
  });

  test('counts calls by call name, login and cipher refusals, jobs, vendor calls, the queue, the outbox and the process', async () => {
    const phone = '91880001';
    const client = await t.handshake();
    const sent = await client.call('sendCode', { value: phone, areaCode: '852' });
    expect(sent.status).toBe(200);
    // the SMS job ran (inline): the code is handed over
    const code = await t.latestCode(phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const failed = await client.call('login', { areaCode: '852', phone, code: wrongCode, salt: sent.body.result.salt });
    expect(failed.body.error?.code).toBe(ErrorCode.CODE_WRONG);
    // a plain body where a ciphered one is required
    const plain = await t.app.inject({ method: 'POST', url: routeUrl(CALLS.login), payload: { areaCode: '852', phone, code, salt: 'x' } });
    expect(plain.json().error.code).toBe(ErrorCode.CIPHER_REQUIRED);
    expect(plain.statusCode).toBe(400);
    // an unknown URL is counted without its raw path
    expect((await t.app.inject({ method: 'GET', url: '/api/NoSuchCall/secret-123' })).statusCode).toBe(404);

    // a face check and a bank-card reading through the queue, as the requests make them
    const video = await t.storage.put(Buffer.from('a video'));
    const photo = await t.storage.put(Buffer.from('an ID photo'));
    const deps = { config: t.config, jobs: t.app.deps.jobs, storage: t.storage };
    const checked = await checkFaceByJob(deps, { checkId: 1, videoKey: video.key, idPhotoKey: photo.key, name: 'CHAN Tai Man', idNumber: 'A1234563' });
    expect(checked.passed).toBe(true);
    await expect(readBankCardByJob(deps, Buffer.from('a card'))).rejects.toMatchObject({ code: ErrorCode.BUSY });

    // an event the webhook refuses once (500), then takes
    const event = await insertEvent(t.db, { appId: 'METRICSAPP1', at: new Date('2026-11-20T08:00:00Z'), actor: 'ops:approve', kind: 'approve', fromStatus: 2, toStatus: 3, detail: {} });
    const beforeDelivery = await scrape();
    expect(valueOf(beforeDelivery, 'esop_outbox_unpublished_events')).toBeGreaterThanOrEqual(1);
    expect(valueOf(beforeDelivery, 'esop_outbox_lag_seconds')).toBeGreaterThan(0);
    await eventually(
      'the event delivered on its second attempt',
      async () => (await t.db.query<{ published_at: Date | null }>('SELECT published_at FROM application_events WHERE id = $1', [event.id])).rows[0].published_at,
      30_000,
    );

    const text = await scrape();
    // calls: rate and latency by call name, method and status; errors by call and code name
    expect(valueOf(text, 'esop_http_request_duration_seconds_count', { call: 'sendCode', method: 'POST', status: '200' })).toBe(1);
    expect(valueOf(text, 'esop_http_request_duration_seconds_bucket', { call: 'sendCode', method: 'POST', status: '200', le: '+Inf' })).toBe(1);
    expect(valueOf(text, 'esop_http_request_duration_seconds_sum', { call: 'sendCode', method: 'POST', status: '200' })).toBeGreaterThan(0);
    // the wrong code and the plain body
    expect(valueOf(text, 'esop_http_request_duration_seconds_count', { call: 'login', method: 'POST', status: '400' })).toBe(2);
    // this one and the first test's /metrics on the applicants' port
    expect(valueOf(text, 'esop_http_request_duration_seconds_count', { call: 'unmatched', method: 'GET', status: '404' })).toBe(2);
    expect(text).not.toContain('secret-123');
    expect(text).not.toContain('/api/NoSuchCall');
    expect(valueOf(text, 'esop_http_request_errors_total', { call: 'login', code: 'CODE_WRONG' })).toBe(1);
    expect(valueOf(text, 'esop_http_request_errors_total', { call: 'login', code: 'CIPHER_REQUIRED' })).toBe(1);
    // login failures: the wrong code only (the cipher refusal is the cipher's)
    expect(valueOf(text, 'esop_login_failures_total', { call: 'login', reason: 'CODE_WRONG' })).toBe(1);
    expect(valueOf(text, 'esop_login_failures_total', { call: 'login', reason: 'CIPHER_REQUIRED' })).toBeUndefined();
    expect(valueOf(text, 'esop_cipher_failures_total', { reason: 'CIPHER_REQUIRED' })).toBe(1);

    // jobs: each run's time and outcome by job type
    expect(valueOf(text, 'esop_job_duration_seconds_count', { job: 'sms.send', outcome: 'completed' })).toBe(1);
    expect(valueOf(text, 'esop_job_duration_seconds_count', { job: 'face.check', outcome: 'completed' })).toBe(1);
    expect(valueOf(text, 'esop_job_duration_seconds_count', { job: 'outbox.deliver', outcome: 'failed' })).toBe(1);
    expect(valueOf(text, 'esop_job_duration_seconds_count', { job: 'outbox.deliver', outcome: 'completed' })).toBe(1);
    // face checks and card readings: durations by outcome, and the vendor's busy answers
    expect(valueOf(text, 'esop_vendor_call_duration_seconds_count', { call: 'face.check', outcome: 'passed' })).toBe(1);
    expect(valueOf(text, 'esop_vendor_call_duration_seconds_count', { call: 'ocr.bankcard', outcome: 'busy' })).toBe(1);
    expect(valueOf(text, 'esop_vendor_busy_total', { call: 'ocr.bankcard' })).toBe(1);
    expect(valueOf(text, 'esop_vendor_busy_total', { call: 'face.check' })).toBeUndefined();
    // the webhook: one failure, then the delivery
    expect(valueOf(text, 'esop_webhook_deliveries_total', { outcome: 'failed' })).toBe(1);
    expect(valueOf(text, 'esop_webhook_deliveries_total', { outcome: 'delivered' })).toBe(1);
    expect(valueOf(text, 'esop_outbox_unpublished_events')).toBe(0);
    expect(valueOf(text, 'esop_outbox_lag_seconds')).toBe(0);

    // the queue, per job type (read from the database at the scrape)
    expect(valueOf(text, 'esop_database_up')).toBe(1);
    for (const job of ['sms.send', 'outbox.sweep', 'outbox.deliver', 'face.check', 'ocr.read']) {
      for (const name of ['esop_job_queue_ready', 'esop_job_queue_deferred', 'esop_job_queue_active', 'esop_job_queue_oldest_ready_seconds', 'esop_job_oldest_active_seconds']) {
        expect([job, name, valueOf(text, name, { job })]).toEqual([job, name, expect.any(Number)]);
      }
    }
    expect(valueOf(text, 'esop_job_queue_active', { job: 'face.check' })).toBe(0);

    // the process: prom-client's default series
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes']) {
      expect([name, valueOf(text, name)]).toEqual([name, expect.any(Number)]);
    }
  }, 60_000);

  test('the job queue\'s depth and age: jobs no worker takes are counted as waiting (with their age) or deferred', async () => {
    // this process stops working card readings (the last test to use them): what is sent now waits
    await t.app.deps.jobs.boss.offWork('ocr.read');
    await t.app.deps.jobs.send('ocr.read', { kind: 'bankcard', cardKey: 'none' });
    await t.app.deps.jobs.send('ocr.read', { kind: 'bankcard', cardKey: 'none' }, { startAfter: 3600 });
    const text = await scrape();
    expect(valueOf(text, 'esop_job_queue_ready', { job: 'ocr.read' })).toBe(1);
    expect(valueOf(text, 'esop_job_queue_oldest_ready_seconds', { job: 'ocr.read' })).toBeGreaterThan(0);
    expect(valueOf(text, 'esop_job_queue_deferred', { job: 'ocr.read' })).toBe(1);
    expect(valueOf(text, 'esop_job_queue_ready', { job: 'face.check' })).toBe(0);
    expect(valueOf(text, 'esop_job_queue_oldest_ready_seconds', { job: 'face.check' })).toBe(0);
  });

  test('the PostgreSQL pool: connections and waiting clients (PostgreSQL only; absent on PGlite)', async () => {
    const url = (t.db as { url?: string }).url;
    if (!url) {
      expect(valueOf(await scrape(), 'esop_db_pool_waiting_clients')).toBeUndefined();
      return;
    }
    const db = openPostgres(url, { max: 2, connectTimeoutMs: 10_000 }, () => undefined);
    const unbind = bindMetricsSource({ db, config: t.config });
    try {
      // three queries on a pool of two: one waits
      const held = Promise.all([0, 1, 2].map(() => db.query('SELECT pg_sleep(0.5)')));
      const during = await eventually('a query waiting for a connection', async () => {
        const text = await scrape();
        return valueOf(text, 'esop_db_pool_waiting_clients') === 1 ? text : undefined;
      });
      expect(valueOf(during, 'esop_db_pool_connections')).toBe(2);
      expect(valueOf(during, 'esop_db_pool_max_connections')).toBe(2);
      await held;
      expect(valueOf(await scrape(), 'esop_db_pool_waiting_clients')).toBe(0);
    } finally {
      unbind();
      await db.close();
    }
  });

  test('settings: its own port, and a token when it listens beyond this machine', () => {
    const dir = mkdtempSync(join(tmpdir(), 'esop-metrics-'));
    try {
      expect(loadConfig({ DATA_DIR: dir }).metrics).toEqual({ port: undefined, host: '127.0.0.1', token: undefined });
      expect(loadConfig({ DATA_DIR: dir, METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1', token: undefined });
      expect(() => loadConfig({ DATA_DIR: dir, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_TOKEN \(or METRICS_TOKEN_FILE\): is required when METRICS_HOST is 0\.0\.0\.0/);
      expect(loadConfig({ DATA_DIR: dir, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }).metrics).toEqual({ port: 9464, host: '0.0.0.0', token: TOKEN });
      expect(() => loadConfig({ DATA_DIR: dir, PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/);
      expect(() => loadConfig({ DATA_DIR: dir, METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
