/**
 * Every way into the pages, cold, in Chromium (`tsx scripts/first-screen-measure.ts [--cpu 4,8] [--rounds 1]
 * [--shots] [--only <part of an entry's name>]`, after `npm run build`): for each way in of the bench's list
 * (scripts/bench-entries.ts, prepared through the service the same way), a fresh context
 * (empty cache and storage) at 375x667 with the CPU slowed down by CDP `Emulation.setCPUThrottlingRate`, the service
 * started here (e2e harness). It prints per entry and slow-down:
 * - what the HTML painted (the first screen's key, or the neutral skeleton) and where the app ended (route, heading);
 * - FCP, the LCP's time and element (and how many LCP entries there were: one means the painted screen stayed the
 *   largest paint), the cumulative layout shift (PerformanceObserver `largest-contentful-paint`, `layout-shift`).
 * With `--shots`, the painted first screen of each entry before any script runs (the page's /assets/*.js held unanswered) in
 * zh-CN, zh-TW and en at 375x667 and 320x568, under e2e/out/first-screens/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { OUT, launch, startService, type Service } from '../e2e/lib/harness';
import { arrived, benchEntries, type Entry, type PreparedEntry } from './bench-entries';

export interface Measured {
  painted: string;
  route: string;
  /** the app arrived where the entry leads (bench-entries.ts `lands`) */
  lands: boolean;
  heading: string;
  fcp: number;
  lcp: number;
  lcpElement: string;
  lcpEntries: number;
  /** every LCP entry: time, size, element */
  lcpAll: string[];
  cls: number;
  shifts: string[];
}

/** Collects paints and shifts from the first byte on (an init script), describing each LCP element as it is reported. */
const OBSERVE = () => {
  const w = window as unknown as { __m: { lcp: { t: number; el: string; size: number }[]; cls: number; shifts: string[]; fcp: number; painted: string | null } };
  w.__m = { lcp: [], cls: 0, shifts: [], fcp: 0, painted: null };
  const describe = (el: Element | null) => {
    if (!el) return '(removed)';
    const where = el.closest('.shell-first') ? 'painted' : el.closest('#root') ? 'app' : 'shell';
    return `${where} <${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}> "${(el.textContent ?? '').trim().slice(0, 40)}"`;
  };
  new PerformanceObserver((l) => {
    for (const e of l.getEntries() as (PerformanceEntry & { element: Element | null; size: number })[]) w.__m.lcp.push({ t: e.startTime, el: describe(e.element), size: e.size });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] })[]) {
      if (e.hadRecentInput) continue;
      w.__m.cls += e.value;
      w.__m.shifts.push(`${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${e.sources.map((s) => describe(s.node instanceof Element ? s.node : (s.node?.parentElement ?? null))).join(', ')}`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') w.__m.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('DOMContentLoaded', () => {
    w.__m.painted = document.querySelector('.shell')?.getAttribute('data-first') ?? '';
  });
};

async function context(browser: Browser, entry: PreparedEntry, opts: { locale?: string; width?: number; height?: number } = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width: opts.width ?? 375, height: opts.height ?? 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: opts.locale ?? 'en-US' });
  if (entry.cookies.length) await ctx.addCookies(entry.cookies);
  return ctx;
}

