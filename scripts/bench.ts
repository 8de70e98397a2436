/**
 * `npm run bench`: prints, per built page, the initial JS and CSS (gzip) and the largest lazy chunks,
 * then the Lighthouse mobile scores, LCP and TBT of the home page served by the real service, logged in.
 * Also the liveness screen's chunks and the service's face check time. Exits 1 when a budget is missed.
 * Options: --no-build, --no-lighthouse, --no-face.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, CHROMIUM, CHROMIUM_ARGS, startService, ops } from '../e2e/lib/harness';
import { ApiClient } from '../e2e/lib/api-client';

const BUDGET = { openAccountInitialJsKb: 160, stepChunkKb: 60, performance: 95, accessibility: 95 };
const args = new Set(process.argv.slice(2));
const dist = join(ROOT, 'dist');
const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
let ok = true;

if (!args.has('--no-build')) execFileSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'ignore' });

/** The JS a page loads before any lazy import: its entry plus every chunk it imports statically, transitively. */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(`assets/${m[1]}`);
  };
  visit(entry);
  return seen;
}

console.log('page                     initial JS   CSS      (gzip KB)');
const pages = readdirSync(join(dist, 'pages')).filter((f) => f.endsWith('.html'));
const initialOf = new Map<string, Set<string>>();
for (const page of pages) {
  const html = readFileSync(join(dist, 'pages', page), 'utf8');
  const entry = html.match(/<script type="module"[^>]*src="\/([^"]+)"/)?.[1];
  if (!entry) continue;
  const js = staticGraph(entry);
  for (const m of html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)) js.add(m[1]);
  initialOf.set(page, js);
  const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
  const jsKb = kb([...js].reduce((n, f) => n + gz(join(dist, f)), 0));
  const cssKb = kb(css.reduce((n, f) => n + gz(join(dist, f)), 0));
  const budget = page === 'openAccount.html' ? BUDGET.openAccountInitialJsKb : undefined;
  const verdict = budget === undefined ? '' : jsKb <= budget ? `  ok (≤ ${budget})` : `  OVER BUDGET (> ${budget})`;
  if (budget !== undefined && jsKb > budget) ok = false;
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

if (!args.has('--no-lighthouse')) {
  const lighthouse = (await import('lighthouse')).default;
  const chromeLauncher = await import('chrome-launcher');
  const service = await startService();
  try {
    const api = new ApiClient(service.base);
    const phone = '61234567';
    const { salt } = await api.call<{ salt: string }>('sendCode', { value: phone, areaCode: '852' });
    const code = await ops(service, 'code', phone, '--area', '852');
    await api.call('login', { areaCode: '852', phone, code, salt });
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
    try {
      const url = `${service.base}/pages/openAccount.html#/account`;
      const runs = [];
      for (let i = 0; i < 3; i++) {
        const r = await lighthouse(url, {
          port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'],
          extraHeaders: { Cookie: api.cookieHeader() }, formFactor: 'mobile',
        });
        runs.push(r!.lhr);
      }
      runs.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
      const lhr = runs[1]; // the median of three runs
      const perf = Math.round((lhr.categories.performance.score ?? 0) * 100);
      const a11y = Math.round((lhr.categories.accessibility.score ?? 0) * 100);
      const lcp = lhr.audits['largest-contentful-paint'].numericValue ?? NaN;
      const tbt = lhr.audits['total-blocking-time'].numericValue ?? NaN;
      console.log(`\nLighthouse mobile, home page (median of 3): performance ${perf}, accessibility ${a11y}, LCP ${Math.round(lcp)} ms, TBT ${Math.round(tbt)} ms`);
      if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.includes('#/account')) console.log(`  note: landed on ${lhr.finalDisplayedUrl}`);
      for (const [name, score, min] of [['performance', perf, BUDGET.performance], ['accessibility', a11y, BUDGET.accessibility]] as const) {
        if (score < min) {
          ok = false;
          console.log(`  ${name} ${score} is under the budget of ${min}`);
        }
      }
      const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
      if (failing.length) console.log('  failing audits: ' + failing.map((a) => a.id).join(', '));
    } finally {
      await chrome.kill();
    }
  } finally {
    await service.stop();
  }
}
console.log(ok ? '\nbudget: met' : '\nbudget: MISSED');
process.exit(ok ? 0 : 1);
