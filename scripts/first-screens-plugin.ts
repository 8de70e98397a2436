/**
 * Build step: once `vite build` has written the pages, their first screens are written into them (scripts/prerender.ts,
 * run in a process of its own: it renders the app's screens under a jsdom window). This plugin hands it, per screen
 * module of scripts/pages.ts `first`, the built styles that screen loads (its chunk's and the chunks' it imports), in
 * dist/.vite/first-screens.json, then runs it. A failure fails the build.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { PAGES } from './pages';
import type { ChunkLike } from './preload-app';

/** The styles a module's chunk and the chunks it imports statically load, in import order (imports first). */
export function stylesOf(bundle: Record<string, ChunkLike>, moduleId: string): string[] {
  const holder = Object.values(bundle).find((c) => c.type === 'chunk' && (c.moduleIds ?? []).includes(moduleId));
  if (!holder) throw new Error(`first screen ${moduleId}: no chunk holds it`);
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = bundle[file];
    for (const i of chunk?.imports ?? []) visit(i);
    for (const c of chunk?.viteMetadata?.importedCss ?? []) if (!css.includes(c)) css.push(c);
  };
  visit(holder.fileName);
  return css;
}

export function firstScreens(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'first-screens',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const screens = [...new Set(PAGES.flatMap((p) => p.first.map((f) => f.screen)))];
      const styles = Object.fromEntries(screens.map((s) => [s, stylesOf(bundle as unknown as Record<string, ChunkLike>, resolve(root, `.${s}`))]));
      mkdirSync(join(outDir, '.vite'), { recursive: true });
      writeFileSync(join(outDir, '.vite', 'first-screens.json'), JSON.stringify(styles));
    },
    closeBundle() {
      execFileSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'scripts', 'prerender.ts'), outDir], { cwd: root, stdio: 'inherit' });
    },
  };
}
