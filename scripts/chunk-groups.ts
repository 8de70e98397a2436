/**
 * Build step: the shared chunks of the lazy screens. Left to itself the bundler splits what the screens share into
 * one chunk per combination of importers: a step screen then pulls twenty-odd small scripts, each a request and a
 * preload link its page adds in one main-thread task. Two groups instead:
 * - `common`: what the first screens (home, login) import from outside their own folders, and what that imports;
 * - `steps`: the rest of the shared UI, calls and rules (the step engine, the form kit and its sections, fields, pickers, uploader), for the step
 *   screens, minus what those modules import on demand (the PDF viewer and its worker setup, a language's country names, a dialog, the computer's hand-off card with its QR encoder).
 * A first screen loads only `common` besides its own chunk; a step screen `common` and `steps`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveImport(root: string, from: string, spec: string): string | undefined {
  const base = spec.startsWith('@core/') ? resolve(root, 'src/core', spec.slice('@core/'.length)) : resolve(dirname(from), spec);
  for (const ext of EXTENSIONS) {
    const f = base + ext;
    if (existsSync(f) && statSync(f).isFile()) return f;
  }
  return undefined;
}

/** The project modules (relative or `@core/` imports, not styles) that the source files of `dirs` import from outside them. */
export function importsOutside(root: string, dirs: string[]): Set<string> {
  const out = new Set<string>();
  for (const dir of dirs) {
    for (const name of readdirSync(dir)) {
      if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) continue;
      const file = join(dir, name);
      const code = readFileSync(file, 'utf8');
      // static imports only: `import x from './y'`, `import './y'`, `export … from './y'` (not `import type`)
      for (const m of code.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]((?:\.|@core\/)[^'"]+)['"]/gm)) {
        const target = resolveImport(root, file, m[1]);
        if (target && !dirs.some((d) => target.startsWith(d + '/'))) out.add(target);
      }
    }
  }
  return out;
}

const norm = (id: string) => id.split('?')[0].replace(/\\/g, '/');

export function chunkGroups(root: string) {
  const screens = (name: string) => resolve(root, 'src/flows/open-account/screens', name);
  const firstScreenImports = importsOutside(root, [screens('home'), resolve(root, 'src/core/app/login')]);
  const shared = /src\/core\/(step-engine|ui|api|domain|form)\/|src\/core\/app\/flow-kit\/[A-Z]|src\/flows\/open-account\/(components\/|company-choice)/;
  const onDemand = /PdfPages|pdf-worker|\/countries\/|ChannelChangeDialog|ui\/handoff\/(DesktopHandoff|QrCode)/;
  return {
    common: (id: string) => firstScreenImports.has(norm(id)),
    steps: (id: string) => shared.test(norm(id)) && !onDemand.test(norm(id)),
  };
}
