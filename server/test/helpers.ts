/**
 * Test harness: `createTestApp()` builds the real app over a real migrated database (a clone of the
 * run's PGlite template, or on PostgreSQL when DATABASE_URL is set a new database copied from the run's migrated
 * template database), with a
 * movable clock and the local SMS vendor writing to the outbox (and to `smsLines`, not stdout).
 * `handshake()` gives a ciphered client; `login(phone)` a logged-in one.
 */
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CALLS, cipher, type CallName, type UserView } from '@core/domain';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openPostgres, pgliteOptions, wrapPglite, type Db } from '../src/db';
import { migrate } from '../src/db/migrate';
import type { Clock } from '../src/plugins/context';
import { consoleSms } from '../src/vendors/sms';
import { latestLoginCode } from '../src/modules/auth/ops-service';
import type { Vendors } from '../src/vendors';
import { databaseUrl, migratedPgliteFolder } from './global-setup';
import { createStorage, outagesNamed, type FileStorage } from '../src/storage';

export class TestClock implements Clock {
  constructor(private t: number = Date.now()) {}
  now = () => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
  set(ms: number): void {
    this.t = ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

// ---------------------------------------------------------------- database

let inProcessTemplate: Promise<string> | undefined;
let assets: Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;

/**
 * PGlite's compiled files, handed over directly: inside Jest's module sandbox PGlite cannot load
 * them itself (it uses a dynamic import(), which needs --experimental-vm-modules).
 */
export function pgliteAssets() {
  assets ??= (async () => {
    const dist = dirname(require.resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      WebAssembly.compile(readFileSync(join(dist, 'pglite.wasm'))),
      WebAssembly.compile(readFileSync(join(dist, 'initdb.wasm'))),
    ]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([readFileSync(join(dist, 'pglite.data'))]) };
  })();
  return assets;
}

/** The run's migrated PGlite data folder (global-setup.ts); outside Jest's globalSetup, one made here once. */
async function pgliteTemplate(): Promise<string> {
  const folder = process.env.ESOP_TEST_PGLITE_TEMPLATE;
  if (folder) return folder;
  inProcessTemplate ??= (async () => migratedPgliteFolder(await pgliteAssets()))();
  return inProcessTemplate;
}

/** A migrated database of its own: a PGlite clone, or a new database on DATABASE_URL's server (a template's copy). */
export async function createTestDb(): Promise<Db & { url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    // a copy of the migrated data folder, removed with the database
    const dataDir = join(mkdtempSync(join(tmpdir(), 'esop-db-')), 'data');
    cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    const lite = await PGlite.create({ ...pgliteOptions, ...(await pgliteAssets()), dataDir });
    const db = wrapPglite(lite);
    await migrate(db); // nothing to do unless the template is stale
    return {
      ...db,
      close: async () => {
        await db.close();
        rmSync(dirname(dataDir), { recursive: true, force: true });
      },
    };
  }
  const name = `esop_test_${cipher.randomB64u(9).toLowerCase().replace(/[^a-z0-9]/g, '')}_${process.pid}`;
  // a copy of the run's migrated database (global-setup.ts); outside Jest's globalSetup, a new one migrated here
  const template = process.env.ESOP_TEST_PG_TEMPLATE;
  const admin = openPostgres(url, { max: 1, connectTimeoutMs: 10_000 });
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const target = databaseUrl(url, name);
  const db = openPostgres(target, { max: 4, connectTimeoutMs: 10_000 }, () => undefined); // DROP ... WITH (FORCE) may end a closing connection
  await migrate(db); // nothing to do when copied from the template
  return {
    // the job queue connects with its own pool (createTestApp passes it as DATABASE_URL)
    url: target,
    kind: db.kind,
    query: db.query,
    transaction: db.transaction,
    close: async () => {
      await db.close();
      const again = openPostgres(url, { max: 1, connectTimeoutMs: 10_000 });
      try {
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.close();
      }
    },
  };
}

// ---------------------------------------------------------------- app

let sharedKeys: { CIPHER_PRIVATE_KEY_FILE: string; CIPHER_PUBLIC_KEY_FILE: string } | undefined;

