/**
 * Runs the browser journeys in Debian's Chromium against the real service. Usage: npm run test:e2e [-- name-filter]
 * With --cluster, the journeys of CLUSTER_JOURNEYS run against the production shape instead (e2e/lib/cluster.ts: two
 * web processes and a worker on PostgreSQL — CLUSTER_PG_URL — with S3 storage, behind a round-robin balancer).
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCluster } from './lib/cluster';
import { ensureBuilt, lastScreens, launch, startService, ROOT, type Journey } from './lib/harness';

const args = process.argv.slice(2);
const onCluster = args.includes('--cluster');
const filter = args.find((a) => !a.startsWith('--'));
/** the journeys run against the cluster: a Hong Kong applicant from the risk audio to approval, and organisation signing */
const CLUSTER_JOURNEYS = ['08-closing-hk.ts', '13-org-sign.ts'];
await ensureBuilt();
const service = onCluster ? await startCluster() : await startService();
const browser = await launch();
let passed = 0;
let failed = 0;
try {
  const dir = join(ROOT, 'e2e/journeys');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && (!onCluster || CLUSTER_JOURNEYS.includes(f))).sort()) {
    const journeys = (await import(join(dir, file))).journeys as Journey[];
    for (const j of journeys) {
      // a filter names one or more journeys by a part of their name (several: separated by |)
      if (filter && !filter.split('|').some((f) => j.name.includes(f))) continue;
      const started = Date.now();
      lastScreens.length = 0;
      try {
        await j.run({ service, browser });
        passed++;
        console.log(`  ✓ ${j.name} (${Date.now() - started} ms)`);
      } catch (err) {
        failed++;
        console.log(`  ✗ ${j.name}\n    ${(err as Error).stack?.split('\n').slice(0, 6).join('\n    ')}`);
        // what the journey's pages showed when they were closed after the failure
        for (const [i, png] of lastScreens.entries()) {
          const path = join(ROOT, 'e2e/out', `failed-${file.replace(/\.ts$/, '')}-${i}.png`);
          writeFileSync(path, png);
          console.log(`    (its screen: ${path})`);
        }
      }
    }
  }
} finally {
  await browser.close();
  if (failed) console.log('--- service log (tail) ---\n' + service.log.join('').split('\n').slice(-40).join('\n'));
  await service.stop();
}
console.log(`e2e${onCluster ? ' (cluster)' : ''}: ${passed} passed, ${failed} failed`);
process.exit(failed || !passed ? 1 : 0);
