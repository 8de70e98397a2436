/**
 * `npm run bench`: prints, per built page, the initial JS and CSS (gzip) and the largest lazy chunks,
 * then the Lighthouse mobile scores, LCP, TBT and CLS (median of 3) of every entry page, a deep step and the login
 * page, served by the real service and logged in for real (the session cookies set in the browser), then the
 * service's rps against a bare Fastify hello (scripts/bench-service.ts). Also the liveness screen's chunks and the
 * service's face check time. Exits 1 when a budget is missed.
 * Options: --no-build, --no-lighthouse, --no-face, --no-service, --runs N (Lighthouse runs per page, default 3),
 * --page TEXT (only the Lighthouse pages whose name contains TEXT), --why (print the LCP element and what shifted).
 * --load N [--concurrency C]: instead, N applicants complete the whole flow over the API against two web processes and a
 * worker on PostgreSQL (CLUSTER_PG_URL) behind a round-robin balancer (scripts/bench-load.ts); exits 1 on any error.
 * --isolation [--seconds S]: instead, ApplyDetail's latency alone and while three face checks run, with the checks in
 * the worker process and, for reference, in the web processes (scripts/bench-isolation.ts); exits 1 past 1.5x.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, CHROMIUM, CHROMIUM_ARGS, startService, ops } from '../e2e/lib/harness';
import { ApiClient } from '../e2e/lib/api-client';
import { INITIAL_JS_BUDGET_KB, gz, kb, pageWeights } from './initial-js';
import { prefillSteps } from '../e2e/lib/prefill';

const BUDGET = {
  openAccountInitialJsKb: INITIAL_JS_BUDGET_KB,
  stepChunkKb: 60,
  performance: 95,
  accessibility: 100,
  lcpMs: 1800,
  tbtMs: 150,
  cls: 0.02,
  updateVsHelloPglite: 0.12,
  updateVsHelloPostgres: 0.25,
};
const argv = process.argv.slice(2);
const args = new Set(argv);
const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const RUNS = Number(option('--runs') ?? 3);
if (option('--load')) {
  const { runLoadBench } = await import('./bench-load');
  const { errors } = await runLoadBench(Number(option('--load')), Number(option('--concurrency') ?? 20));
  process.exit(errors ? 1 : 0);
}
if (args.has('--isolation')) {
  const { runIsolationBench } = await import('./bench-isolation');
  process.exit((await runIsolationBench(Number(option('--seconds') ?? 10))) ? 0 : 1);
}
const dist = join(ROOT, 'dist');
let ok = true;

if (!args.has('--no-build')) execFileSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'ignore' });

console.log('page                     initial JS   CSS      (gzip KB)');
const initialOf = new Map<string, Set<string>>();
for (const { page, js, jsKb, cssKb } of pageWeights(dist)) {
  initialOf.set(page, js);
  const budget = BUDGET.openAccountInitialJsKb; // every entry page
  const verdict = jsKb <= budget ? `  ok (≤ ${budget})` : `  OVER BUDGET (> ${budget})`;
  if (jsKb > budget) ok = false;
  console.log(`${page.padEnd(24)} ${String(jsKb).padStart(8)}   ${String(cssKb).padStart(6)}${verdict}`);
}

const initialAll = new Set([...initialOf.values()].flatMap((s) => [...s]));
const lazy = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !initialAll.has(`assets/${f}`))
  .map((f) => ({ f, size: gz(join(dist, 'assets', f)), raw: statSync(join(dist, 'assets', f)).size }))
  .sort((a, b) => b.size - a.size);
console.log('\nlazy chunks (largest 12, gzip KB)');
for (const c of lazy.slice(0, 12)) console.log(`  ${c.f.padEnd(44)} ${String(kb(c.size)).padStart(7)}`);

// the liveness screen: its own chunk and the face model's (both lazy: loaded on /livingWitness only, the model after it painted)
const chunkKb = (prefix: string) => kb(lazy.filter((c) => c.f.startsWith(prefix)).reduce((n, c) => n + c.size, 0));
console.log(`\nliveness screen: LivingWitnessScreen ${chunkKb('LivingWitnessScreen-')} KB, face model (Human + TensorFlow.js) ${chunkKb('human.esm-')} KB gzip, both lazy`);
if (initialAll.size && [...initialAll].some((f) => /human\.esm-/.test(f))) {
  ok = false;
  console.log('  the face model is in a first screen\'s script');
}

if (!args.has('--no-face')) {
  // the service's face check: the local vendor (a child process) on a 3 s synthetic video, as LivingBodyVerifyRaw runs it
  const { createLocalFace } = await import('../server/src/vendors/face');
  const { makeFaceVideo } = await import('./make-face-video');
  const { makeIdFront, SAMPLE_FRONT } = await import('./make-card-images');
  const face = readFileSync(join(ROOT, 'server/test/fixtures/faces/astronaut.jpg'));
  const video = await makeFaceVideo(face, { seconds: 3 });
  const idPhoto = await makeIdFront({ ...SAMPLE_FRONT, portrait: face });
  const vendor = createLocalFace({ timeoutMs: 59_000 });
  try {
    const times: number[] = [];
    for (let i = 0; i < 4; i++) {
      const t0 = Date.now();
      const r = await vendor.check({ video, idPhoto, name: '张三', idNumber: '' });
      times.push(Date.now() - t0);
      if (!r.passed) console.log(`  the bench's check failed: ${r.reason}`);
    }
    const warm = times.slice(1).sort((a, b) => a - b);
    console.log(`face check (local, 3 s video, 18 frames): first ${times[0]} ms (models loading), then median ${warm[1]} ms`);
  } finally {
    await vendor.close();
  }
}

/**
 * The floor: a bare React 19 page (scripts/reference-page), built by Vite with the same compression and served by
 * Fastify's static plugin with its precompressed copies, as the product's assets are.
 */
