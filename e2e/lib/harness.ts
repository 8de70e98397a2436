/**
 * e2e harness: builds the site if needed, starts the real service on a free port with a fresh data dir,
 * launches Debian's Chromium at 375x667 and gives journeys small helpers (ops CLI, screenshots, login).
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CALLS } from '../../src/core/domain/calls-all';
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

/** `nodeArgs`: extra options for the service's node (e.g. the bench's --cpu-prof). */
export async function startService(extraEnv: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Service> {
  const port = await freePort();
  const dataDir = join(ROOT, 'e2e/.tmp', `data-${port}-${Date.now()}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv };
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  child.stdout!.on('data', (d) => log.push(String(d)));
  child.stderr!.on('data', (d) => log.push(String(d)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited: ${log.join('')}`);
    try {
      const r = await fetch(`${base}${CALLS.health.path}`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`service did not start: ${log.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `npm run ops -- <args>` against the running service; returns stdout trimmed. */
export async function ops(service: Service, ...args: string[]): Promise<string> {
  const { stdout } = await exec(process.execPath, ['--import', 'tsx', 'server/src/ops/cli.ts', ...args], { cwd: ROOT, env: service.env });
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

/** What the pages of the phone closed last showed (full page, PNG). */
export const lastScreens: Buffer[] = [];

export async function newPhone(browser: Browser, lang = 'en-US', userAgent?: string): Promise<Phone> {
  const context = await browser.newContext({
    viewport: VIEWPORT, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: lang, ...(userAgent ? { userAgent } : {}),
  });
  const page = await context.newPage();
  // the pages' last screens, kept as the context closes: a failed journey's run saves them (e2e/run.ts)
  const close = context.close.bind(context);
  context.close = async (options) => {
    lastScreens.length = 0;
    for (const p of context.pages()) {
      const png = await p.screenshot({ fullPage: true, timeout: 5000 }).catch(() => null);
      if (png) lastScreens.push(png);
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
