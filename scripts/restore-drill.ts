/**
 * The restore drill (issue 38): proves that the backups the README's "Backups, restore and retention" names are enough
 * to bring the service back. On a PostgreSQL server (DRILL_PG_URL, else CLUSTER_PG_URL or DATABASE_URL; it makes and
 * drops databases of its own) and S3 test servers (s3rver, as scripts/s3-test-server.ts runs it):
 *
 *  1. source: a new database and bucket, the compiled service on them (dist/server, `npm run build` first);
 *  2. data: an applicant logs in by SMS code, saves every step with real uploads and submits; an organisation's signer
 *     signs the opening form (a signed PDF under the deployment's CA); the bytes of every download are hashed;
 *  3. backup: `pg_dump -Fc` of the database and a copy of every object of the bucket (as `aws s3 sync` would);
 *  4. restore: `pg_restore` into an EMPTY new database, the objects into an EMPTY new bucket on another S3 server;
 *  5. the service (MIGRATE_AT_START=off, an empty DATA_DIR, the same secrets) on the restored copy: the applicant logs
 *     in again and reads the application back, every file downloads with the same bytes (SHA-256), every object the
 *     database names is in the new bucket with the same bytes, and the signed PDF exports byte for byte and verifies
 *     (poppler's pdfsig when installed, and openssl's CMS check against the CA root the restored service prints).
 *
 *   DRILL_PG_URL=postgres://postgres@127.0.0.1:55432/postgres npm run drill:restore
 *
 * Prints each step with its time; exits 1 on any mismatch (0: restored and read back).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import type { ApplicationView } from '../src/core/domain/contract';
import { ApiClient } from '../e2e/lib/api-client';
import { entryArgs, makeSecrets } from '../e2e/lib/cluster';
import { signAsOrganisation } from '../e2e/lib/org-signing';
import { freePort, ROOT } from '../e2e/lib/harness';
import { prefillSteps } from '../e2e/lib/prefill';
import { hasPdfsig, verifySignedPdf } from '../e2e/lib/signed-pdf';
import { makeIdFront } from './make-card-images';
import { S3RVER_KEY, startS3, type TestS3 } from '../server/test/s3';

const exec = promisify(execFile);
const started = Date.now();
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

class Mismatch extends Error {}
function expect(cond: unknown, what: string): asserts cond {
  if (!cond) throw new Mismatch(what);
}

/** what the step running now found, printed under its line */
const found: string[] = [];
const say = (line: string) => void found.push(line);

async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t = Date.now();
  found.length = 0;
  let outcome = 'FAILED';
  try {
    const out = await fn();
    outcome = `ok (${seconds(Date.now() - t)})`;
    return out;
  } finally {
    process.stdout.write(`- ${name}: ${outcome}\n${found.map((l) => `    ${l}\n`).join('')}`);
  }
}

// ---------------------------------------------------------------- PostgreSQL

function serverUrl(): string {
  const url = process.env.DRILL_PG_URL ?? process.env.CLUSTER_PG_URL ?? process.env.DATABASE_URL;
  if (!url) {
    console.error('the drill needs a PostgreSQL server it may create databases on: set DRILL_PG_URL, e.g. postgres://postgres@127.0.0.1:55432/postgres');
    process.exit(2);
  }
  return url;
}

/** The PostgreSQL client programs: PG_BIN, else the newest /usr/lib/postgresql/N/bin, else PATH. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.PG_BIN) return join(process.env.PG_BIN, name);
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', name))).sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(base, versions[0], 'bin', name);
  }
  return name;
}

const dbUrl = (name: string) => {
  const u = new URL(serverUrl());
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: dbUrl('postgres') });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

// ---------------------------------------------------------------- S3

const s3Client = (s3: TestS3) => new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_KEY });

async function listKeys(s3: TestS3): Promise<string[]> {
  const client = s3Client(s3);
  const keys: string[] = [];
  let token: string | undefined;
  try {
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? []) keys.push(o.Key!);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
  return keys;
}

/** Copies every object of one bucket into another, key for key (the bucket's backup, and its restore). */
async function copyBucket(from: TestS3, to: TestS3): Promise<{ objects: number; bytes: number }> {
  const src = s3Client(from);
  const dst = s3Client(to);
  let bytes = 0;
  const keys = await listKeys(from);
  try {
    for (const key of keys) {
      const got = await src.send(new GetObjectCommand({ Bucket: from.bucket, Key: key }));
      const body = await got.Body!.transformToByteArray();
      await dst.send(new PutObjectCommand({ Bucket: to.bucket, Key: key, Body: body, ContentType: got.ContentType }));
      bytes += body.byteLength;
    }
  } finally {
    src.destroy();
    dst.destroy();
  }
  return { objects: keys.length, bytes };
}

// ---------------------------------------------------------------- the service

