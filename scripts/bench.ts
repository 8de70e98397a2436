/**
 * `npm run bench`: the pages' weight, every way into the product loaded cold beside a bare React page, and the service.
 *
 * 1. Weight: per built page, the initial JS and CSS (gzip; budget: initial JS ≤ the ceiling of scripts/initial-js.ts),
 *    the largest lazy chunks, the liveness screen's chunks (the face model in no first screen's script).
 * 2. Face: the service's local face check on a 3 s video (time only).
 * 3. Lighthouse mobile (simulated throttling: slow 4G and a CPU slow-down) of every way in (scripts/bench-entries.ts),
 *    served by the real service, each entry's cookies and data prepared through the service (never through the pages):
 *      openAccount.html with no route and no session (a new applicant's link); openAccount.html#/login; logged in, its
 *      home and a deep step (/investment); an expired session (both cookies kept, the session ended on the service);
 *      an app token being exchanged (?t=…&jump=INVESTMENT); openEsopAccount.html without a session and its home
 *      logged in; signature.html with a valid ticket, with none and with a malformed one; each after-opening page
 *      (account, transferInStock, assetTransferAgreement, investorIdentifier, improveInfo) logged in as an opened
 *      client and without a session.
 *    Cold: before every run the browser cache and the origin's storage are emptied, only the entry's cookies kept; the
 *    bare React 19 reference page (scripts/reference-page, built and served the same way) runs cold, at the same CPU
 *    slow-down, just before each entry's cold run, round after round (scripts/bench-lighthouse.ts). Two passes by
 *    default: 4x (Lighthouse mobile's default) and 8x (twice it: a cheap phone), the reference measured in each.
 *    A table per pass: each metric's own median over the runs (performance, accessibility, FCP, LCP, LCP over the
 *    reference's runs just before the entry's, TBT, CLS, bytes and files sent, all and scripts) and the verdict; a
 *    warm row (a second visit, cache kept, not budgeted) under each entry in the first pass.
 *    Budget at every pass, on the cold loads: performance ≥ 95, accessibility 100, LCP ≤ 1.1x the reference's,
 *    TBT ≤ 100 ms, CLS ≤ 0.02, no file of a cold run from the cache, every run landed where its entry leads.
 *    Every entry at both passes, 5 rounds: 21 entries × (2 × 2 + 1) runs × 5 ≈ 530 Lighthouse runs, hours on a
 *    busy 2-core machine: narrow it with --page, --runs, --cpu, --no-warm.
 * 4. Service: rps and CPU time per request of ciphered ApplyDetail and ApplyUpdate next to a bare Fastify hello's in the
 *    same run, on PGlite and, with DATABASE_URL or --pg URL, on PostgreSQL (scripts/bench-service.ts); budget: CPU per
 *    request ≤ 1.5 / 2.5 ms (ApplyDetail / ApplyUpdate) on PGlite, 0.6 / 1.0 ms on PostgreSQL (the share of hello's
 *    rps printed beside it).
 * Prints everything, then exits 1 when a budget is missed.
 *
 * Options: --no-build, --no-lighthouse, --no-face, --no-service,
 *   --runs N (Lighthouse rounds, default 5), --page TEXT (only the entries whose name contains TEXT; give it again
 *   for more, e.g. --page login --page 'signature.html, no ticket'), --cpu LIST (the passes' CPU slow-downs, default
 *   4,8), --slow (the 8x pass only), --no-warm (no warm rows), --why (per entry and pass: the LCP element, what
 *   shifted, the main thread's work and long tasks), --save DIR (each run's Lighthouse report, JSON, into DIR),
 *   --pg URL (the service part also on this PostgreSQL: a throw-away database),
 *   --reference-only (the reference page alone, N runs per pass: nothing built, no service), --help.
 * --load N [--concurrency C]: instead, N applicants complete the whole flow over the API against two web processes and a
 * worker on PostgreSQL (CLUSTER_PG_URL) behind a round-robin balancer (scripts/bench-load.ts); exits 1 on any error.
 * --isolation [--seconds S]: instead, ApplyDetail's latency alone and while three face checks run, with the checks in
 * the worker process and, for reference, in the web processes (scripts/bench-isolation.ts); exits 1 past 1.5x.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../e2e/lib/harness';
import { INITIAL_JS_BUDGET_KB, gz, kb, pageWeights } from './initial-js';

/** the pages' weights; the Lighthouse budget is in scripts/bench-lighthouse.ts */
const BUDGET = {
  openAccountInitialJsKb: INITIAL_JS_BUDGET_KB,
};
const argv = process.argv.slice(2);
const args = new Set(argv);
const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const RUNS = Number(option('--runs') ?? 5);
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
if (args.has('--help')) {
  console.log(readFileSync(import.meta.filename, 'utf8').split('*/')[0].replace(/^\/\*\*\n?|^ \* ?/gm, ''));
  process.exit(0);
}
if (args.has('--reference-only')) for (const skip of ['--no-build', '--no-face', '--no-service']) args.add(skip);

