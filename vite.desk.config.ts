/**
 * The review desk's build (issue 28): its own Vite build from pages/desk/index.html to dist/desk/, apart from the
 * applicant pages' (vite.config.ts), so that no applicant page shares a chunk with it or loads any of it. The service
 * serves it at /desk/ (server/src/plugins/desk.ts).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { precompileMessages } from './scripts/precompile-messages';
import { compressAssets } from './scripts/compress-assets';
import { sharedAliases } from './scripts/vite-aliases';

const root = import.meta.dirname;

export default defineConfig(({ command }) => ({
  root: resolve(root, 'pages/desk'),
  base: '/desk/',
  publicDir: false,
  plugins: [precompileMessages(), compressAssets(), command === 'serve' ? react() : null],
  resolve: {
    alias: sharedAliases(root, command),
  },
  build: {
    outDir: resolve(root, 'dist/desk'),
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5174,
    proxy: { '/kyc': `http://127.0.0.1:${process.env.PORT ?? 8080}`, '/pages': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
}));