/** One RSA key pair per test worker (making one per app would cost ~0.1 s each). */
function keyFiles() {
  if (!sharedKeys) {
    const dir = mkdtempSync(join(tmpdir(), 'esop-keys-'));
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    writeFileSync(join(dir, 'private.pem'), pair.privateKey, { mode: 0o600 });
    writeFileSync(join(dir, 'public.pem'), pair.publicKey);
    sharedKeys = { CIPHER_PRIVATE_KEY_FILE: join(dir, 'private.pem'), CIPHER_PUBLIC_KEY_FILE: join(dir, 'public.pem') };
  }
  return sharedKeys;
}

export interface TestAppOptions {
  /** environment settings on top of the test defaults */
  env?: Record<string, string>;
  vendors?: Partial<Vendors>;
  clock?: TestClock;
  /** where dist/ and static/ are looked for */
  root?: string;
  /** receives the structured log lines (set LOG_LEVEL in env to see them) */
  logStream?: { write(line: string): void };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** the SQL statements the app sent while `record` runs (server/test/statements.test.ts) */
  record<T>(fn: () => Promise<T>): Promise<{ value: T; statements: string[] }>;
  config: Config;
  clock: TestClock;
  /** the app's file store (disk under the test's DATA_DIR, or the bucket STORAGE=s3 in env names) */
  storage: FileStorage;
  /** lines the local SMS vendor printed */
  smsLines: string[];
  /** a client with a cipher session and no login */
  handshake(): Promise<TestClient>;
  /** a client logged in with phone + code (areaCode 852 unless given) */
  login(phone?: string, areaCode?: string): Promise<TestClient>;
  /** the latest code sent to a phone */
  latestCode(phone: string, areaCode?: string): Promise<string>;
  /**
   * Faults switched on and off by a test: `database` makes every statement of the app's requests fail as a server
   * that went away does (node-postgres' "Connection terminated unexpectedly"); `storage` makes the file store fail
   * as a bucket that does not answer (ECONNREFUSED). The job queue's own connection is not touched.
   */
  faults: { database: boolean; storage: boolean };
  close(): Promise<void>;
}