if (!args.has('--no-build')) execFileSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'ignore' });

if (!args.has('--reference-only')) {
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

if (!args.has('--no-lighthouse')) {
  const { runLighthouseBench, DEFAULT_PASSES } = await import('./bench-lighthouse');
  // every --page TEXT (it may be given more than once), and the passes: --cpu 4,8 / --cpu 8 / --slow (8x only)
  const only = argv.flatMap((a, i) => (a === '--page' && argv[i + 1] ? [argv[i + 1]] : []));
  const cpus = args.has('--slow') ? [DEFAULT_PASSES[1]] : (option('--cpu')?.split(',').map(Number) ?? DEFAULT_PASSES);
  if (!cpus.every((c) => Number.isFinite(c) && c >= 1)) throw new Error(`--cpu takes multipliers, e.g. 4,8 (not ${option('--cpu')})`);
  if (!(Number.isInteger(RUNS) && RUNS >= 1)) throw new Error(`--runs takes a whole number (not ${option('--runs')})`);
  const met = await runLighthouseBench({
    runs: RUNS, cpus, only, warm: !args.has('--no-warm'), why: args.has('--why'), save: option('--save'), referenceOnly: args.has('--reference-only'),
  });
  if (!met) ok = false;
}

if (!args.has('--no-service')) {
  const { runServiceBench, CPU_TARGET_MS } = await import('./bench-service');
  const pg = option('--pg') ?? process.env.DATABASE_URL;
  for (const r of await runServiceBench(5, undefined, 10, pg)) {
    // the budget is CPU per request (the service's own cost); the share of hello's rps is printed, not budgeted: on
    // this machine hello's rps is what the load generator can send (docs/decisions.md, issue 27)
    const misses = (['ApplyDetail', 'ApplyUpdate (USERINFO)'] as const)
      .map((call) => (r.cpuMs[call] <= CPU_TARGET_MS[r.engine][call] ? '' : `${call} ${r.cpuMs[call].toFixed(2)} ms CPU per request > ${CPU_TARGET_MS[r.engine][call]} ms`))
      .filter(Boolean);
    if (misses.length) ok = false;
    const cpu = (['ApplyDetail', 'ApplyUpdate (USERINFO)'] as const).map((call) => `${call} ${r.cpuMs[call].toFixed(2)} ms (≤ ${CPU_TARGET_MS[r.engine][call]})`).join(', ');
    console.log(`  ${r.engine}: CPU per request ${cpu}; ApplyUpdate's rps ${(r.updateRatio * 100).toFixed(1)}% of hello's${misses.length ? `  MISSED ${misses.join('; ')}` : '  met'}`);
  }
}

console.log(ok ? '\nbudget: met' : '\nbudget: MISSED');
process.exit(ok ? 0 : 1);
