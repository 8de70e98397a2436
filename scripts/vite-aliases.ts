/**
 * The import aliases both builds share (vite.config.ts, the pages; vite.desk.config.ts, the review desk): `@core` and
 * `@locales`, and in a build:
 * - the message parser replaced by its no-parser variant (the messages are precompiled by
 *   scripts/precompile-messages.ts, so the browser needs no parser: about 11 KB gzip less);
 * - React Router's production build (the same package's dist/production: its exports map names only the development
 *   build, whose dev warnings stay in the bundle; the production one is the same code with them off).
 */
import { resolve } from 'node:path';

export function sharedAliases(root: string, command: 'build' | 'serve') {
  return [
    { find: '@core', replacement: resolve(root, 'src/core') },
    { find: '@locales', replacement: resolve(root, 'locales') },
    ...(command === 'build'
      ? [
          { find: /^@formatjs\/icu-messageformat-parser$/, replacement: resolve(root, 'node_modules/@formatjs/icu-messageformat-parser/lib/no-parser.js') },
          { find: /^react-router$/, replacement: resolve(root, 'node_modules/react-router/dist/production/index.mjs') },
          { find: /^react-router\/dom$/, replacement: resolve(root, 'node_modules/react-router/dist/production/dom-export.mjs') },
        ]
      : []),
  ];
}
