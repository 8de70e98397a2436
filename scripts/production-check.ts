/**
 * `npx tsx scripts/production-check.ts [--keep]` (CI's "production install" step, after `npm run build`): the built
 * product installed as production installs it and started as production starts it, nothing of this checkout's
 * node_modules used. The checkout's files (git's, or all but local folders) and dist/ are copied into a temporary
 * folder, `npm ci --omit=dev` installs there, and `node dist/server/main.js` starts from another working folder on a
 * free port with a fresh DATA_DIR. Then: health answers, a page is served, and a ciphered call answers (handshake,
 * ClientConfig, a code sent, logged in, UserInfo). The service is stopped with SIGTERM; the folder is removed unless
 * --keep. Exits 1 with the service's log on any failure.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CALLS } from '../src/core/domain/contract';
import { ApiClient } from '../e2e/lib/api-client';
import { projectRoot } from '../server/src/config';

const root = projectRoot();
const keep = process.argv.includes('--keep');
/** folders of a working checkout that are not the product */
const LOCAL = new Set(['.git', 'node_modules', 'dist', 'data', '.data-test', 'coverage', '.tmp']);

const step = (text: string) => console.log(`production-check: ${text}`);

function productFiles(): string[] {
  const git = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (git.status === 0 && git.stdout) return git.stdout.split('\0').filter((f) => f && existsSync(join(root, f)));
  return readdirSync(root).filter((f) => !LOCAL.has(f));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function main(): Promise<void> {
  if (!existsSync(join(root, 'dist', 'server', 'main.js')) || !existsSync(join(root, 'dist', 'pages'))) {
    throw new Error('build first: npm run build (dist/pages and dist/server)');
  }
  const work = mkdtempSync(join(tmpdir(), 'prod-check-'));
  const app = join(work, 'app');
  const log: string[] = [];
  let child: ReturnType<typeof spawn> | undefined;
  try {
    step(`copying the product into ${app}`);
    for (const file of productFiles()) {
      mkdirSync(dirname(join(app, file)), { recursive: true });
      cpSync(join(root, file), join(app, file), { recursive: true });
    }
    cpSync(join(root, 'dist'), join(app, 'dist'), { recursive: true });

    step('npm ci --omit=dev');
    const started = Date.now();
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: app, stdio: 'inherit' });
    // the pages are built: what only the browser runs (React, the desk's antd, the UI kit) or builds them is not installed
    const notWanted = ['typescript', 'vite', 'jest', 'react', 'react-dom', 'react-vant', 'antd', '@refinedev/core', 'playwright-core'].filter((p) => existsSync(join(app, 'node_modules', p)));
    if (notWanted.length) throw new Error(`the production install has packages only the build or the browser needs: ${notWanted.join(', ')}`);
    const megabytes = Number(execFileSync('du', ['-sm', join(app, 'node_modules')], { encoding: 'utf8' }).split(/\s/)[0]);
    step(`installed in ${Math.round((Date.now() - started) / 1000)} s, node_modules ${megabytes} MB; none of the build's or the browser's packages`);

    const port = await freePort();
    const cwd = join(work, 'elsewhere');
    mkdirSync(cwd);
    step(`node dist/server/main.js on port ${port} (working folder ${cwd})`);
    const t0 = Date.now();
    child = spawn(process.execPath, ['--enable-source-maps', join(app, 'dist', 'server', 'main.js')], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? work, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(work, 'data'), LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => log.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => log.push(d.toString()));
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
      const ok = await fetch(base + CALLS.health.path).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error('health did not answer within 180 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    step(`health answers after ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const page = await fetch(`${base}/pages/openAccount.html`);
    const html = await page.text();
    if (page.status !== 200 || !/<html/i.test(html) || !/\/assets\//.test(html)) throw new Error(`the page answered ${page.status}: ${html.slice(0, 200)}`);
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    if (!asset || (await fetch(base + asset)).status !== 200) throw new Error(`the page's script ${asset} is not served`);
    step(`a page and its script served (${asset})`);

    const client = new ApiClient(base);
    await client.handshake();
    const config = await client.call<{ memberPageUrl?: string }>('clientConfig');
    const phone = '61230000';
    const { salt } = await client.call<{ salt: string }>('sendCode', { value: phone, areaCode: '852' });
    let code: string | undefined;
    for (let i = 0; i < 40 && !code; i++) {
      code = log.join('').match(/\[sms\] code for \+852 \S+: (\d+)/)?.[1];
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    if (!code) throw new Error('no verification code in the log');
    await client.call('login', { areaCode: '852', phone, code, salt });
    const user = await client.call<Record<string, unknown>>('userInfo');
    step(`ciphered calls answer: ClientConfig (${Object.keys(config).length} settings), SendCode, Login, UserInfo (${Object.keys(user).length} fields)`);
  } catch (err) {
    console.error(`production-check FAILED: ${(err as Error).message}\n--- the service's log ---\n${log.join('').slice(-6000)}`);
    process.exitCode = 1;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      step(`stopped (exit ${child.exitCode ?? child.signalCode})`);
    }
    if (keep) step(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
