/**
 * e2e harness: builds the site if needed, starts the real service on a free port with a fresh data dir,
 * launches Debian's Chromium at 375x667 and gives journeys small helpers (ops CLI, screenshots, login).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CALLS } from '../../src/core/domain/calls-all';
import { SERVICE_ENTRIES } from '../../server/src/compiled';
const exec = promisify(execFile);
export const ROOT = resolve(import.meta.dirname, '../..');
export const OUT = join(ROOT, 'e2e/out');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The phone the journeys use; E2E_WIDTH=320 runs them on a narrow phone (to look at the screens there). */
export const VIEWPORT = { width: Number(process.env.E2E_WIDTH) || 375, height: 667 };

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

export interface Service {
  base: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  log: string[];
  /** the service process's id */
  pid?: number;
  stop(): Promise<void>;
}

export async function ensureBuilt(): Promise<void> {
  if (existsSync(join(ROOT, 'dist/pages/openAccount.html'))) return;
  await exec('npx', ['vite', 'build'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
}

/**
 * A PGlite database with every migration applied, made once (the migrate entry, as a release step runs it) and kept
 * under e2e/.tmp by the migrations' contents and PGlite's version: each service starts on a copy of it instead of
 * migrating an empty one again (half a minute of a busy machine's CPU per start).
 */
let template: Promise<string> | undefined;
function migratedTemplate(): Promise<string> {
  return (template ??= (async () => {
    const migrations = join(ROOT, 'server/src/db/migrations');
    const hash = createHash('sha256');
    hash.update(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
    for (const f of readdirSync(migrations).sort()) hash.update(f).update(readFileSync(join(migrations, f)));
    const dir = join(ROOT, 'e2e/.tmp', `pglite-migrated-${hash.digest('hex').slice(0, 16)}`);
    if (existsSync(join(dir, 'pglite'))) return dir;
    const making = `${dir}.${process.pid}-${Date.now()}`;
    mkdirSync(making, { recursive: true });
    try {
      await exec(process.execPath, serviceEntryArgs('migrate'), { cwd: ROOT, env: { ...process.env, DATA_DIR: making, LOG_LEVEL: 'warn' } });
      // the finished copy takes the name at once: another run never sees half a database
      try {
        renameSync(making, dir);
      } catch {
        /* another run made it first */
      }
    } finally {
      rmSync(making, { recursive: true, force: true });
    }
    return dir;
  })());
}

/** `nodeArgs`: extra options for the service's node (e.g. the bench's --cpu-prof). */
export async function startService(extraEnv: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Service> {
  const port = await freePort();
  const dataDir = join(ROOT, 'e2e/.tmp', `data-${port}-${Date.now()}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  cpSync(join(await migratedTemplate(), 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  // no balancer to drain it from: stopped at once (SHUTDOWN_DELAY_MS 0), not after the default 5 s at /readyz 503
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SHUTDOWN_DELAY_MS: '0', ...extraEnv };
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...serviceEntryArgs('main')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  child.stdout!.on('data', (d) => log.push(String(d)));
  child.stderr!.on('data', (d) => log.push(String(d)));
  const base = `http://127.0.0.1:${port}`;
  // a bound, not a wait: on a machine busy with other work the start takes longer
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited: ${log.join('')}`);
    try {
      const r = await fetch(`${base}${CALLS.health.path}`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`service did not start: ${log.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    dataDir,
    env,
    log,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      // E2E_KEEP_DATA=1 keeps the data folder (the uploads, the database) to look at after a run
      if (process.env.E2E_KEEP_DATA) console.log(`the service's data kept in ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest modification time of the files the compiled service is made from (its sources, the shared core, the messages). */
let newestSource: number | undefined;
function newestSourceTime(): number {
  if (newestSource !== undefined) return newestSource;
  let newest = 0;
  for (const dir of ['server/src', 'src/core', 'locales', 'package-lock.json']) {
    const top = join(ROOT, dir);
    if (!existsSync(top)) continue;
    const files = statSync(top).isDirectory() ? readdirSync(top, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)) : [top];
    for (const f of files) newest = Math.max(newest, statSync(f).mtimeMs);
  }
  return (newestSource = newest);
}

/**
 * node's arguments to run a service entry (SERVICE_ENTRIES): the compiled dist/server/<name>.js when it was built after
 * the last change to its sources (CI builds before the journeys; a bundle starts in about a second where tsx compiles
 * the CLI's hundreds of modules again in several), else the TypeScript source through tsx.
 */
export function serviceEntryArgs(name: 'main' | 'cli' | 'migrate'): string[] {
  const compiled = join(ROOT, 'dist/server', `${name}.js`);
  if (existsSync(compiled) && statSync(compiled).mtimeMs >= newestSourceTime()) return ['--enable-source-maps', compiled];
  return ['--import', 'tsx', SERVICE_ENTRIES[name].source];
}

/** Runs `npm run ops -- <args>` against the running service; returns stdout trimmed. */
export async function ops(service: Service, ...args: string[]): Promise<string> {
  const { stdout } = await exec(process.execPath, [...serviceEntryArgs('cli'), ...args], { cwd: ROOT, env: service.env });
  return stdout.trim();
}

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

export interface Phone {
  context: BrowserContext;
  page: Page;
  /** console errors, uncaught page errors and CSP violations seen so far */
  problems: string[];
}

/**
 * What the pages of the phone closed last showed (full page, PNG), per journey: journeys run side by side
 * (e2e/run.ts --lanes), so each run keeps its own list (`withScreens`); outside one, this shared list.
 */
export const lastScreens: Buffer[] = [];
const journeyScreens = new AsyncLocalStorage<Buffer[]>();
/** Runs `fn` with its own list of last screens (what its phones showed when they were closed). */
export function withScreens<T>(screens: Buffer[], fn: () => Promise<T>): Promise<T> {
  return journeyScreens.run(screens, fn);
}

/** A phone's user agent for this Chromium (the pages tell a phone from a computer by it: a computer is offered the hand-off to the phone). */
export const phoneUserAgent = (browser: Browser) =>
  `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Mobile Safari/537.36`;

export async function newPhone(browser: Browser, lang = 'en-US', userAgent?: string): Promise<Phone> {
  const context = await browser.newContext({
    viewport: VIEWPORT, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: lang, userAgent: userAgent ?? phoneUserAgent(browser),
  });
  const page = await context.newPage();
  // the pages' last screens, kept as the context closes: a failed journey's run saves them (e2e/run.ts)
  const close = context.close.bind(context);
  context.close = async (options) => {
    const screens = journeyScreens.getStore() ?? lastScreens;
    screens.length = 0;
    for (const p of context.pages()) {
      const png = await p.screenshot({ fullPage: true, timeout: 5000 }).catch(() => null);
      if (png) screens.push(png);
    }
    return close(options);
  };
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return { context, page, problems };
}

/** Fails when the page logged an error or broke the CSP (except the messages matched by `allow`). */
export function assertClean(phone: Phone, allow: RegExp[] = []): void {
  const left = phone.problems.filter((p) => !allow.some((a) => a.test(p)));
  assert(left.length === 0, `the page logged problems:\n  ${left.join('\n  ')}`);
}

export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(OUT, { recursive: true });
  const path = join(OUT, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled' });
  return path;
}

export interface Journey {
  name: string;
  run(ctx: { service: Service; browser: Browser }): Promise<void>;
}

export function assert(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(`assertion failed: ${message}`);
}

/** Fails when axe finds accessibility violations on the page as it stands. */
export async function assertAxeClean(page: Page, where: string): Promise<void> {
  const { AxeBuilder } = await import('@axe-core/playwright');
  const found = (await new AxeBuilder({ page }).analyze()).violations;
  assert(found.length === 0, `axe on ${where}: ${found.map((v) => `${v.id} (${v.nodes.map((n) => n.target).join(', ')})`).join('; ')}`);
}
