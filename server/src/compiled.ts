/**
 * The compiled service: scripts/build-server.ts bundles each entry below into dist/server/<name>.js (ESM, packages
 * left to node_modules) and defines __SERVICE_COMPILED__ in it. Under tsx and Jest the TypeScript runs as it is.
 * To add a process: one line here (the build, its dependency test and the forks read this table).
 */
import { join } from 'node:path';
import { projectRoot } from './config';

declare const __SERVICE_COMPILED__: boolean | undefined;

/** Whether this code runs from dist/server (the build defines the constant): false under tsx and Jest. */
export const compiled: boolean = typeof __SERVICE_COMPILED__ !== 'undefined' && __SERVICE_COMPILED__;

/** name → source; `optional`: built when the source exists (a process still being written). */
export const SERVICE_ENTRIES: Record<string, { source: string; optional?: boolean }> = {
  /** the web process (npm start / npm run serve) */
  main: { source: 'server/src/main.ts' },
  /** the operators' commands (npm run ops) */
  cli: { source: 'server/src/ops/cli.ts' },
  /** the local face check's child process (vendors/face/local.ts forks it) */
  'face-worker': { source: 'server/src/vendors/face/worker.ts' },
  /** the job worker (npm run worker) */
  worker: { source: 'server/src/worker.ts' },
  /** the migrations as a release step (npm run migrate) */
  migrate: { source: 'server/src/migrate.ts' },
};

/** The file a process runs: the compiled entry under dist/server, or its TypeScript source (with tsx's loader). */
export function entryFile(name: string): { file: string; execArgv: string[] } {
  const entry = SERVICE_ENTRIES[name];
  if (!entry) throw new Error(`no service entry ${name}`);
  const root = projectRoot();
  return compiled
    ? { file: join(root, 'dist', 'server', `${name}.js`), execArgv: ['--enable-source-maps'] }
    : { file: join(root, entry.source), execArgv: ['--import', 'tsx'] };
}
