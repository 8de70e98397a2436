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
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
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
