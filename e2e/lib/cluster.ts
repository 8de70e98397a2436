/**
 * The production shape on one machine, for the multi-process test, the journeys (`npm run test:e2e -- --cluster`) and
 * the load bench: one PostgreSQL database (fresh, on the server named by CLUSTER_PG_URL or DATABASE_URL), an S3 server
 * (s3rver, in this process, on loopback), the migrations run once as their own step, N compiled web processes — each
 * with a data folder of its own, so nothing can be shared through a disk — and a job worker, with the same keys and
 * secrets (made here, as a deployment's secret store would hold them), behind a plain round-robin balancer.
 *
 * The compiled service (dist/server/*.js, `npm run build`) runs when it is there, else the TypeScript through tsx.
 * What the processes print is kept in `log`, each line prefixed with the process's name.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { CALLS } from '../../src/core/domain/calls-all';import { SERVICE_ENTRIES } from '../../server/src/compiled';
import { freePort, ROOT, type Service } from './harness';
import { startBalancer, type Balancer } from './round-robin';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

export interface ClusterOptions {
  /** web processes behind the balancer (default 2) */
  web?: number;
  /** a separate job worker process (default true) */
  worker?: boolean;
  /** settings added to every process */
  env?: Record<string, string>;
  /** log level of the processes (default warn) */
  logLevel?: string;
  /** every process reaches PostgreSQL through a TCP forwarder the test can cut (a database blip) */
  dbProxy?: boolean;
}

export interface Cluster extends Service {
  balancer: Balancer;
  /** each web process's own address (to send a request to one of them on purpose) */
  webBases: string[];
  webPids: number[];
  workerPid?: number;
  databaseUrl: string;
  s3: { endpoint: string; bucket: string; directory: string };
  /** with dbProxy: the forwarder between the processes and PostgreSQL */
  dbProxy?: TcpProxy;
  /** starts one more worker process (with the others' settings); resolves with its pid once it works jobs */
  addWorker(): Promise<number>;
  /** kills a worker process outright (SIGKILL: no graceful stop), as a crash or an OOM kill does; resolves once it is gone */
  killWorker(pid: number): Promise<void>;
}

interface Proc {
  name: string;
  child: ChildProcess;
}

/** The compiled entry when built, else the TypeScript one through tsx: [node args] (null: no such entry). */
export function entryArgs(name: 'main' | 'worker' | 'migrate' | 'cli'): string[] | null {
  const entry = SERVICE_ENTRIES[name];
  const compiled = join(ROOT, 'dist/server', `${name}.js`);
  if (existsSync(compiled)) return ['--enable-source-maps', compiled];
  return entry && existsSync(join(ROOT, entry.source)) ? ['--import', 'tsx', entry.source] : null;
}

function pgServerUrl(): string {
  const url = process.env.CLUSTER_PG_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('the cluster needs a PostgreSQL server: set CLUSTER_PG_URL (or DATABASE_URL), e.g. postgres://postgres@127.0.0.1:55432/postgres');
  return url;
}

