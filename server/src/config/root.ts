/** The project's folder: where the service finds its migrations, seeds, locales, static files and built pages. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The folder holding server/src/db/migrations at or above `start`, or null. */
function rootAbove(start: string): string | null {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'server', 'src', 'db', 'migrations'))) return dir;
    const parent = resolve(dir, '..');
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * The project's folder (the checkout, whose migrations, seeds, locales, static files and built pages the service
 * reads): at or above `start`, by default the working folder (npm scripts and jest run from it) or else the running
 * script's (`node /srv/app/dist/server/main.js` started from anywhere).
 */
export function projectRoot(start?: string): string {
  const starts = start ? [start] : [process.cwd(), ...(process.argv[1] ? [dirname(process.argv[1])] : [])];
  for (const from of starts) {
    const root = rootAbove(from);
    if (root) return root;
  }
  throw new Error(`cannot find the project root (the folder with server/src/db/migrations) from ${starts.join(' or ')}`);
}
