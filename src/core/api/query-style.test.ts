/**
 * One query style (issue 26): every query key comes from the key factory (keys.ts), and every query of the service in
 * src/core/api is declared once with queryOptions (its hook and the screens reuse it). Read from the sources, so a key
 * written inline or a query declared by hand fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '../..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });
const files = sources(SRC).map((p) => ({ path: relative(SRC, p).replace(/\\/g, '/'), text: readFileSync(p, 'utf8') }));

test('no query key is written inline: the key factory makes them all', () => {
  const inline = files
    .filter((f) => f.path !== 'core/api/keys.ts')
    .filter((f) => /queryKey:\s*\[/.test(f.text) || /\[\s*'(esop|orgSign)'/.test(f.text))
    .map((f) => f.path);
  expect(inline).toEqual([]);
});

test('every query of src/core/api is declared with queryOptions and used through it', () => {
  const api = files.filter((f) => f.path.startsWith('core/api/'));
  // a key given to useQuery/useQueries/fetchQuery directly instead of a spread of a declared query
  const byHand = api.filter((f) => /(useQuery|useSuspenseQuery|fetchQuery|prefetchQuery|ensureQueryData)\(\s*\{\s*queryKey/.test(f.text)).map((f) => f.path);
  expect(byHand).toEqual([]);
  // each query function belongs to a queryOptions(…) declaration
  const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;
  const declaring = api.filter((f) => /queryFn:/.test(f.text));
  expect(declaring.length).toBeGreaterThan(10);
  for (const f of declaring) expect([f.path, count(f.text, /queryFn:/g) <= count(f.text, /queryOptions\(\{/g)]).toEqual([f.path, true]);
});

test("the signing page's ApplyDetail is read by one function", () => {
  const reads = files.filter((f) => /signCall\(\s*'signApplyDetail'/.test(f.text)).map((f) => f.path);
  expect(reads).toEqual(['core/api/org-sign.ts']);
});
