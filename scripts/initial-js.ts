/**
 * The first script of each built page (dist/pages/*.html): its entry, what that imports statically (transitively)
 * and what it preloads (the page's first-screen script adds them: dist/page-assets.json), in gzip KB. `npm run build` fails when a page is over the budget (scripts/check-budget.ts),
 * and `npm run bench` prints the same figures.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Every entry page's first-screen script, gzip KB. */
export const INITIAL_JS_BUDGET_KB = 117;

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
  const listed = JSON.parse(readFileSync(join(dist, 'page-assets.json'), 'utf8')) as Record<string, { tag: string; attrs: Record<string, string> }[]>;
  for (const page of readdirSync(join(dist, 'pages')).filter((f) => f.endsWith('.html'))) {
    // the page's entry, preloads and stylesheets: added by its first-screen script (scripts/prerender.ts lists them)
    const assets = listed[page];
    if (!assets) continue;
    const href = (a: { attrs: Record<string, string> }) => (a.attrs.src ?? a.attrs.href ?? '').replace(/^\//, '');
    const entry = assets.find((a) => a.tag === 'script' && a.attrs.type === 'module');
    if (!entry) continue;
    const js = staticGraph(dist, href(entry));
    for (const a of assets) if (a.attrs.rel === 'modulepreload') js.add(href(a));
    const css = assets.filter((a) => a.attrs.rel === 'stylesheet').map(href);
    out.push({ page, js, css, jsKb: kb([...js].reduce((n, f) => n + gz(join(dist, f)), 0)), cssKb: kb(css.reduce((n, f) => n + gz(join(dist, f)), 0)) });
  }
  return out;
}
