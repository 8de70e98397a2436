/** `npm run build:server`: dist/server/<entry>.js from server/src (scripts/server-build.ts), sizes printed. */
import { join, relative } from 'node:path';
import { projectRoot } from '../server/src/config';
import { buildServer } from './server-build';

const root = projectRoot();
const started = Date.now();
try {
  const meta = await buildServer();
  const outputs = Object.entries(meta.outputs).filter(([file]) => file.endsWith('.js'));
  for (const [file, out] of outputs) console.log(`server ${relative(root, join(root, file)).padEnd(32)} ${(out.bytes / 1024).toFixed(0).padStart(6)} KB`);
  console.log(`build:server: ${outputs.length} entries in ${Date.now() - started} ms`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