/** The error a pg client gives when its server went away mid-use. */
export const lostConnection = () => new Error('Connection terminated unexpectedly');
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'esop-app-'));
  const db = await createTestDb();
  const dbUrl = db.url;
  // a refused setting (tests of the settings) or a failed build must not leave the database open: Node would not exit
  const closeOnError = async <T>(fn: () => Promise<T> | T): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      await db.close();
      throw err;
    }
  };
  const config = await closeOnError(() => loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // the job queue (inline: this app works its jobs): short polls and retry delays
    JOBS_POLL_SECONDS: '0.5',
    JOBS_RETRY_DELAY_SECONDS: '1',
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
    ...keyFiles(),
    ...opts.env,
  }));
  const clock = opts.clock ?? new TestClock();
  const smsLines: string[] = [];
  let recording: string[] | null = null;
  const faults = { database: false, storage: false };
  const recorded = (inner: Db): Db => ({
    // the job queue works on the PGlite instance itself (its statements are not the app's)
    ...('lite' in inner ? { lite: (inner as { lite: unknown }).lite } : {}),
    kind: inner.kind,
    close: () => inner.close(),
    query: (sql, params) => {
      recording?.push(sql.replace(/\s+/g, ' ').trim());
      if (faults.database) return Promise.reject(lostConnection());
      return inner.query(sql, params);
    },
    transaction: (fn) => inner.transaction((tx) => fn(recorded(tx))),
  });
  const appDb = recorded(db);
  // the settings' store behind a switch that makes every call fail as an unreachable bucket does (faults.storage)
  const real = createStorage(config);
  const switched = Object.fromEntries(
    (['put', 'read', 'open', 'remove', 'size', 'putAt', 'ping'] as const).map((m) => [
      m,
      (...args: unknown[]) => (faults.storage ? Promise.reject(refused()) : (real[m] as (...a: unknown[]) => Promise<unknown>)(...args)),
    ]),
  );
  const storage = outagesNamed({ kind: real.kind, location: real.location, close: () => real.close(), ...switched } as FileStorage);
  const app = await closeOnError(() => buildApp({ config, db: appDb, clock, storage, root: opts.root, logStream: opts.logStream, vendors: { sms: consoleSms(db, (l) => smsLines.push(l)), ...opts.vendors } }));
  await app.ready();

  const t: TestApp = {
    app,
    db,
    record: async (fn) => {
      const statements: string[] = [];
      recording = statements;
      try {
        return { value: await fn(), statements };
      } finally {
        recording = null;
      }
    },
    config,
    clock,
    storage: app.deps.storage,
    faults,
    smsLines,
    handshake: () => TestClient.handshake(app, clock),
    // the SMS goes out as a job: this waits for the latest code's hand-over, as `ops code` does
    latestCode: async (phone, areaCode = '852') => (await latestLoginCode(db, areaCode, phone)).code,
    login: async (phone = '91234567', areaCode = '852') => {
      const client = await t.handshake();
      const sent = await client.call('sendCode', { value: phone, areaCode });
      if (sent.status !== 200) throw new Error(`SendCode failed: ${JSON.stringify(sent.body)}`);
      const salt = (sent.body.result as { salt: string }).salt;
      const res = await client.call('login', { areaCode, phone, code: await t.latestCode(phone, areaCode), salt });
      if (res.status !== 200) throw new Error(`Login failed: ${JSON.stringify(res.body)}`);
      client.user = res.body.result as UserView;
      return client;
    },
    close: async () => {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

// ---------------------------------------------------------------- ciphered client

export interface ErrorBody {
  code: number;
  message: string;
  data?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface CallResult<T = any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  status: number;
  ciphered: boolean;
  headers: LightMyRequestResponse['headers'];
  body: { result?: T; error?: ErrorBody };
  response: LightMyRequestResponse;
}

export interface SendOptions {
  /** appended to the call's path (e.g. '/UserInfo' for uploads) */
  pathSuffix?: string;
  headers?: Record<string, string>;
  /** timestamp to seal with (default: the test clock) */
  now?: number;
}

export class TestClient {
  cookie: string | undefined;
  user: UserView | undefined;
  /** the AES key's bytes (what the server must never store in clear) */
  rawKey: Uint8Array | undefined;

  constructor(
    readonly app: FastifyInstance,
    readonly clock: Clock,
    readonly sid: string,
    readonly key: CryptoKey,
  ) {}

  static async handshake(app: FastifyInstance, clock: Clock): Promise<TestClient> {
    const pk = await app.inject({ method: 'GET', url: CALLS.cipherKey.path });
    const { kid, spki } = pk.json().result as { kid: string; spki: string };
    const publicKey = await cipher.importRsaPublicKey(spki);
    const { key, raw } = await cipher.generateAesKey();
    const wrappedKey = await cipher.wrapAesKey(publicKey, raw);
    const res = await app.inject({ method: 'POST', url: CALLS.cipherSession.path, payload: { kid, wrappedKey } });
    if (res.statusCode !== 200) throw new Error(`CipherSession failed: ${res.body}`);
    const client = new TestClient(app, clock, (res.json().result as { sid: string }).sid, key);
    client.rawKey = raw;
    return client;
  }

  /** Seals a payload for method+path as the browser client would. */
  seal(method: string, path: string, payload: unknown, now: number = this.clock.now()): Promise<cipher.RequestEnvelope> {
    return cipher.sealRequest(this.key, this.sid, method, path, payload, now);
  }

  /** Injects with this client's session cookie; keeps any new session cookie. */
  async inject(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string> | undefined) };
    if (this.cookie) headers.cookie = `esop_sid=${this.cookie}`;
    const res = await this.app.inject({ ...opts, headers });
    const set = res.cookies.find((c) => c.name === 'esop_sid');
    if (set) this.cookie = set.value === '' || (set.expires && set.expires.getTime() < Date.now()) ? undefined : set.value;
    return res;
  }

  /** Opens a response: sealed ones with the session key, plain ones as JSON. */
  async open(res: LightMyRequestResponse, nonce: string): Promise<CallResult> {
    const ciphered = res.headers['x-esop-cipher'] === '1';
    let body: CallResult['body'];
    if (ciphered) {
      const env = res.json() as cipher.ResponseEnvelope;
      body = await cipher.openJson(this.key, env.iv, env.data, cipher.responseAad(this.sid, nonce));
    } else {
      body = res.body ? res.json() : {};
    }
    return { status: res.statusCode, ciphered, headers: res.headers, body, response: res };
  }

  /** A ciphered request to any method and path. */
  async send(method: 'GET' | 'POST', path: string, payload: unknown = {}, opts: SendOptions = {}): Promise<CallResult> {
    const envelope = await this.seal(method, path, payload, opts.now);
    const res =
      method === 'GET'
        ? await this.inject({ method, url: `${path}?e=${encodeEnvelope(envelope)}`, headers: opts.headers })
        : await this.inject({ method, url: path, payload: envelope as unknown as Record<string, unknown>, headers: opts.headers });
    return this.open(res, envelope.nonce);
  }

  /** A ciphered call by its contract name. */
  call(name: CallName, payload: unknown = {}, opts: SendOptions = {}): Promise<CallResult> {
    const def = CALLS[name];
    return this.send(def.method, def.path + (opts.pathSuffix ?? ''), payload, opts);
  }

  /** A ciphered multipart upload: field `e` = envelope of {filename, subAccountId?, fileIv}, part `file` = sealed bytes. */
  async upload(path: string, meta: { filename?: string; subAccountId?: string; [field: string]: unknown }, bytes: Uint8Array, opts: { contentType?: string; now?: number } = {}): Promise<CallResult> {
    const now = opts.now ?? this.clock.now();
    const fileIv = cipher.toB64u(globalThis.crypto.getRandomValues(new Uint8Array(12)));
    const envelope = await this.seal('POST', path, { ...meta, fileIv }, now);
    const sealed = new Uint8Array(
      await globalThis.crypto.subtle.encrypt(
        { name: 'AES-GCM', iv: cipher.fromB64u(fileIv), additionalData: cipher.fileAad(this.sid, envelope.nonce) as Uint8Array<ArrayBuffer> },
        this.key,
        bytes as Uint8Array<ArrayBuffer>,
      ),
    );
    const form = multipartBody({ e: JSON.stringify(envelope) }, { name: 'file', filename: 'blob', contentType: opts.contentType ?? 'application/octet-stream', bytes: sealed });
    const res = await this.inject({ method: 'POST', url: path, payload: form.body, headers: { 'content-type': form.contentType } });
    return this.open(res, envelope.nonce);
  }
}

