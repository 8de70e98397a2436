import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { reactVantFix } from './scripts/react-vant-fix';

const root = import.meta.dirname;
const pages = Object.fromEntries(
  readdirSync(resolve(root, 'pages'))
    .filter((f) => f.endsWith('.html'))
    .map((f) => [f.replace(/\.html$/, ''), resolve(root, 'pages', f)]),
);

export default defineConfig(({ command }) => ({
  root,
  base: '/',
  publicDir: false,
  plugins: [reactVantFix(), command === 'serve' ? react() : null],
  resolve: {
    alias: { '@core': resolve(root, 'src/core'), '@locales': resolve(root, 'locales') },
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
    rolldownOptions: {
      input: pages,
      // React Query marks its modules "use client" (a server-components hint that means nothing in this build)
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/kyc': 'http://127.0.0.1:8080', '/pages/static': 'http://127.0.0.1:8080' },
  },
}));
