/**
 * Every text key the code names literally exists in the locales (issue 26: "nothing checks that a key used exists" —
 * a missing one would show its key to the applicant). The keys are read from the client's sources (tests apart):
 * `t('a.b')`, `formatMessage({ id: 'a.b' })` and `<FormattedMessage id="a.b"`; a key built at run time
 * (`t(\`home.${type}.title\`)`) is not seen here (the tables behind such keys have their own tests, e.g. the step
 * titles in steps-complete.test.ts). The same keys in every language is locales.test.ts's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
const KEY = /\bt\(\s*['"]([A-Za-z0-9_.-]+)['"]|formatMessage\(\s*\{\s*id:\s*['"]([A-Za-z0-9_.-]+)['"]|<FormattedMessage\s+id=\s*['"]([A-Za-z0-9_.-]+)['"]/g;

/** The literal text keys a source names. */
export function keysIn(source: string): string[] {
  return [...source.matchAll(KEY)].map((m) => m[1] ?? m[2] ?? m[3]);
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !p.includes('/testing/') ? [p] : [];
  });

const flat = (o: Record<string, unknown>, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`]));

test('the scanner finds each way a key is named, and not a key built at run time', () => {
  expect(keysIn("t('home.start'); intl.formatMessage({ id: \"form.marked\" }, { count }); <FormattedMessage id='a.b' />")).toEqual(['home.start', 'form.marked', 'a.b']);
  expect(keysIn('t(`home.${type}.title`); tax(\'x\'); const t2 = get(\'y\');')).toEqual([]);
});

test.each(['zh-CN', 'zh-TW', 'en'])('every key the code names is in %s', (lang) => {
  const known = new Set(flat(JSON.parse(readFileSync(join(root, 'locales', `${lang}.json`), 'utf8'))));
  const used = sources(join(root, 'src')).flatMap((f) => keysIn(readFileSync(f, 'utf8')).map((k) => `${f.slice(root.length + 1)}: ${k}`));
  expect(used.length).toBeGreaterThan(500);
  expect(used.filter((u) => !known.has(u.slice(u.lastIndexOf(': ') + 2)))).toEqual([]);
});