async function freshDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `esop_cluster_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
}

async function startS3(directory: string): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const pkg = 's3rver'; // no types of its own
  const { default: S3rver } = (await import(pkg)) as { default: new (o: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> } };
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'esop-cluster' }] });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** The deployment's secrets, as files and values every process gets alike (kept apart from the database and the bucket). */
export function makeSecrets(dir: string): Record<string, string> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  writeFileSync(join(dir, 'cipher-private.pem'), pair.privateKey, { mode: 0o600 });
  writeFileSync(join(dir, 'cipher-public.pem'), pair.publicKey, { mode: 0o600 });
  return {
    CIPHER_PRIVATE_KEY_FILE: join(dir, 'cipher-private.pem'),
    CIPHER_PUBLIC_KEY_FILE: join(dir, 'cipher-public.pem'),
    APP_TOKEN_SECRET: randomBytes(32).toString('base64url'),
    SIGNING_SECRET: randomBytes(32).toString('base64url'),
    OPS_TOKEN: randomBytes(32).toString('base64url'),
  };
}

function run(name: string, args: string[], env: NodeJS.ProcessEnv, log: string[]): Proc {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (d: Buffer) => {
    for (const line of String(d).split('\n')) if (line.trim()) log.push(`[${name}] ${line}\n`);
    if (log.length > 20_000) log.splice(0, log.length - 20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { name, child };
}

async function waitHealthy(base: string, proc: Proc, log: string[], ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${log.slice(-40).join('')}`);
    try {
      const r = await fetch(`${base}${CALLS.health.path}`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${proc.name} did not start:\n${log.slice(-40).join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stopProc(p: Proc): Promise<number | null> {
  if (p.child.exitCode !== null) return p.child.exitCode;
  p.child.kill('SIGTERM');
  const exited = new Promise<number | null>((r) => p.child.once('exit', (code) => r(code)));
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 30_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

export async function startCluster(o: ClusterOptions = {}): Promise<Cluster> {
  const web = o.web ?? 2;
  const root = join(ROOT, 'e2e/.tmp', `cluster-${Date.now()}-${randomBytes(2).toString('hex')}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const log: string[] = [];
  const procs: Proc[] = [];
  const db = await freshDatabase(pgServerUrl());
  const target = new URL(db.url);
  const dbProxy = o.dbProxy ? await startTcpProxy(target.hostname, Number(target.port || 5432)) : undefined;
  // the processes' database address (the test's own reads and the drop go straight to PostgreSQL)
  const serviceDbUrl = dbProxy ? dbProxy.url(db.url) : db.url;
  const s3dir = join(root, 's3');
  mkdirSync(s3dir);
  const s3 = await startS3(s3dir);
  let balancer: Balancer | undefined;
  const stopAll = async () => {
    const codes = await Promise.all(procs.map(stopProc));
    await balancer?.close();
    await dbProxy?.close();
    await s3.close().catch(() => undefined);
    await db.drop();
    rmSync(root, { recursive: true, force: true });
    return codes;
  };
  try {
    const shared: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: o.logLevel ?? 'warn',
      DATABASE_URL: serviceDbUrl,
      STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'esop-cluster',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      JOBS: 'worker',
      MIGRATE_AT_START: 'off',
      TRUST_PROXY: 'loopback',
      ...makeSecrets(join(root, 'secrets')),
    };
    delete shared.CIPHER_REPLAY_GUARD; // the default must hold across processes
    Object.assign(shared, o.env);
    const envFor = (name: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
      const dataDir = join(root, name);
      mkdirSync(dataDir, { recursive: true });
      return { ...shared, DATA_DIR: dataDir, ...extra };
    };

    // the migrations, once, as a release step would run them
    const migrateArgs = entryArgs('migrate');
    if (migrateArgs) {
      const migrate = run('migrate', migrateArgs, envFor('migrate'), log);
      const code = await new Promise<number | null>((r) => (migrate.child.exitCode !== null ? r(migrate.child.exitCode) : migrate.child.once('exit', r)));
      if (code !== 0) throw new Error(`migrations failed (${code}):\n${log.slice(-40).join('')}`);
    }

    const webBases: string[] = [];
    const started: Promise<void>[] = [];
    for (let i = 0; i < web; i++) {
      const port = await freePort();
      const p = run(`web${i + 1}`, entryArgs('main')!, envFor(`web${i + 1}`, { PORT: String(port) }), log);
      procs.push(p);
      webBases.push(`http://127.0.0.1:${port}`);
      started.push(waitHealthy(webBases[i], p, log));
    }
    let worker: Proc | undefined;
    const workerArgs = entryArgs('worker');
    if ((o.worker ?? true) && workerArgs) {
      worker = run('worker', workerArgs, envFor('worker'), log);
      procs.push(worker);
    }
    await Promise.all(started);
    balancer = await startBalancer(webBases);
    let workers = 1;
    const b = balancer;
    return {
      base: b.base,
      balancer: b,
      webBases,
      webPids: procs.filter((p) => p.name.startsWith('web')).map((p) => p.child.pid!),
      workerPid: worker?.child.pid,
      databaseUrl: db.url,
      s3: { endpoint: s3.endpoint, bucket: 'esop-cluster', directory: s3dir },
      dbProxy,
      async addWorker() {
        const name = `worker${++workers}`;
        const p = run(name, workerArgs!, envFor(name, { LOG_LEVEL: 'info' }), log);
        procs.push(p);
        const deadline = Date.now() + 120_000;
        while (!log.some((l) => l.startsWith(`[${name}]`) && l.includes('worker started'))) {
          if (p.child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start:\n${log.slice(-40).join('')}`);
          await new Promise((r) => setTimeout(r, 200));
        }
        return p.child.pid!;
      },
      async killWorker(pid) {
        const at = procs.findIndex((p) => p.child.pid === pid);
        if (at < 0) throw new Error(`no process ${pid}`);
        const [p] = procs.splice(at, 1);
        const gone = new Promise((r) => p.child.once('exit', r));
        p.child.kill('SIGKILL');
        await gone;
      },
      // the ops CLI as an operator runs it: on a machine of its own (a data folder no server runs in), same settings
      dataDir: join(root, 'ops'),
      env: envFor('ops'),
      log,
      pid: procs[0].child.pid,
      async stop() {
        const codes = await stopAll();
        const names = procs.map((p) => p.name);
        const bad = codes.flatMap((c, i) => (c === 0 ? [] : [`${names[i]} exited ${c}`]));
        if (bad.length) throw new Error(`on SIGTERM: ${bad.join(', ')}`);
      },
    };
  } catch (err) {
    await stopAll().catch(() => undefined);
    throw err;
  }
}
