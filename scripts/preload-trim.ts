/**
 * Build step: a lazy import's preload list leaves out the scripts its importer already loaded. Vite lists, for each
 * `import()`, every script of the imported chunk's static graph; those the importing chunk itself imports statically
 * are in memory by the time the import() runs, so listing them only makes the importer bigger (the route table of
 * the first screen lists ~20 shared chunks per screen). Styles are never dropped (Vite adds them after this filter).
 *
 * A page's app part that its HTML preloads (scripts/preload-app.ts) is left out of every list as well: the early
 * entry's route table would otherwise list the whole app for each screen.
 *
 * Use: `trimPreloads.plugin(appModuleIds)` among the plugins and `resolveDependencies: trimPreloads.resolveDependencies` in
 * build.modulePreload. The plugin reads the bundle's static graph before Vite writes the lists.
 */
import { holdsApp } from './preload-app';

interface ChunkLike {
  type: string;
  fileName: string;
  facadeModuleId?: string | null;
  moduleIds?: string[];
  imports?: string[];
}

function createTrim() {
  let graph = new Map<string, string[]>();
  const closure = new Map<string, Set<string>>();
  /** app modules the pages' HTML preloads (scripts/preload-app.ts): their static graph is never listed again */
  let appIds = new Set<string>();
  let preloadedByHtml = new Set<string>();

  const staticClosure = (file: string): Set<string> => {
    const known = closure.get(file);
    if (known) return known;
    const seen = new Set<string>();
    const stack = [file];
    while (stack.length) {
      const f = stack.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      stack.push(...(graph.get(f) ?? []));
    }
    closure.set(file, seen);
    return seen;
  };

  return {
    /** `appModules`: absolute ids of the modules preload-app lists in the HTML (their graph is loaded from the page) */
    plugin(appModules: string[] = []) {
      appIds = new Set(appModules);
      return {
        name: 'preload-trim',
        apply: 'build' as const,
        generateBundle: {
          order: 'pre' as const,
          handler(_options: unknown, bundle: Record<string, ChunkLike>) {
            const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
            graph = new Map(chunks.map((c) => [c.fileName, c.imports ?? []]));
            closure.clear();
            preloadedByHtml = new Set(chunks.filter((c) => holdsApp(c, appIds)).flatMap((c) => [...staticClosure(c.fileName)]));
          },
        },
      };
    },
    /** Vite's hook: `deps` are the scripts to preload for `filename`, imported by the chunk `hostId`. */
    resolveDependencies(_filename: string, deps: string[], ctx: { hostId: string; hostType: 'html' | 'js' }): string[] {
      if (ctx.hostType !== 'js' || !graph.has(ctx.hostId)) return deps;
      const loaded = staticClosure(ctx.hostId);
      return deps.filter((d) => !loaded.has(d) && !preloadedByHtml.has(d));
    },
  };
}

export const trimPreloads = createTrim();
