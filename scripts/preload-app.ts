/**
 * Build step: a page whose entry starts the first calls before it imports the React part of the page (an `import()`
 * of its app module, e.g. src/flows/open-account/bootstrap.tsx) still gets that part preloaded from its HTML: the
 * app chunk and every script it imports statically as `<link rel="modulepreload">`, its styles as stylesheets. The
 * browser then fetches the whole page's script at once, as when it was imported statically, while the small entry
 * runs as soon as its own part has arrived.
 *
 * Use: `preloadApp(['/src/flows/open-account/bootstrap.tsx'])` among the plugins (paths from the project root).
 */
import { resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';

export interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  moduleIds?: string[];
  imports?: string[];
  dynamicImports?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** Whether a chunk is (or, grouped with others, holds) one of the app modules. */
export function holdsApp(chunk: Pick<ChunkLike, 'facadeModuleId' | 'moduleIds'> | undefined, apps: Set<string>): boolean {
  if (!chunk) return false;
  return (!!chunk.facadeModuleId && apps.has(chunk.facadeModuleId)) || (chunk.moduleIds ?? []).some((id) => apps.has(id));
}

export function preloadApp(appModules: string[]): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'preload-app',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle as Record<string, ChunkLike> | undefined;
        const entry = ctx.chunk as ChunkLike | undefined;
        if (!bundle || !entry) return;
        const apps = new Set(appModules.map((m) => resolve(root, `.${m}`)));
        const closure = (start: string[]) => {
          const seen = new Set<string>();
          const stack = [...start];
          while (stack.length) {
            const f = stack.pop()!;
            if (seen.has(f)) continue;
            seen.add(f);
            stack.push(...(bundle[f]?.imports ?? []));
          }
          return seen;
        };
        const already = closure([entry.fileName]);
        // the app module is imported by the entry or by a module of its static part (e.g. a shared load-app.ts)
        const app = [...new Set([...already].flatMap((f) => bundle[f]?.dynamicImports ?? []))].filter((f) => holdsApp(bundle[f], apps));
        if (app.length === 0) return;
        const scripts = [...closure(app)].filter((f) => !already.has(f));
        const css = new Set<string>();
        for (const f of scripts) bundle[f]?.viteMetadata?.importedCss.forEach((c) => css.add(c));
        for (const f of already) bundle[f]?.viteMetadata?.importedCss.forEach((c) => css.delete(c));
        const tags: HtmlTagDescriptor[] = [
          ...[...css].map((href) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${href}` }, injectTo: 'head' as const })),
          ...scripts.map((href) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${href}` }, injectTo: 'head' as const })),
        ];
        return tags;
      },
    },
  };
}
