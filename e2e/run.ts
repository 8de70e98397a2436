/** Runs the browser journeys in Debian's Chromium against the real service. Usage: npm run test:e2e [-- name-filter] */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, launch, startService, ROOT, type Journey } from './lib/harness';

const filter = process.argv[2];
await ensureBuilt();
const service = await startService();
const browser = await launch();
let passed = 0;
let failed = 0;
try {
  const dir = join(ROOT, 'e2e/journeys');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts')).sort()) {
    const journeys = (await import(join(dir, file))).journeys as Journey[];
    for (const j of journeys) {
      if (filter && !j.name.includes(filter)) continue;
      const started = Date.now();
      try {
        await j.run({ service, browser });
        passed++;
        console.log(`  ✓ ${j.name} (${Date.now() - started} ms)`);
      } catch (err) {
        failed++;
        console.log(`  ✗ ${j.name}\n    ${(err as Error).stack?.split('\n').slice(0, 6).join('\n    ')}`);
      }
    }
  }
} finally {
  await browser.close();
  if (failed) console.log('--- service log (tail) ---\n' + service.log.join('').split('\n').slice(-40).join('\n'));
  await service.stop();
}
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed || !passed ? 1 : 0);
