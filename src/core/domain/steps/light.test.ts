/**
 * steps/light.ts is the light part of the step definitions, written by `npm run steps`: it matches them exactly (a
 * step added to steps/full.ts, or a definition edited, without running the command fails here), and every step of it
 * has its whole definition. steps/samples.ts and steps/words.ts (the samples' and the desk rows' tables, written by the
 * same command) list the same steps.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lightSource, listedSteps, samplesSource, wordsSource } from '../../../../scripts/steps-light';
import { STEP_DEFINITIONS_FULL } from './full';
import { STEP_DEFINITIONS } from './light';

test('steps/light.ts is what npm run steps writes from the definitions', () => {
  expect(readFileSync(join(__dirname, 'light.ts'), 'utf8')).toBe(lightSource(STEP_DEFINITIONS_FULL.map((d) => d.meta)));
});

test('the light part of each step is its definition’s, in the same order', () => {
  expect(STEP_DEFINITIONS).toEqual(STEP_DEFINITIONS_FULL.map((d) => d.meta));
});

test('the literal writer keeps what a definition may hold (quotes, nulls)', () => {
  const src = lightSource([{ name: "A'B", route: '/a\\b', titleKey: 't', introKey: 'i', status: 1, progress: { cn: null, hk: 2 } }]);
  expect(src).toContain(`{ name: 'A\\'B', route: '/a\\\\b', titleKey: 't', introKey: 'i', status: 1, progress: { cn: null, hk: 2 } },`);
});

test('steps/samples.ts and steps/words.ts are what npm run steps writes from steps/full.ts', () => {
  const full = readFileSync(join(__dirname, 'full.ts'), 'utf8');
  expect(readFileSync(join(__dirname, 'samples.ts'), 'utf8')).toBe(samplesSource(full));
  expect(readFileSync(join(__dirname, 'words.ts'), 'utf8')).toBe(wordsSource(full));
  // the imports the writer reads are the list's, one for each definition
  expect(listedSteps(full)).toHaveLength(STEP_DEFINITIONS_FULL.length);
});

test('the tables’ writers read the listed steps in order, and refuse a list they cannot read', () => {
  const full = "import { definition as a } from './a';\nimport type { X } from './x';\nimport { definition as bC } from './b-c';\n";
  expect(samplesSource(full)).toContain("import { meta as a, sample as aSample } from './a';\nimport { meta as bC, sample as bCSample } from './b-c';\n");
  expect(samplesSource(full)).toContain('  [a, aSample],\n  [bC, bCSample],\n]');
  expect(wordsSource(full)).toContain("import { meta as a, describe as aDescribe } from './a';\nimport { meta as bC, describe as bCDescribe } from './b-c';\n");
  expect(wordsSource(full)).toContain('  [a, aDescribe],\n  [bC, bCDescribe],\n]');
  expect(() => wordsSource("import * as a from './a';")).toThrow('imports no step definition');
});
