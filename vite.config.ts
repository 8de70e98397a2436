import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { reactVantFix } from './scripts/react-vant-fix';
import { precompileMessages } from './scripts/precompile-messages';
import { compressAssets } from './scripts/compress-assets';
import { trimPreloads } from './scripts/preload-trim';
import { preloadApp } from './scripts/preload-app';
import { chunkGroups } from './scripts/chunk-groups';
import { firstScreens } from './scripts/first-screens-plugin';
import { PAGES, PAGE_APPS } from './scripts/pages';
import { sharedAliases } from './scripts/vite-aliases';

const root = import.meta.dirname;
// the React part of each page, imported by its entry after the early start and preloaded from its HTML (scripts/pages.ts)
const appModules = [...PAGE_APPS];
const groups = chunkGroups(root);
// the pages of scripts/pages.ts (pages/<name>.html, written by npm run pages), in the order of their names
const pages = Object.fromEntries(
  PAGES.map((p) => p.name)
    .sort()
    .map((name) => [name, resolve(root, 'pages', `${name}.html`)]),
);

export default defineConfig(({ command }) => ({
  root,
  base: '/',
  publicDir: false,
  plugins: [reactVantFix(), precompileMessages(), compressAssets(), trimPreloads.plugin(appModules.map((m) => resolve(root, `.${m}`))), preloadApp(appModules), firstScreens(), command === 'serve' ? react() : null],
  resolve: {
    // @core, @locales, and no ICU parser in a build (the messages are precompiled)
    alias: sharedAliases(root, command),
  },
  optimizeDeps: {
    rolldownOptions: { plugins: [reactVantFix()] },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    reportCompressedSize: false,
    // a lazy import's preload list without the scripts its importer already loaded (scripts/preload-trim.ts)
    modulePreload: { resolveDependencies: trimPreloads.resolveDependencies },
    rolldownOptions: {
      input: pages,
      output: {
        codeSplitting: {
          groups: [
            // a page's first request wave as few scripts as possible (HTTP/1.1 fetches six at a time): its early part
            // (early.ts, load-app.ts and what they import) in one, React in one, the rest of the React part
            // (bootstrap.tsx and everything it imports statically: the router, React Query, react-intl, the shell) in
            // another; React apart so that it and the rest are evaluated in two tasks, not one long one
            // what sends a call (ky, the cipher, the call table: src/core/api/transport.ts), loaded by the page's first call; without what
            // it shares with the early part (the error codes, the language), which would make that part import it
            {
              name: 'transport',
              test: /node_modules[\\/]ky[\\/]|src[\\/]core[\\/](api[\\/]transport|domain[\\/](cipher|calls|org-sign))\.ts$/,
              priority: 6,
              includeDependenciesRecursively: false,
            },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 5 },
            { name: 'early', test: /src[\\/]flows[\\/]open-account[\\/](early|load-app)\.ts$/, priority: 4 },
            { name: 'app', test: /src[\\/]flows[\\/]open-account[\\/]bootstrap\.tsx$/, priority: 3 },
            // the screens' shared code in two chunks rather than twenty small ones (scripts/chunk-groups.ts)
            { name: 'common', test: groups.common, priority: 2 },
            { name: 'steps', test: groups.steps, priority: 1 },
          ],
        },
      },
      // React Query marks its modules "use client" (a server-components hint that means nothing in this build)
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    // the service of `npm run dev` (same PORT setting as the service itself)
    proxy: {
      '/kyc': `http://127.0.0.1:${process.env.PORT ?? 8080}`,
      '/pages/static': `http://127.0.0.1:${process.env.PORT ?? 8080}`,
      '/pages/pdfjs': `http://127.0.0.1:${process.env.PORT ?? 8080}`,
    },
  },
}));
