import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRANSLATED_CODES, LANGS } from './index';
import { RULES } from './identity';

const dir = join(__dirname, '../../../locales');
const flat = (o: Record<string, unknown>, p = ''): [string, unknown][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v as Record<string, unknown>, `${p}${k}.`) : [[`${p}${k}`, v]]));
const load = (lang: string) => new Map(flat(JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8'))));

describe('locales', () => {
  test('there is one file per language', () => {
    expect(readdirSync(dir).filter((f) => f.endsWith('.json')).sort()).toEqual([...LANGS].map((l) => `${l}.json`).sort());
  });

  test('every language has the same keys, none empty', () => {
    const [base, ...others] = LANGS.map(load);
    for (const other of others) expect([...other.keys()].sort()).toEqual([...base.keys()].sort());
    for (const m of [base, ...others]) for (const [k, v] of m) expect([k, typeof v === 'string' && v.trim().length > 0]).toEqual([k, true]);
  });

  test('every numeric error code of the catalogue is translated', () => {
    for (const lang of LANGS) {
      const m = load(lang);
      for (const code of TRANSLATED_CODES) expect([lang, code, m.has(`errors.${code}`)]).toEqual([lang, code, true]);
    }
  });

  test('every field rule is translated', () => {
    for (const lang of LANGS) {
      const m = load(lang);
      for (const rule of RULES) expect([lang, rule, m.has(`rules.${rule}`)]).toEqual([lang, rule, true]);
    }
  });

  test('placeholders match across languages', () => {
    const [base, ...others] = LANGS.map(load);
    const ph = (s: unknown) => String(s).match(/\{\w+/g)?.sort().join(',') ?? '';
    for (const other of others) for (const [k, v] of base) expect([k, ph(other.get(k))]).toEqual([k, ph(v)]);
  });
});
