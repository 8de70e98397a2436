/**
 * The import boundaries cannot go quiet again (issue 26): every known-bad import of scripts/lint-fixtures.ts must be
 * refused by the rule (and zone) it names, with the real eslint.config.js, and every known-good one must lint clean.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { BAD, GOOD } from './lint-fixtures';
import type { FixtureResult } from './lint-fixtures-run';

const root = join(__dirname, '..');
// the boundary rules: a fixture must be refused by the expected one of these (an import may cross two boundaries)
const BOUNDARY = /^(import-x\/|boundaries\/|service-modules\/|no-restricted-imports$)/;

let results: Map<string, FixtureResult['messages']>;

beforeAll(() => {
  const out = execFileSync(process.execPath, [require.resolve('tsx/cli'), 'scripts/lint-fixtures-run.ts'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  results = new Map((JSON.parse(out) as FixtureResult[]).map((r) => [r.name, r.messages]));
}, 150_000);

test('the fixtures have unique names and cover every boundary', () => {
  expect(new Set([...BAD, ...GOOD].map((f) => f.name)).size).toBe(BAD.length + GOOD.length);
  expect(new Set(BAD.map((f) => f.refusedBy!.rule))).toEqual(
    new Set(['import-x/no-restricted-paths', 'import-x/no-nodejs-modules', 'import-x/no-unresolved', 'boundaries/no-wire-schema-values', 'service-modules/no-module-cycle', 'import-x/no-cycle', 'no-restricted-imports']),
  );
});

test.each(BAD.map((f) => [f.name, f] as const))('refused: %s', (_name, f) => {
  const messages = results.get(f.name)!;
  const boundary = messages.filter((m) => m.ruleId !== null && BOUNDARY.test(m.ruleId));
  // nothing else to say about the file (no parse error, no unused import): the refusal is the boundary's alone
  expect(messages.filter((m) => !boundary.includes(m))).toEqual([]);
  expect(boundary).toContainEqual(expect.objectContaining({ ruleId: f.refusedBy!.rule, severity: 2, message: expect.stringContaining(f.refusedBy!.message) }));
});

test.each(GOOD.map((f) => [f.name, f] as const))('allowed: %s', (_name, f) => {
  expect(results.get(f.name)).toEqual([]);
});

/**
 * What eslint does not read: a stylesheet's @import. A screen's stylesheet imports nothing of a sibling screen's
 * (kept from the retired src/flows/open-account/screen-boundaries.test.tsx). Its finder is tried on a bad sample first.
 */
const cssImports = (css: string) => [...css.matchAll(/@import\s+(?:url\(\s*)?['"]?([^'")\s;]+)/g)].map((m) => m[1]);

test('the stylesheet check finds an @import however it is written', () => {
  expect(cssImports(`@import '../a/a.css';\n@import url("../b/b.css");\n@import url(../c/c.css) screen;`)).toEqual(['../a/a.css', '../b/b.css', '../c/c.css']);
});

test('no screen stylesheet imports another screen', () => {
  const crossings: string[] = [];
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.css') ? [join(dir, e.name)] : []));
  const flows = readdirSync(join(root, 'src/flows'), { withFileTypes: true }).filter((e) => e.isDirectory());
  let seen = 0;
  for (const flow of flows) {
    const screens = join(root, 'src/flows', flow.name, 'screens');
    let files: string[];
    try {
      files = walk(screens);
    } catch {
      continue; // a flow without screens/
    }
    for (const file of files) {
      seen += 1;
      const own = relative(screens, file).split(sep)[0];
      for (const spec of cssImports(readFileSync(file, 'utf8'))) {
        const target = relative(screens, resolve(dirname(file), spec));
        if (!target.startsWith('..') && target.split(sep)[0] !== own) crossings.push(`${relative(root, file)} → ${spec}`);
      }
    }
  }
  expect(seen).toBeGreaterThan(10);
  expect(crossings).toEqual([]);
});
