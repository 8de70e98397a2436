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
