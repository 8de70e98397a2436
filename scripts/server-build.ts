/**
 * The service's build (`npm run build:server` runs scripts/build-server.ts, the last part of `npm run build`): the
 * service compiled to JavaScript, so production starts it with `node` and needs no TypeScript tooling. Each entry of SERVICE_ENTRIES (server/src/compiled.ts) becomes
 * dist/server/<name>.js: one ESM bundle for Node 22+, with a source map. The project's own TypeScript and
 * src/core/domain (the `@core/domain` alias, from server/tsconfig.json) are bundled in; every package import stays
 * an import of node_modules (installed in production by `npm ci --omit=dev`), except JSON data files, which are
 * inlined (Node's ESM cannot import JSON without an import attribute).
 *
 * What the compiled code reads at run time (migrations SQL, seeds, locales, static/, dist/pages) stays where it is in
 * the checkout: projectRoot() finds the checkout from the working folder or from dist/server.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { SERVICE_ENTRIES } from '../server/src/compiled';
import { projectRoot } from '../server/src/config';

const root = projectRoot();
export const SERVER_OUT_DIR = join(root, 'dist', 'server');

/** Package imports stay external (node_modules), except the project's `@core/` alias and JSON data, which are bundled. */
const packagesExternal: Plugin = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@core/') || args.path.endsWith('.json')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** The entries whose source exists (an optional one still missing is skipped with a note). */
export function serverEntries(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, entry] of Object.entries(SERVICE_ENTRIES)) {
    if (existsSync(join(root, entry.source))) out[name] = join(root, entry.source);
    else if (entry.optional) console.warn(`build:server: ${entry.source} does not exist yet: ${name}.js not built`);
    else throw new Error(`build:server: the entry ${name} (${entry.source}) does not exist`);
  }
  return out;
}

/** Bundles the entries; `write: false` only analyses them (the dependency test reads the metafile). */
export async function buildServer(opts: { write?: boolean } = {}): Promise<Metafile> {
  const write = opts.write ?? true;
  if (write) rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: serverEntries(),
    outdir: SERVER_OUT_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    sourcesContent: false,
    tsconfig: join(root, 'server', 'tsconfig.json'),
    define: { __SERVICE_COMPILED__: 'true' },
    plugins: [packagesExternal],
    metafile: true,
    write,
    logLevel: 'warning',
  });
  return result.metafile;
}

// ---------------------------------------------------------------- what production must install (scripts/server-build.test.ts)

/** The package of an import path: '@scope/name/sub' → '@scope/name', 'name/sub' → 'name'. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The service's imports of packages that are not in `dependencies` (what `npm ci --omit=dev` installs), one line
 * each: the packages left to node_modules, and the files of packages bundled in (JSON data). Node's own modules pass.
 */
export function undeclaredImports(meta: Metafile, dependencies: readonly string[]): string[] {
  const declared = new Set(dependencies);
  const problems = new Set<string>();
  for (const [file, input] of Object.entries(meta.inputs)) {
    const inPackage = file.lastIndexOf('node_modules/');
    if (inPackage !== -1) {
      const name = packageOf(file.slice(inPackage + 'node_modules/'.length));
      if (!declared.has(name)) problems.add(`${name}: bundled from ${file}, not in dependencies`);
    }
    for (const imp of input.imports) {
      if (!imp.external || isBuiltin(imp.path)) continue;
      const name = packageOf(imp.path);
      if (!declared.has(name)) problems.add(`${name}: imported by ${file}, not in dependencies`);
    }
  }
  return [...problems].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.[cm]?ts$/.test(e.name) ? [path] : [];
  });
}

/** A package named at run time: resolved or required by name (createRequire, require.resolve, packageDir) or read under node_modules/. */
const BY_NAME = /\b(?:require\w*|req|packageDir|resolve)\(\s*(['"`])([^'"`]*)\1/g;
const UNDER_NODE_MODULES = /'node_modules',\s*'([^']+)'(?:,\s*'([^']+)')?/g;

/**
 * The packages the service finds by name at run time rather than by import (so the bundle's metafile does not
 * list them), by file; `unreadable`: such a name built at run time (a template), which this cannot check.
 */
export function runtimePackages(dir: string = join(root, 'server', 'src')): { packages: Map<string, string[]>; unreadable: string[] } {
  const packages = new Map<string, string[]>();
  const unreadable: string[] = [];
  const add = (name: string, file: string) => packages.set(name, [...(packages.get(name) ?? []), relative(root, file)]);
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(BY_NAME)) {
      const spec = m[2];
      if (m[1] === '`' && spec.includes('${')) unreadable.push(`${relative(root, file)}: ${m[0]}`);
      else if (/^(@[\w.-]+\/)?[\w.-]+(\/|$)/.test(spec) && !spec.startsWith('.') && !isBuiltin(spec)) add(packageOf(spec), file);
    }
    for (const m of text.matchAll(UNDER_NODE_MODULES)) add(m[1].startsWith('@') && m[2] ? `${m[1]}/${m[2]}` : m[1], file);
  }
  return { packages, unreadable };
}

/** Of `names`, those `npm ci --omit=dev` does not install according to the lock file (absent, or marked dev). */
export function notInstalledInProduction(names: Iterable<string>, lock: { packages: Record<string, { dev?: boolean }> }): string[] {
  return [...names].filter((name) => {
    const entry = lock.packages[`node_modules/${name}`];
    return !entry || entry.dev === true;
  });
}