export function encodeEnvelope(envelope: unknown): string {
  return cipher.toB64u(new TextEncoder().encode(JSON.stringify(envelope)));
}

/** A multipart/form-data body with text fields and one file part. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; filename: string; contentType: string; bytes: Uint8Array },
): { body: Buffer; contentType: string } {
  const boundary = `----esop${cipher.randomB64u(12)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`));
    chunks.push(Buffer.from(file.bytes));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Makes new logged-in users with phones `${prefix}${start + n}`; the clock moves on an hour every 20 logins,
 * because logins are rate-limited per address and every test user logs in from the same one.
 */
export function userMaker(t: TestApp, prefix: string, start = 1000000): () => Promise<TestClient> {
  let n = 0;
  return async () => {
    n += 1;
    if (n % 20 === 0) t.clock.advance(HOUR + MINUTE);
    return t.login(`${prefix}${String(start + n)}`);
  };
}

/**
 * Waits until `check` answers something other than undefined/null/false (work done by a job in the background), reading it
 * every 50 ms; fails after timeoutMs with `what`.
 */
export async function eventually<T>(what: string, check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > until) throw new Error(`still waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The queue's record of a job once it is completed. A handler's own writes (a row marked sent, an
 * answer stored) land before pg-boss marks the job completed, so a test that saw them waits for the mark.
 */
export async function completedJob(
  boss: { findJobs: (name: string, options: Record<string, unknown>) => Promise<{ state: string }[]> },
  name: string,
  options: Record<string, unknown>,
  timeoutMs = 20_000,
) {
  return eventually(`the ${name} job completed`, async () => {
    const [found] = await boss.findJobs(name, options);
    return found?.state === 'completed' ? found : undefined;
  }, timeoutMs);
}
