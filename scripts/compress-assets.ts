/**
 * Build step: writes brotli (.br) and gzip (.gz) copies of every text file of the build next to it, so the
 * service sends compressed pages, scripts and styles without compressing per request (@fastify/static's
 * preCompressed). Files that do not shrink are left alone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;

export function compressAssets() {
  return {
    name: 'compress-assets',
    apply: 'build' as const,
    writeBundle(options: { dir?: string }, bundle: Record<string, unknown>) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (!TEXT.test(file)) continue;
        const path = join(dir, file);
        const raw = readFileSync(path);
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${path}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
      }
    },
  };
}