interface Running {
  base: string;
  env: NodeJS.ProcessEnv;
  child: ChildProcess;
  log: string[];
}


async function startService(name: string, env: NodeJS.ProcessEnv): Promise<Running> {
  const port = await freePort();
  const args = entryArgs('main');
  if (!args || !args.some((a) => a.endsWith('.js'))) throw new Error('the compiled service is missing: run `npm run build` first (dist/server/main.js)');
  const full = { ...env, PORT: String(port) };
  const child = spawn(process.execPath, args, { cwd: ROOT, env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  const keep = (d: Buffer) => {
    log.push(...String(d).split('\n').filter(Boolean).map((l) => `[${name}] ${l}`));
    if (log.length > 2000) log.splice(0, log.length - 2000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${log.slice(-30).join('\n')}`);
    const ready = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (ready) return { base, env: full, child, log };
    if (Date.now() > deadline) throw new Error(`${name} did not become ready:\n${log.slice(-30).join('\n')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stopService(s: Running | undefined): Promise<void> {
  if (!s || s.child.exitCode !== null) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  const timer = setTimeout(() => s.child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** `npm run ops -- ...` with the service's settings (on PostgreSQL the CLI works on the database itself). */
async function ops(s: Running, ...args: string[]): Promise<string> {
  const { stdout } = await exec(process.execPath, [...entryArgs('cli')!, ...args], { cwd: ROOT, env: s.env, maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

async function loggedIn(s: Running, phone: string, area: string): Promise<ApiClient> {
  const client = new ApiClient(s.base);
  const { salt } = await client.call<{ salt: string }>('sendCode', { value: phone, areaCode: area });
  const deadline = Date.now() + 30_000;
  let code = '';
  while (!/^\d{4,8}$/.test(code)) {
    if (Date.now() > deadline) throw new Error(`no login code for ${phone}`);
    code = await ops(s, 'code', phone, '--area', area).catch(() => '');
    if (!/^\d{4,8}$/.test(code)) await new Promise((r) => setTimeout(r, 300));
  }
  await client.call('login', { areaCode: area, phone, code, salt });
  return client;
}

async function download(s: Running, client: ApiClient, ossId: string): Promise<Buffer> {
  const { ossUrl } = await client.call<{ ossUrl: string }>('signedUrl', { ossid: ossId });
  const res = await fetch(new URL(ossUrl, s.base), { headers: { cookie: client.cookieHeader() } });
  expect(res.status === 200, `download of ${ossId}: HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Every stored object the database names (applicants' files, the signing module's files): key → sha256 of the bytes. */
async function namedObjects(url: string): Promise<Array<{ table: string; key: string }>> {
  return query<{ table: string; key: string }>(url, "SELECT 'files' AS table, storage_key AS key FROM files UNION ALL SELECT 'sign_files', storage_key FROM sign_files ORDER BY 2");
}

// ---------------------------------------------------------------- the drill

const PHONE = '61238038';
const AREA = '852';
const ORG_REG = '70000038';

const work = join(ROOT, 'e2e/.tmp', `restore-drill-${Date.now()}-${randomBytes(2).toString('hex')}`);
const suffix = `${Date.now()}_${randomBytes(3).toString('hex')}`;
const sourceDb = `esop_drill_src_${suffix}`;
const restoredDb = `esop_drill_restored_${suffix}`;
const cleanups: Array<() => Promise<unknown>> = [];
let source: Running | undefined;
let restored: Running | undefined;
let failed = false;

try {
  mkdirSync(work, { recursive: true });
  const pgDump = pgTool('pg_dump');
  const pgRestore = pgTool('pg_restore');
  console.log(`restore drill: PostgreSQL ${new URL(serverUrl()).host}, ${pgDump}, work folder ${work}`);

  // ---- 1. the source deployment
  const sourceS3 = await startS3({ bucket: 'kyc-source', directory: join(work, 's3-source') });
  cleanups.push(() => sourceS3.stop());
  await admin((c) => c.query(`CREATE DATABASE ${sourceDb}`));
  cleanups.push(() => admin((c) => c.query(`DROP DATABASE IF EXISTS ${sourceDb} WITH (FORCE)`)));
  const secrets = makeSecrets(join(work, 'secrets'));
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'loopback',
    ...secrets,
  };
  delete common.CIPHER_REPLAY_GUARD;
  mkdirSync(join(work, 'data-source'));
  source = await step('start the service on a new database and bucket', () =>
    startService('source', { ...common, ...sourceS3.env, DATABASE_URL: dbUrl(sourceDb), DATA_DIR: join(work, 'data-source'), JOBS: 'inline' }),
  );

  // ---- 2. an application with files, and a signed PDF
  const src = source;
  const applicant = await step('an applicant logs in, saves every step with uploads, submits', async () => {
    const client = await loggedIn(src, PHONE, AREA);
    const { appId } = await client.call<{ appId: string }>('applyStart', { oaType: 2 });
    const front = new Uint8Array(await makeIdFront());
    await client.upload(front, 'id-front.jpg', 'UserInfo');
    await prefillSteps(client, appId, 'CAAPPLY', { accountType: 1 });
    await client.call('applySubmit', { appId });
    const view = await client.call<ApplicationView>('applyDetail', { appId });
    const files = await query<{ oss_id: string }>(dbUrl(sourceDb), 'SELECT oss_id FROM files ORDER BY oss_id');
    const hashes = new Map<string, string>();
    for (const f of files) hashes.set(f.oss_id, sha256(await download(src, client, f.oss_id)));
    say(`application ${appId}: status ${view.applyStatus}, ${Object.keys(view.data ?? {}).length} steps' data, ${hashes.size} files downloaded and hashed`);
    return { appId, view, hashes };
  });

  const signed = await step("an organisation's signer signs the opening form; the signed PDF is exported", async () => {
    const { ticketId } = await signAsOrganisation(src.base, (...args) => ops(src, ...args), { reg: ORG_REG, name: 'Example Drill Trading Limited', nameZh: '示例演練貿易有限公司' });
    const out = join(work, 'signed-source.pdf');
    await ops(src, 'sign-export', ticketId, '--document', 'openingForm', '--out', out);
    const pdf = readFileSync(out);
    const root = await ops(src, 'sign-ca-cert');
    verifySignedPdf(pdf, root, { pdfsig: hasPdfsig() });
    say(`ticket ${ticketId}: signed opening form ${pdf.length} bytes, sha256 ${sha256(pdf).slice(0, 16)}…, verified against the root`);
    return { ticketId, hash: sha256(pdf), root };
  });

  const sourceObjects = await namedObjects(dbUrl(sourceDb));
  // the bytes of every object as the source bucket holds them, read before the backup
  const sourceHashes = new Map<string, string>();
  for (const o of sourceObjects) {
    const bytes = await sourceS3.object(o.key);
    if (bytes) sourceHashes.set(o.key, sha256(bytes));
  }
  const sourceRow = (await query<{ h: string }>(dbUrl(sourceDb), 'SELECT md5(a::text) AS h FROM applications a WHERE app_id = $1', [applicant.appId]))[0].h;

  // ---- 3. the backup, taken while the service runs (pg_dump reads one consistent snapshot)
  const dumpFile = join(work, 'backup', 'kyc.dump');
  mkdirSync(join(work, 'backup'));
  const backupS3 = await startS3({ bucket: 'kyc-backup', directory: join(work, 's3-backup') });
  cleanups.push(() => backupS3.stop());
  await step('back up: pg_dump -Fc of the database, a copy of every object of the bucket', async () => {
    await exec(pgDump, ['-Fc', '--no-owner', '--no-privileges', '-f', dumpFile, '-d', dbUrl(sourceDb)], { maxBuffer: 16 * 1024 * 1024 });
    const copied = await copyBucket(sourceS3, backupS3);
    say(`dump ${statSync(dumpFile).size} bytes; ${copied.objects} objects (${copied.bytes} bytes) copied`);
  });

  // the source is gone: its process, database and bucket (the disaster the drill recovers from)
  await step('lose the source: stop its service, drop its database, remove its bucket', async () => {
    await stopService(source);
    source = undefined;
    await admin((c) => c.query(`DROP DATABASE ${sourceDb} WITH (FORCE)`));
    await sourceS3.stop();
    rmSync(sourceS3.directory, { recursive: true, force: true });
    cleanups.splice(0, 2);
  });

  // ---- 4. the restore into an empty database and an empty bucket
  const restoredS3 = await startS3({ bucket: 'kyc-restored', directory: join(work, 's3-restored') });
  cleanups.push(() => restoredS3.stop());
  await step('restore: pg_restore into an empty new database, the objects into an empty new bucket', async () => {
    await admin((c) => c.query(`CREATE DATABASE ${restoredDb}`));
    cleanups.push(() => admin((c) => c.query(`DROP DATABASE IF EXISTS ${restoredDb} WITH (FORCE)`)));
    const tables = await query<{ n: number }>(dbUrl(restoredDb), "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')");
    expect(tables[0].n === 0, `the new database is not empty (${tables[0].n} tables)`);
    expect((await listKeys(restoredS3)).length === 0, 'the new bucket is not empty');
    await exec(pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '-d', dbUrl(restoredDb), dumpFile], { maxBuffer: 16 * 1024 * 1024 });
    const copied = await copyBucket(backupS3, restoredS3);
    say(`${copied.objects} objects restored`);
  });

  // ---- 5. the service on the restored copy, read back
  mkdirSync(join(work, 'data-restored'));
  restored = await step('start the service on the restored copy (MIGRATE_AT_START=off, an empty DATA_DIR, the same secrets)', () =>
    startService('restored', { ...common, ...restoredS3.env, DATABASE_URL: dbUrl(restoredDb), DATA_DIR: join(work, 'data-restored'), JOBS: 'inline', MIGRATE_AT_START: 'off' }),
  );
  const back = restored;

  await step('the applicant logs in again (app token) and reads the application back', async () => {
    const row = (await query<{ h: string }>(dbUrl(restoredDb), 'SELECT md5(a::text) AS h FROM applications a WHERE app_id = $1', [applicant.appId]))[0]?.h;
    expect(row === sourceRow, `the application's row differs after the restore (${row ?? 'missing'})`);
    // the app's login (its token under APP_TOKEN_SECRET): an SMS code for this phone was sent a minute ago, so the
    // restored login codes hold a new one back for the cooldown, as they should
    const client = new ApiClient(back.base);
    await client.call('tokenLogin', { t: await ops(back, 'app-token', PHONE, '--area', AREA) });
    const view = await client.call<ApplicationView>('applyDetail', { appId: applicant.appId });
    expect(view.applyStatus === applicant.view.applyStatus, `status ${view.applyStatus}, before ${applicant.view.applyStatus}`);
    expect(JSON.stringify(view.data) === JSON.stringify(applicant.view.data), "the application's data read back differs");
    let same = 0;
    for (const [ossId, hash] of applicant.hashes) {
      const now = sha256(await download(back, client, ossId));
      expect(now === hash, `file ${ossId}: sha256 ${now} after the restore, ${hash} before`);
      same++;
    }
    say(`application ${applicant.appId}: status ${view.applyStatus}, the same data; ${same} files downloaded with the same SHA-256`);
  });

  await step('every object the database names is in the new bucket with its bytes', async () => {
    const objects = await namedObjects(dbUrl(restoredDb));
    expect(objects.length === sourceObjects.length, `${objects.length} stored objects named after the restore, ${sourceObjects.length} before`);
    const fileRows = await query<{ storage_key: string; sha256: string }>(dbUrl(restoredDb), 'SELECT storage_key, sha256 FROM files');
    const declared = new Map(fileRows.map((r) => [r.storage_key, r.sha256]));
    for (const o of objects) {
      const bytes = await restoredS3.object(o.key);
      expect(bytes, `${o.table} object ${o.key} is missing from the restored bucket`);
      expect(sha256(bytes) === sourceHashes.get(o.key), `${o.table} object ${o.key}: its bytes differ from the source bucket's`);
      const want = declared.get(o.key);
      if (want) expect(sha256(bytes) === want, `${o.key}: sha256 differs from the files row`);
    }
    say(`${objects.length} objects with the source's bytes (SHA-256); ${fileRows.length} applicants' files also match the SHA-256 their rows recorded`);
  });

  await step('the signed PDF exports byte for byte and verifies against the same root', async () => {
    const out = join(work, 'signed-restored.pdf');
    await ops(back, 'sign-export', signed.ticketId, '--document', 'openingForm', '--out', out);
    const pdf = readFileSync(out);
    expect(sha256(pdf) === signed.hash, 'the signed PDF read back differs from the one exported before');
    const root = await ops(back, 'sign-ca-cert');
    expect(root === signed.root, 'the restored service prints another CA root');
    const pdfsig = hasPdfsig();
    verifySignedPdf(pdf, root, { pdfsig });
    say(`${pdf.length} bytes, the same SHA-256; ${pdfsig ? 'pdfsig: signature valid over the whole document' : 'pdfsig not installed (poppler-utils): skipped'}; openssl cms -verify over the signed ranges: chains to the root`);
  });

  await step('the retention rule on the restored copy: erase-expired --dry-run keeps the submitted application', async () => {
    const report = JSON.parse(await ops(back, 'erase-expired', '--dry-run', '--json')) as { dryRun: boolean; applications: Array<{ appId: string }> };
    expect(report.dryRun === true, 'erase-expired --dry-run did not report a dry run');
    expect(!report.applications.some((a) => a.appId === applicant.appId), 'erase-expired would erase the submitted application');
    say(`${report.applications.length} application(s) it would erase; ${applicant.appId} (under review) kept`);
  });
} catch (err) {
  failed = true;
  console.error(err instanceof Mismatch ? `\nMISMATCH: ${err.message}` : `\n${(err as Error).stack ?? err}`);
  for (const s of [source, restored]) if (s) console.error(s.log.slice(-20).join('\n'));
} finally {
  await stopService(source).catch(() => undefined);
  await stopService(restored).catch(() => undefined);
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
console.log(`\nrestore drill: ${failed ? 'FAILED' : 'passed'} in ${seconds(Date.now() - started)}`);
process.exit(failed ? 1 : 0);