async function serveReference(): Promise<{ url: string; close: () => Promise<unknown> }> {
  const { build } = await import('vite');
  const { compressAssets } = await import('./compress-assets');
  const outDir = join(ROOT, 'bench', 'out', 'reference');
  await build({
    configFile: false,
    root: join(ROOT, 'scripts', 'reference-page'),
    base: '/',
    logLevel: 'silent',
    plugins: [compressAssets()],
    build: { outDir, emptyOutDir: true, target: 'es2020' },
  });
  const Fastify = (await import('fastify')).default;
  const fastifyStatic = (await import('@fastify/static')).default;
  const app = Fastify();
  await app.register(fastifyStatic, { root: outDir, preCompressed: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/index.html`, close: () => app.close() };
}

if (!args.has('--no-lighthouse')) {
  const lighthouse = (await import('lighthouse')).default;
  const chromeLauncher = await import('chrome-launcher');
  const { chromium } = await import('playwright-core');
  const service = await startService();
  const reference = await serveReference();
  try {
    // an hk applicant with the steps before /HK_IDcard... saved up to the investment page (a deep step)
    const api = new ApiClient(service.base);
    await api.call('tokenLogin', { t: await ops(service, 'app-token', '61234567', '--area', '852') });
    const { appId } = await api.call<{ appId: string }>('applyStart', { oaType: 2 });
    await prefillSteps(api, appId, 'INVESTMENT');
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
    try {
      // logged in for real: the session cookies set in the browser (the page reads esop_in from document.cookie)
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const host = new URL(service.base).hostname;
      const cookies = ['esop_sid', 'esop_in'].flatMap((name) => (api.cookie(name) ? [{ name, value: api.cookie(name)!, domain: host, path: '/' }] : []));
      // a client whose cash account is open (every step saved through the service, submitted, approved by staff),
      // with the asset-transfer agreement signed and a request of staff to complete information: the after-opening pages
      const client = new ApiClient(service.base);
      await client.call('tokenLogin', { t: await ops(service, 'app-token', '61234568', '--area', '852') });
      const opened = await client.call<{ appId: string }>('applyStart', { oaType: 2 });
      await prefillSteps(client, opened.appId, 'CAAPPLY', { accountType: 1 });
      await client.call('applySubmit', { appId: opened.appId });
      await ops(service, 'approve', opened.appId);
      await client.call('applyAssetTransferSign', { authorType: 1, applyId: opened.appId });
      const sub = (await client.call<{ clientInfo: { accts: { subAcctId: string }[] } }>('userInfo')).clientInfo.accts[0].subAcctId;
      await ops(service, 'improve-request', '--sub', sub, '--items', 'employment,funds');
      // an organisation's signer opening the broker's link (no session: the page asks for the ID number)
      await ops(service, 'org-create', '--name', 'Bench Trading Limited', '--reg', 'BENCH0001', '--signer', 'CHAN Tai Man', '--signer-id', 'K1234567');
      const signLink = (await ops(service, 'sign-ticket', 'BENCH0001')).split('\n')[0].trim();
      const clientCookies = ['esop_sid', 'esop_in'].flatMap((name) => (client.cookie(name) ? [{ name, value: client.cookie(name)!, domain: host, path: '/' }] : []));
      const pages: [string, string, 'applicant' | 'client' | false][] = [
        ['floor: a bare React 19 page', reference.url, false],
        ['home (logged in)', '/pages/openAccount.html#/account', 'applicant'],
        ['deep step /investment (logged in)', '/pages/openAccount.html#/investment', 'applicant'],
        ['login (anonymous)', '/pages/openAccount.html#/login', false],
        ['openEsopAccount home (logged in)', '/pages/openEsopAccount.html#/account', 'applicant'],
        ['account home (opened client)', '/pages/openAccount.html#/accountHome', 'client'],
        ['transferInStock (opened client)', '/pages/transferInStock.html', 'client'],
        ['assetTransferAgreement (opened client)', `/pages/assetTransferAgreement.html?applyId=${opened.appId}&authorType=1`, 'client'],
        ['investorIdentifier (opened client)', `/pages/investorIdentifier.html?sub=${sub}#/`, 'client'],
        ['improveInfo (opened client)', `/pages/improveInfo.html?sub=${sub}`, 'client'],
        ['signature.html (an organisation signer)', signLink.replace(/^https?:\/\/[^/]+/, ''), false],
      ];
      console.log('\nLighthouse mobile, median of 3 runs');
      console.log('page                                perf  a11y   LCP ms  TBT ms   CLS');
      const only = option('--page');
      for (const [name, path, loggedIn] of pages.filter(([n]) => !only || n.includes(only))) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) {
          const context = cdp.contexts()[0];
          await context.clearCookies();
          if (loggedIn) await context.addCookies(loggedIn === 'client' ? clientCookies : cookies);
          const r = await lighthouse(path.startsWith('http') ? path : `${service.base}${path}`, {
            port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], formFactor: 'mobile',
            disableStorageReset: true,
          });
          runs.push(r!.lhr);
        }
        runs.sort((x, y) => (x.categories.performance.score ?? 0) - (y.categories.performance.score ?? 0));
        const lhr = runs[Math.floor((runs.length - 1) / 2)];
        const perf = Math.round((lhr.categories.performance.score ?? 0) * 100);
        const a11y = Math.round((lhr.categories.accessibility.score ?? 0) * 100);
        const lcp = lhr.audits['largest-contentful-paint'].numericValue ?? NaN;
        const tbt = lhr.audits['total-blocking-time'].numericValue ?? NaN;
        const cls = lhr.audits['cumulative-layout-shift'].numericValue ?? NaN;
        const misses = [
          perf < BUDGET.performance ? `performance < ${BUDGET.performance}` : '',
          a11y < BUDGET.accessibility ? `accessibility < ${BUDGET.accessibility}` : '',
          lcp > BUDGET.lcpMs ? `LCP > ${BUDGET.lcpMs}` : '',
          tbt > BUDGET.tbtMs ? `TBT > ${BUDGET.tbtMs}` : '',
          cls > BUDGET.cls ? `CLS > ${BUDGET.cls}` : '',
        ].filter(Boolean);
        const floor = path.startsWith('http');
        if (misses.length && !floor) ok = false;
        console.log(`${name.padEnd(34)} ${String(perf).padStart(5)} ${String(a11y).padStart(5)} ${String(Math.round(lcp)).padStart(8)} ${String(Math.round(tbt)).padStart(7)} ${cls.toFixed(3).padStart(6)}${misses.length && !floor ? `  MISSED: ${misses.join(', ')}` : floor ? '  (reference, no budget)' : ''}`);
        if (args.has('--why')) {
          const items = (id: string) => ((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []) as Record<string, unknown>[];
          const snippet = (x: unknown) => ((x as { node?: { snippet?: string; nodeLabel?: string } }).node?.snippet ?? '').slice(0, 140);
          for (const it of items('largest-contentful-paint-element')) {
            const inner = (it as { items?: unknown[] }).items;
            if (inner?.length) console.log(`  LCP element: ${snippet(inner[0])}`);
          }
          for (const it of items('layout-shifts')) console.log(`  shift ${(it.score as number)?.toFixed?.(3)}: ${snippet(it)}`);
          const timings = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { phase?: string; timing?: number }[] }[] } | undefined)?.items?.[1]?.items ?? [];
          for (const t of timings) console.log(`  LCP ${t.phase}: ${Math.round(t.timing ?? 0)} ms`);
          const chain = lhr.audits['critical-request-chains']?.displayValue;
          if (chain) console.log(`  critical chains: ${chain}`);
          for (const it of items('mainthread-work-breakdown')) console.log(`  main thread ${String(it.groupLabel ?? it.group)}: ${Math.round(it.duration as number)} ms`);
          for (const it of items('bootup-time').slice(0, 5)) console.log(`  script ${String(it.url).replace(/^https?:\/\/[^/]+/, '')}: ${Math.round(it.total as number)} ms (${Math.round(it.scripting as number)} scripting)`);
          for (const it of items('long-tasks').slice(0, 8)) console.log(`  long task ${Math.round(it.startTime as number)} ms +${Math.round(it.duration as number)} ms ${String(it.url).replace(/^https?:\/\/[^/]+/, '')}`);
        }
        const landed = lhr.finalDisplayedUrl ?? '';
        if (!floor && !landed.endsWith(path.split('#')[1] ?? '')) console.log(`  note: landed on ${landed}`);
      }
      await cdp.close();
    } finally {
      await chrome.kill();
    }
  } finally {
    await reference.close();
    await service.stop();
  }
}

if (!args.has('--no-service')) {
  const { runServiceBench } = await import('./bench-service');
  const r = await runServiceBench(5);
  const target = r.engine === 'PGlite' ? BUDGET.updateVsHelloPglite : BUDGET.updateVsHelloPostgres;
  const met = r.updateRatio >= target;
  if (!met) ok = false;
  console.log(`  ApplyUpdate at ${(r.updateRatio * 100).toFixed(1)}% of hello (target ${target * 100}% on ${r.engine})${met ? '' : '  MISSED'}`);
}

console.log(ok ? '\nbudget: met' : '\nbudget: MISSED');
process.exit(ok ? 0 : 1);
