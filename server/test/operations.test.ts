/**
 * What a balancer and an operations team see: the probes /livez and /readyz (with the checks other parts register),
 * X-Request-Id taken or made, answered and logged on every line of its request, and the secrets production requires.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALLS } from '@core/domain';
import { ConfigError, loadConfig, parseEnv } from '../src/config';
import { createReadiness } from '../src/readiness';
import { createTestApp, type TestApp } from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { READINESS_TIMEOUT_MS: '200' } });
  });
  afterEach(() => t.close());

  it('/livez answers without asking the database, even when it is gone', async () => {
    const { value: res, statements } = await t.record(() => t.app.inject({ method: 'GET', url: '/livez' }));
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'ok' }]);
    expect(statements).toEqual([]);
    await t.db.close();
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
  });

  it('/readyz is 200 when the database answers SELECT 1, the file store and the job queue their checks', async () => {
    const { value: res, statements } = await t.record(() => t.app.inject({ method: 'GET', url: '/readyz' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', font: 'ok', jobs: 'ok' }, failing: [], degraded: [] });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(statements).toEqual(['SELECT 1 AS ok']);
  });

  it('/readyz is 503 naming the database when it is gone', async () => {
    await t.db.close();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', checks: { database: 'failed', storage: 'ok', font: 'ok', jobs: 'failed' }, failing: ['database', 'jobs'], degraded: [] });
  });

  it('runs the checks other parts register: a failing one and one past the time-out are named, never why', async () => {
    t.app.deps.readiness.register('vendor', async () => {
      throw new Error('connect ECONNREFUSED s3.internal.example:9000 (key AKIAEXAMPLESECRET)');
    });
    t.app.deps.readiness.register('queue', () => new Promise(() => undefined)); // never answers
    t.app.deps.readiness.register('cache', async () => 'fine');
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', checks: { database: 'ok', storage: 'ok', font: 'ok', jobs: 'ok', vendor: 'failed', queue: 'timeout', cache: 'ok' }, failing: ['vendor', 'queue'], degraded: [] });
    expect(res.body).not.toMatch(/s3\.internal|AKIA|ECONNREFUSED/);
  });

  it('is 503 (draining) from the start of a shutdown while /livez stays 200; the checks are not run then', async () => {
    let asked = 0;
    t.app.deps.readiness.register('vendor', async () => void asked++);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    t.app.deps.readiness.drain();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([res.statusCode, res.json().status]).toEqual([503, 'draining']);
    expect(asked).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
  });

  it('refuses a check name twice or a name that is not a short kebab-case word', () => {
    const r = createReadiness(100);
    r.register('object-store', async () => undefined);
    expect(() => r.register('object-store', async () => undefined)).toThrow(/twice/);
    expect(() => r.register('Object Store', async () => undefined)).toThrow(/lower-case/);
  });

  it('keeps the health call', async () => {
    const res = await t.app.inject({ method: 'GET', url: CALLS.health.path });
    expect(res.json().result.status).toBe('ok');
  });
});

describe('X-Request-Id', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (l) => void lines.push(l) } });
  });
  afterAll(() => t.close());

  const linesOf = (id: string) => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.requestId === id);

  it("takes the balancer's id, answers it, and logs it on every line of the request (as requestId)", async () => {
    const client = await t.handshake();
    lines.length = 0;
    const id = 'lb-7f3a9c21/1:edge=hk@2';
    const res = await client.call('clientConfig', {}, { headers: { 'x-request-id': id } });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe(id);
    const mine = linesOf(id);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    // every line written while the request ran is one of its own
    expect(lines).toHaveLength(mine.length);
    expect(lines.join('')).not.toContain('"reqId"');
    // every line names the service, its role and version, for a log shared with other services
    const version = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
    for (const line of mine) expect(line).toMatchObject({ service: 'esop-account-opening', role: 'web', version, pid: process.pid, host: expect.any(String) });
  });

  it('carries it on lines the service writes for the request, and on refusals (404); probes write no request lines', async () => {
    t.app.deps.readiness.register('vendor', async () => {
      throw new Error('down');
    });
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/readyz', headers: { 'x-request-id': 'probe-1' } });
    expect([res.statusCode, res.headers['x-request-id']]).toEqual([503, 'probe-1']);
    // the probes' own request lines are left out (polled every few seconds), what went wrong is not
    expect(linesOf('probe-1').map((l) => l.msg)).toEqual(['readiness check failed']);
    await t.app.inject({ method: 'GET', url: '/livez?from=lb', headers: { 'x-request-id': 'probe-2' } });
    expect(linesOf('probe-2')).toEqual([]);
    const missing = await t.app.inject({ method: 'GET', url: '/kyc/esop/v1/Nope', headers: { 'x-request-id': 'nope-1' } });
    expect([missing.statusCode, missing.headers['x-request-id']]).toEqual([404, 'nope-1']);
  });

  it('makes one (a UUID) when none came or the given one is not sane', async () => {
    const ids: string[] = [];
    for (const given of [undefined, 'x'.repeat(129), 'two words', 'a"quote', 'tab\there', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/livez', headers: given === undefined ? {} : { 'x-request-id': given } });
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(UUID);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    const longest = 'y'.repeat(128);
    expect((await t.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': longest } })).headers['x-request-id']).toBe(longest);
  });
});

describe('secrets in production', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'esop-prod-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const SMS = { NODE_ENV: 'production', SMS_VENDOR: 'http', SMS_HTTP_URL: 'https://sms.example/send' } as const;

  it('refuses to start without the cipher key files, APP_TOKEN_SECRET and SIGNING_SECRET, naming each', () => {
    let message = '';
    try {
      parseEnv({ ...SMS });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as ConfigError).message;
    }
    expect(message).toMatch(/CIPHER_PRIVATE_KEY_FILE, CIPHER_PUBLIC_KEY_FILE: the cipher key pair is required in production/);
    expect(message).toMatch(/APP_TOKEN_SECRET \(or APP_TOKEN_SECRET_FILE\): is required in production/);
    expect(message).toMatch(/SIGNING_SECRET \(or SIGNING_SECRET_FILE\): is required in production/);
    // outside production they are made in DATA_DIR/keys when missing
    expect(() => parseEnv({})).not.toThrow();
  });

  it('takes them from settings and files, and makes nothing in DATA_DIR/keys', () => {
    const { generateKeyPairSync } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    const secrets = mkdtempSync(join(tmpdir(), 'esop-secrets-'));
    try {
      writeFileSync(join(secrets, 'private.pem'), pair.privateKey);
      writeFileSync(join(secrets, 'public.pem'), pair.publicKey);
      writeFileSync(join(secrets, 'signing'), 's'.repeat(40) + '\n');
      const data = join(dir, 'data');
      const config = loadConfig({
        ...SMS,
        DATA_DIR: data,
        CIPHER_PRIVATE_KEY_FILE: join(secrets, 'private.pem'),
        CIPHER_PUBLIC_KEY_FILE: join(secrets, 'public.pem'),
        APP_TOKEN_SECRET: 'a'.repeat(32),
        SIGNING_SECRET_FILE: join(secrets, 'signing'),
      });
      expect(config.secrets.signingSecret).toBe('s'.repeat(40));
      expect(config.secrets.appTokenSecret).toBe('a'.repeat(32));
      expect(readdirSync(join(data, 'keys'))).toEqual([]);
    } finally {
      rmSync(secrets, { recursive: true, force: true });
    }
  });

  it('says what is wrong with a secret file, or with a secret given twice', () => {
    const short = join(dir, 'short');
    writeFileSync(short, 'too short');
    expect(() => loadConfig({ DATA_DIR: dir, SIGNING_SECRET_FILE: join(dir, 'missing') })).toThrow(/SIGNING_SECRET_FILE: cannot read .*missing \(ENOENT\)/);
    expect(() => loadConfig({ DATA_DIR: dir, APP_TOKEN_SECRET_FILE: short })).toThrow(/APP_TOKEN_SECRET_FILE: the secret in .* must be at least 32 characters/);
    expect(() => parseEnv({ APP_TOKEN_SECRET: 'a'.repeat(32), APP_TOKEN_SECRET_FILE: short })).toThrow(/set APP_TOKEN_SECRET or APP_TOKEN_SECRET_FILE, not both/);
  });
});
