/**
 * steps/light.ts is the light part of the step definitions, written by `npm run steps`: it matches them exactly (a
 * step added to steps/full.ts, or a definition edited, without running the command fails here), and every step of it
 * has its whole definition.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lightSource } from '../../../../scripts/steps-light';
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
