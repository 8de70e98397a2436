/**
 * Build step (run by the first-screens plugin after `vite build`; `tsx scripts/prerender.ts [dist]`): writes into each
 * built page (dist/pages/*.html) its first screens, so that the page paints its first screen from its HTML before any
 * script has loaded (issue 27):
 * - each route of the page's `first` (scripts/pages.ts) rendered by the app's own screen, before any data has come,
 *   in each language (react-dom/static under a jsdom window; closed pop-ups render nothing), as `<template>`s;
 * - the styles those screens and the shell use (beasties picks, from the built stylesheets, the rules that match
 *   them), inline in the head;
 * - a small inline script (firstScreenScript) that picks the language by the app's own rule (pick-lang.ts) and the
 *   route from the address, paints the matching screen (the neutral skeleton otherwise), and only then (after the
 *   first frame) adds the page's scripts, preloads and stylesheets, which the build had put in the head;
 * - dist/page-assets.json: each page's scripts, preloads and stylesheets that the inline script adds;
 * - dist/inline-hashes.json: the SHA-256 of each page's inline script and style, for the service's
 *   Content-Security-Policy (server/src/plugins/static.ts), which allows no other inline code.
 */
import { createHash } from 'node:crypto';
import { createRequire, register } from 'node:module';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import Beasties from 'beasties';
import { PAGES, type PageSpec } from './pages';
import { firstScreenScript, type FirstAsset, type FirstRoute } from './first-screen-script';
import { SESSION_HINT_COOKIE } from '../src/core/domain/auth';
import type { RouteEntry } from '../src/core/app/flow-kit/route-table';

const LANGS = ['zh-CN', 'zh-TW', 'en'] as const;
const ROOT = resolve(import.meta.dirname, '..');
const dist = resolve(process.argv[2] ?? join(ROOT, 'dist'));

/** A window for the screens' modules (some read window, document or navigator when they load). */
function installWindow(url: string): JSDOM {
  const dom = new JSDOM('<!doctype html><html><head></head><body><div id="root"></div></body></html>', { url, pretendToBeVisual: true });
  const g = globalThis as Record<string, unknown>;
  for (const key of ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'history', 'HTMLElement', 'Element', 'Node', 'getComputedStyle', 'matchMedia', 'requestAnimationFrame', 'cancelAnimationFrame', 'MutationObserver', 'CustomEvent', 'Event']) {
    Object.defineProperty(g, key, { value: (dom.window as unknown as Record<string, unknown>)[key], configurable: true, writable: true });
  }
  return dom;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

async function main() {
  // style imports load as empty modules; pop-ups (portals) render nothing, as they show nothing until opened
  register('./lib/style-imports.mjs', import.meta.url);
  const require = createRequire(import.meta.url);
  (require('react-dom') as { createPortal: unknown }).createPortal = () => null;
  installWindow('http://localhost/pages/openAccount.html');
  const { renderFirstScreen } = await import('./prerender-entry');
  const stylesOfScreen = JSON.parse(readFileSync(join(dist, '.vite', 'first-screens.json'), 'utf8')) as Record<string, string[]>;
  const hashes: Record<string, { script: string[]; style: string[] }> = {};
  const pageAssets: Record<string, FirstAsset[]> = {};
  for (const page of PAGES) {
    const file = join(dist, 'pages', `${page.name}.html`);
    const html = readFileSync(file, 'utf8');
    const screens: { key: string; lang: string; markup: string }[] = [];
    const routes: FirstRoute[] = [];
    if (page.first.length) {
      const mod = (await import(`..${page.app}`)) as { pageOptions: (settings?: unknown) => Parameters<typeof renderFirstScreen>[0] };
      const options = mod.pageOptions(page.settings);
      for (const f of page.first) {
        const { route, when, signedIn } = f;
        const key = f.key ?? route;
        // the address the screen reads its query from (a screen for a missing parameter: without it)
        window.history.replaceState(null, '', `/pages/${page.name}.html${when?.sample !== undefined ? `?${when.param}=${encodeURIComponent(when.sample)}` : ''}`);
        if (when?.sample !== undefined && !when.pattern.test(when.sample)) throw new Error(`${page.name} ${route}: the sample ${when.param} does not match its pattern`);
        // a signed-in visitor's screen: the browser carries the session hint
        document.cookie = `${SESSION_HINT_COOKIE}=1; max-age=${signedIn ? 60 : 0}; path=/`;
        for (const lang of LANGS) screens.push({ key, lang, markup: await renderFirstScreen(options, route, lang, signedIn) });
        routes.push({ key, route, at: f.at ?? [], signedIn: !!signedIn, out: f.signedOut ? await signedOutRoutes(page, route, options.loginPath) : [], ...(when ? { param: when.param, pattern: when.pattern.source, ...(when.absent ? { absent: true } : {}) } : {}) });
      }
      if (new Set(routes.map((r) => r.key)).size !== routes.length) throw new Error(`${page.name}: two first screens share a key (give one its own \`key\`)`);
    }
    const out = await rewritePage(page, html, screens, routes, page.first.flatMap((f) => stylesOfScreen[f.screen] ?? []));
    writeFileSync(file, out.html);
    pageAssets[`${page.name}.html`] = out.assets;
    hashes[`${page.name}.html`] = { script: [sha256(out.script)], style: out.style ? [sha256(out.style)] : [] };
    console.log(`first screens: ${page.name}.html ${screens.length ? `${routes.map((f) => f.key).join(', ')} × ${LANGS.length} languages` : 'the neutral skeleton'}, ${out.style.length} B of inline styles`);
  }
  // what each page's first-screen script adds (scripts/initial-js.ts weighs a page's first script from it)
  writeFileSync(join(dist, 'page-assets.json'), `${JSON.stringify(pageAssets, null, 2)}\n`);
  writeFileSync(join(dist, 'inline-hashes.json'), `${JSON.stringify(hashes, null, 2)}\n`);
  // compressed copies of the pages written before this step are stale (the service compresses the pages it serves)
  for (const f of readdirSync(join(dist, 'pages'))) if (/\.html\.(br|gz)$/.test(f)) rmSync(join(dist, 'pages', f));
}

