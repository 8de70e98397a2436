/**
 * Screens never import one another: what two screens share lives in components/ (or src/core). Every import of every
 * file under screens/<a>/ is resolved; none may land in another screen's folder.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SCREENS = join(__dirname, 'screens');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    // a screen's own tests may render a neighbour it navigates to (e.g. the company search from the employment page)
    return statSync(p).isDirectory() ? filesUnder(p) : /\.(ts|tsx|css)$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });
}

test('no screen imports another screen', () => {
  const crossings: string[] = [];
  for (const file of filesUnder(SCREENS)) {
    const own = relative(SCREENS, file).split(sep)[0];
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      const target = relative(SCREENS, resolve(dirname(file), m[1]));
      if (target.startsWith('..')) continue; // outside screens/
      const other = target.split(sep)[0];
      if (other !== own) crossings.push(`${relative(SCREENS, file)} → ${m[1]}`);
    }
  }
  expect(crossings).toEqual([]);
});

/**
 * Every step screen is built on the step-page hook (useStepPage): the draft and saved data, the step context, the
 * validation and field errors, Next/Back and the halfway save come from one place, never from a page's own plumbing.
 * The step screens are those the route table (route-table.ts) registers under a STEP_ROUTE path.
 */
test('every step screen uses useStepPage, and none builds its own step plumbing', () => {
  const table = readFileSync(join(__dirname, 'route-table.ts'), 'utf8');
  const stepScreens = [...table.matchAll(/path: STEP_ROUTE\.\w+,[^}]*import\('\.\/screens\/([^']+)'\)/g)].map((m) => m[1]);
  expect(stepScreens.length).toBeGreaterThanOrEqual(16);
  const wrong: string[] = [];
  for (const mod of stepScreens) {
    const text = readFileSync(join(SCREENS, `${mod}.tsx`), 'utf8');
    if (!/\buseStepPage\(/.test(text)) wrong.push(`${mod}: no useStepPage`);
    for (const own of ['useStepFlow(', 'useHalfwaySave(', 'validateStep(', 'stepContextOfApp(', 'useFieldErrors(']) {
      if (text.includes(own)) wrong.push(`${mod}: ${own}`);
    }
  }
  expect(wrong).toEqual([]);
});
