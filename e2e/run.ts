/**
 * Runs the browser journeys in Debian's Chromium against the real service. Usage: npm run test:e2e [-- name-filter]
 * [--lanes N]. With --cluster, the journeys of CLUSTER_JOURNEYS run against the production shape instead
 * (e2e/lib/cluster.ts: two web processes and a worker on PostgreSQL — CLUSTER_PG_URL — with S3 storage, behind a
 * round-robin balancer).
 *
 * --lanes N (or E2E_LANES): N journey files at a time against the one service and the one browser, each journey in
 * its own browser context as always; the journeys of a file stay in order on one lane (a file's later journey may use
 * what an earlier one made). The biggest files go first, so the lanes end together. Default 1.
 * Each journey's time is printed as it ends, the set-up's and the whole run's at the end.
 */
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCluster } from './lib/cluster';
import { ensureBuilt, launch, startService, withScreens, ROOT, type Journey } from './lib/harness';

const args = process.argv.slice(2);
const onCluster = args.includes('--cluster');
const lanesArg = args.indexOf('--lanes');
const lanes = Math.max(1, Number(lanesArg >= 0 ? args[lanesArg + 1] : process.env.E2E_LANES) || 1);
const filter = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--lanes');
/** the journeys run against the cluster: a Hong Kong applicant from the risk audio to approval, and organisation signing */
const CLUSTER_JOURNEYS = ['08-closing-hk.ts', '13-org-sign.ts'];
const runStarted = Date.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const dir = join(ROOT, 'e2e/journeys');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && (!onCluster || CLUSTER_JOURNEYS.includes(f)))
  .sort()
  // the biggest files (the longest journeys, roughly) first: with several lanes none is left alone at the end
  .sort((a, b) => (lanes > 1 ? statSync(join(dir, b)).size - statSync(join(dir, a)).size : 0));
// a filter names one or more journeys by a part of their name (several: separated by |)
const chosen = (j: Journey) => !filter || filter.split('|').some((f) => j.name.includes(f));
const units: { file: string; journeys: Journey[] }[] = [];
for (const file of files) {
  const journeys = ((await import(join(dir, file))).journeys as Journey[]).filter(chosen);
  if (journeys.length) units.push({ file, journeys });
}

let t = Date.now();
await ensureBuilt();
const service = onCluster ? await startCluster() : await startService();
const serviceMs = Date.now() - t;
t = Date.now();
const browser = await launch();
const browserMs = Date.now() - t;
let passed = 0;
let failed = 0;
async function lane(): Promise<void> {
  for (let unit = units.shift(); unit; unit = units.shift()) {
    for (const j of unit.journeys) {
      const started = Date.now();
      const screens: Buffer[] = [];
      try {
        await withScreens(screens, () => j.run({ service, browser }));
        passed++;
        console.log(`  ✓ ${j.name} (${Date.now() - started} ms)`);
      } catch (err) {
        failed++;
        // what the journey's pages showed when they were closed after the failure
        if (screens.length) mkdirSync(join(ROOT, 'e2e/out'), { recursive: true });
        const shots = screens.map((png, i) => {
          const path = join(ROOT, 'e2e/out', `failed-${unit.file.replace(/\.ts$/, '')}-${i}.png`);
          writeFileSync(path, png);
          return `\n    (its screen: ${path})`;
        });
        console.log(`  ✗ ${j.name} (${Date.now() - started} ms)\n    ${(err as Error).stack?.split('\n').slice(0, 6).join('\n    ')}${shots.join('')}`);
      }
    }
  }
}
try {
  await Promise.all(Array.from({ length: lanes }, lane));
} finally {
  await browser.close();
  if (failed) console.log('--- service log (tail) ---\n' + service.log.join('').split('\n').slice(-40).join('\n'));
  await service.stop();
}
console.log(
  `e2e${onCluster ? ' (cluster)' : ''}: ${passed} passed, ${failed} failed in ${seconds(Date.now() - runStarted)}` +
    ` (${lanes} lane${lanes > 1 ? 's' : ''}; the service started in ${seconds(serviceMs)}, the browser in ${seconds(browserMs)})`,
);
process.exit(failed || !passed ? 1 : 0);
