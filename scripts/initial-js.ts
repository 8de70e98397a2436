/**
 * The first-screen script of each built page (dist/pages/*.html): its entry, what that imports statically (transitively)
 * and what the HTML preloads, in gzip KB. `npm run build` fails when a page is over the budget (scripts/check-budget.ts),
 * and `npm run bench` prints the same figures.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Every entry page's first-screen script, gzip KB. */
export const INITIAL_JS_BUDGET_KB = 130;

export const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
export const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The JS a page loads before any lazy import: its entry plus every chunk it imports statically, transitively. */
export function staticGraph(dist: string, entry: string): Set<string> {
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

export interface PageWeight {
  page: string;
  js: Set<string>;
  css: string[];
  jsKb: number;
  cssKb: number;
}

/** The built pages' first-screen JS and CSS. */
export function pageWeights(dist: string): PageWeight[] {
  const out: PageWeight[] = [];
  for (const page of readdirSync(join(dist, 'pages')).filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(join(dist, 'pages', page), 'utf8');
    const entry = html.match(/<script type="module"[^>]*src="\/([^"]+)"/)?.[1];
    if (!entry) continue;
    const js = staticGraph(dist, entry);
    for (const m of html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)) js.add(m[1]);
    const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
    out.push({ page, js, css, jsKb: kb([...js].reduce((n, f) => n + gz(join(dist, f)), 0)), cssKb: kb(css.reduce((n, f) => n + gz(join(dist, f)), 0)) });
  }
  return out;
}
