/**
 * After `vite build` (part of `npm run build`, so of CI and `npm start`): fails when a page's first-screen script is over
 * the budget, so a change that pulls code into the first screen is caught where it is made, not at the next bench.
 */
import { join } from 'node:path';
import { INITIAL_JS_BUDGET_KB, pageWeights } from './initial-js';

const dist = join(import.meta.dirname, '..', 'dist');
const pages = pageWeights(dist);
const over = pages.filter((p) => p.jsKb > INITIAL_JS_BUDGET_KB);
for (const p of pages) console.log(`first-screen JS ${p.page.padEnd(28)} ${String(p.jsKb).padStart(6)} KB gzip${p.jsKb > INITIAL_JS_BUDGET_KB ? `  OVER the budget of ${INITIAL_JS_BUDGET_KB}` : ''}`);
if (!pages.length) {
  console.error('no built pages under dist/pages');
  process.exit(1);
}
if (over.length) process.exit(1);