export async function measureEntry(browser: Browser, s: Service, entry: PreparedEntry, cpu: number): Promise<Measured> {
  const ctx = await context(browser, entry);
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  // as text, with esbuild's __name (tsx keeps function names) made an identity in the page
  await page.addInitScript({ content: `var __name = function (f) { return f; }; (${OBSERVE.toString()})();` });
  await page.goto(`${s.base}${entry.path}`, { waitUntil: 'load' });
  // the app has taken over (no painted screen left, text in #root), then a while for late shifts
  await page.waitForFunction(() => !document.querySelector('.shell[data-first]') && (document.getElementById('root')?.textContent ?? '').trim().length > 0, undefined, { timeout: 60_000 }).catch(() => undefined);
  await page.waitForTimeout(1500 * Math.max(1, cpu / 4));
  const m = await page.evaluate(() => (window as unknown as { __m: { lcp: { t: number; el: string; size: number }[]; cls: number; shifts: string[]; fcp: number; painted: string | null } }).__m);
  const route = await page.evaluate(() => `${location.pathname.replace('/pages/', '')}${location.hash.split('?')[0]}`);
  const at = await page.evaluate(() => `${location.pathname}${location.search}${location.hash}`);
  const heading = await page.evaluate(() => (document.querySelector('#root h1, #root [role="heading"], #root .van-nav-bar__title')?.textContent ?? '').trim().slice(0, 40));
  await ctx.close();
  const last = m.lcp[m.lcp.length - 1];
  return { painted: m.painted ?? '?', route, lands: arrived(entry, at), heading, fcp: Math.round(m.fcp), lcp: Math.round(last?.t ?? 0), lcpElement: last?.el ?? '-', lcpEntries: m.lcp.length, lcpAll: m.lcp.map((e) => `${Math.round(e.t)} ms ${e.size} px² ${e.el}`), cls: Number(m.cls.toFixed(4)), shifts: m.shifts };
}

const LOCALES = [
  ['zh-CN', 'zh-CN'],
  ['zh-TW', 'zh-HK'],
  ['en', 'en-US'],
] as const;

/** The painted first screen of an entry before any script runs, in each language and at both phone sizes. */
async function shots(browser: Browser, s: Service, name: string, entry: PreparedEntry): Promise<string[]> {
  const dir = join(OUT, 'first-screens');
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (const [lang, locale] of LOCALES) {
    for (const [width, height] of [
      [375, 667],
      [320, 568],
    ]) {
      const ctx = await context(browser, entry, { locale, width, height });
      const page = await ctx.newPage();
      // the page's scripts held unanswered (a refused one would show the page's "could not be loaded" message): what
      // is on the screen is what the HTML painted; the held requests end with the context
      await page.route(/\/assets\/.*\.js$/, () => undefined);
      await page.goto(`${s.base}${entry.path}`, { waitUntil: 'domcontentloaded' });
      // the first screen's script adds the page's scripts once it has painted: by then the painted screen is final
      await page.waitForFunction(() => document.head.querySelector('script[type="module"][src*="/assets/"]') !== null);
      const file = join(dir, `${name.replace(/[^A-Za-z0-9]+/g, '-')}.${lang}.${width}.png`);
      await page.screenshot({ path: file });
      files.push(file);
      await ctx.close();
    }
  }
  return files;
}

async function main() {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : fallback;
  };
  const cpus = arg('cpu', '4,8').split(',').map(Number);
  const rounds = Number(arg('rounds', '1'));
  const only = process.argv.includes('--only') ? arg('only', '') : '';
  const service = await startService();
  const browser = await launch();
  try {
    const entries: [Entry, PreparedEntry][] = [];
    for (const e of benchEntries(service).filter((x) => !only || x.name.includes(only))) entries.push([e, await e.prepare()]);
    if (process.argv.includes('--shots')) {
      for (const [e, prepared] of entries) console.log((await shots(browser, service, e.name, prepared)).join('\n'));
      return;
    }
    for (const cpu of cpus) {
      for (let r = 0; r < rounds; r++) {
        for (const [e, prepared] of entries) {
          const m = await measureEntry(browser, service, prepared, cpu);
          console.log(`cpu ${cpu}x | ${e.name} | painted ${m.painted || '(skeleton)'} | app at ${m.route}${m.lands ? '' : ' (NOT where it leads)'} "${m.heading}" | FCP ${m.fcp} | LCP ${m.lcp} ${m.lcpElement} (${m.lcpEntries} entries) | CLS ${m.cls}`);
          for (const sh of m.shifts) console.log(`    shift ${sh}`);
          if (process.argv.includes('--all')) for (const l of m.lcpAll) console.log(`    lcp ${l}`);
        }
      }
    }
  } finally {
    await browser.close();
    await service.stop();
  }
}

if (process.argv[1]?.endsWith('first-screen-measure.ts')) await main();