/**
 * Where the core RouteGuard sends a visitor without a session to the page's login (`loginPath`, which the signed-out
 * screen must be): every route of the page's route table that is not public (its catch-all aside), and an address
 * without a route when the page's start route is one of them.
 */
async function signedOutRoutes(page: PageSpec, route: string, loginPath: string): Promise<string[]> {
  if (route !== loginPath) throw new Error(`${page.name}: its signed-out screen ${route} is not where the guard sends a visitor without a session (${loginPath})`);
  if (!page.routeTable) throw new Error(`${page.name}: a signed-out screen needs the page's routeTable`);
  const { ROUTE_TABLE } = (await import(`..${page.routeTable}`)) as { ROUTE_TABLE: readonly RouteEntry[] };
  const guarded = ROUTE_TABLE.filter((r) => !r.public && r.path !== '*').map((r) => r.path);
  if (!guarded.length) throw new Error(`${page.name}: no route of ${page.routeTable} sends a visitor to log in`);
  return guarded;
}

/** The `jump` names the guard follows (src/core/router/named-routes.ts: its names and the step names) and the route each leads to. */
async function jumpRoutes(): Promise<Record<string, string>> {
  const { NAMED_ROUTES, resolveNamedRoute } = await import('../src/core/router/named-routes');
  const { STEP_NAMES } = await import('../src/core/domain/steps');
  return Object.fromEntries([...Object.keys(NAMED_ROUTES), ...STEP_NAMES].map((name) => [name, resolveNamedRoute(name)!]));
}

async function rewritePage(page: PageSpec, html: string, screens: { key: string; lang: string; markup: string }[], routes: FirstRoute[], screenStyles: string[]) {
  const dom = new JSDOM(html);
  const doc = dom.window.document;
  // the head's scripts, preloads and stylesheets: added by the first-screen script after the first frame
  const assets: FirstAsset[] = [];
  const links: string[] = [];
  for (const el of [...doc.head.querySelectorAll('script[src], link[rel="modulepreload"], link[rel="stylesheet"], link[rel="preload"]')]) {
    assets.push({ tag: el.tagName.toLowerCase() as FirstAsset['tag'], attrs: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])) });
    if (el.getAttribute('rel') === 'stylesheet') links.push(el.getAttribute('href')!);
    el.remove();
  }
  const shell = doc.querySelector('.shell');
  if (!shell) throw new Error(`${page.name}: no .shell`);
  const first = doc.createElement('div');
  first.className = 'shell-first';
  // what is painted before the app is not yet live: not focusable, not clickable, and (as the neutral skeleton) not
  // read out: assistive technology meets the screen once it works
  first.setAttribute('inert', '');
  first.setAttribute('aria-hidden', 'true');
  doc.getElementById('root')!.after(first);
  // the templates and the script that paints one come before the neutral skeleton: a browser that paints while the
  // rest of the page is still parsed or on the network has nothing to paint until the script has chosen (no skeleton
  // painted first, then restyled by the page's stylesheets and replaced: a shift, and a later largest paint)
  let last: Element = first;
  for (const s of screens) {
    const t = doc.createElement('template');
    t.setAttribute('data-route', s.key);
    t.setAttribute('lang', s.lang);
    t.innerHTML = s.markup;
    last.after(t);
    last = t;
  }
  // the styles: the rules of the page's and the screens' stylesheets that its shell and first screens use
  // (each once: screens share stylesheets, and a rule read twice would be inlined twice)
  const sheets = [...new Set([...links, ...screenStyles.map((c) => `/${c}`)])];
  const probe = `<!doctype html><html><head>${sheets.map((h) => `<link rel="stylesheet" href="${h}">`).join('')}</head><body>${shell.outerHTML.replace(/<\/?template[^>]*>/g, '')}</body></html>`;
  const beasties = new Beasties({ path: dist, publicPath: '/', logLevel: 'warn', preload: 'body', noscriptFallback: false,
    // every rule of the shell's own (its states are set by the first-screen script or the app, not in this HTML), and
    // the theme's tokens (`:root:root`, which beasties' selector matching does not take as the document element)
    allowRules: [/\.shell\b/, /^:root/], pruneSource: false, reduceInlineStyles: false, keyframes: 'critical', compress: true });
  const processed = await beasties.process(probe);
  const style = [...processed.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  if (style) {
    const el = doc.createElement('style');
    el.textContent = style;
    doc.head.append(el);
  }
  const script = firstScreenScript({ screens: routes, assets, start: page.start, jumps: routes.some((r) => r.signedIn) ? await jumpRoutes() : {}, signInParam: page.signInParam });
  const el = doc.createElement('script');
  el.textContent = script;
  last.after(el);
  return { html: dom.serialize(), script, style, assets };
}

await main();
// the screens' modules leave timers behind (React Query's cache, jsdom): the step is done
process.exit(0);
