/**
 * The production build, made here (`vite build` into a folder of its own), as a first-time visitor gets its pages:
 * - each page's first script (its entry, what that imports, what it preloads) within the budget of 117 KB gzip: a
 *   change that pulls code into a page's first script fails `npm test` where it is made (issue 27);
 * - each page's first screens written into its HTML in the three languages, with their texts, and its inline script
 *   and style listed by the hashes the service's Content-Security-Policy allows (nothing else inline).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import { INITIAL_JS_BUDGET_KB, pageWeights } from './initial-js';
import { PAGES } from './pages';
import en from '../locales/en.json';
import zhTW from '../locales/zh-TW.json';

const ROOT = resolve(__dirname, '..');
/**
 * BUILT_PAGES_DIR: a production build of these very sources made just before (CI builds, then tests, and passes its
 * dist/ here instead of this file building the same pages a second time).
 */
const given = process.env.BUILT_PAGES_DIR ? resolve(process.env.BUILT_PAGES_DIR) : undefined;
const out = given ?? mkdtempSync(join(tmpdir(), 'built-pages-'));

beforeAll(() => {
  if (given) return;
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
}, 300_000);
afterAll(() => {
  if (!given) rmSync(out, { recursive: true, force: true });
});

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the built pages', () => {
  test(`every page's first script is within ${INITIAL_JS_BUDGET_KB} KB gzip`, () => {
    const weights = pageWeights(out);
    expect(weights.map((w) => w.page).sort()).toEqual(PAGES.map((p) => `${p.name}.html`).sort());
    for (const w of weights) expect({ page: w.page, kb: w.jsKb, over: w.jsKb > INITIAL_JS_BUDGET_KB }).toEqual({ page: w.page, kb: w.jsKb, over: false });
  });

  test('each page carries its first screens in the three languages, and its inline code is what the service allows', () => {
    const hashes = JSON.parse(readFileSync(join(out, 'inline-hashes.json'), 'utf8')) as Record<string, { script: string[]; style: string[] }>;
    for (const page of PAGES) {
      const doc = new JSDOM(readFileSync(join(out, 'pages', `${page.name}.html`), 'utf8')).window.document;
      // nothing in the head asks for a script before the first screen is painted
      expect(doc.head.querySelector('script[src], link[rel="modulepreload"], link[rel="stylesheet"]')).toBeNull();
      const templates = [...doc.querySelectorAll('.shell > template')];
      expect(templates.map((t) => `${t.getAttribute('data-route')} ${t.getAttribute('lang')}`).sort()).toEqual(
        page.first.flatMap((f) => ['zh-CN', 'zh-TW', 'en'].map((l) => `${f.key ?? f.route} ${l}`)).sort(),
      );
      const inline = [...doc.querySelectorAll('script:not([src]):not([type="application/json"])')].map((s) => s.textContent ?? '');
      const styles = [...doc.querySelectorAll('style')].map((s) => s.textContent ?? '');
      expect(inline.map(sha)).toEqual(hashes[`${page.name}.html`].script);
      expect(styles.map(sha)).toEqual(hashes[`${page.name}.html`].style);
    }
    // the login screen, rendered by the app's own screen in each language
    const login = new JSDOM(readFileSync(join(out, 'pages', 'openAccount.html'), 'utf8')).window.document;
    const text = (lang: string) => (login.querySelector(`template[data-route="/login"][lang="${lang}"]`) as HTMLTemplateElement).content.textContent ?? '';
    expect(text('en')).toContain(en.login.title);
    expect(text('zh-TW')).toContain(zhTW.login.title);
  });
});
