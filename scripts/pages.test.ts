import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PAGES, PAGE_APPS, STEP_SCREEN, pageHtml } from './pages';
import { STEP_NAMES, STEP_ROUTE } from '../src/core/domain/steps';

const dir = join(__dirname, '..', 'pages');

test('every page under pages/ is made from the template (run npm run pages after editing scripts/pages.ts)', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.html')).sort();
  expect(files).toEqual(PAGES.map((p) => `${p.name}.html`).sort());
  for (const p of PAGES) expect(readFileSync(join(dir, `${p.name}.html`), 'utf8')).toBe(pageHtml(p));
});

test('each page starts an existing entry module', () => {
  for (const p of PAGES) expect(() => readFileSync(join(__dirname, '..', p.entry))).not.toThrow();
});

test("each page's app module exists in its entry's flow, and the build preloads each one once", () => {
  for (const p of PAGES) {
    expect(() => readFileSync(join(__dirname, '..', p.app))).not.toThrow();
    expect([p.name, dirname(p.app)]).toEqual([p.name, dirname(p.entry)]);
  }
  expect(PAGE_APPS).toEqual([...new Set(PAGES.map((p) => p.app))]);
  expect(PAGE_APPS.length).toBe(new Set(PAGES.map((p) => dirname(p.entry))).size);
});

test("each step's first screen is the screen the open-account route table opens at the step's route", async () => {
  const { routeOfPath } = await import('../src/flows/open-account/route-table');
  for (const step of STEP_NAMES) {
    const load = routeOfPath(STEP_ROUTE[step]).load.toString();
    expect([step, load.includes(`./screens/${STEP_SCREEN[step]}`)]).toEqual([step, true]);
  }
});
