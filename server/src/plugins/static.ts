/**
 * The built site: dist/pages/*.html at /pages/*.html (no-cache), dist/assets at /assets/*
 * (hashed names: cached for a year), static/ at /pages/static/* (an hour); `/` → the home page.
 * Pages and assets go out as the .br/.gz copies the build writes beside them when the browser accepts them.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const HOME_PAGE = '/pages/openAccount.html';

export async function installStatic(app: FastifyInstance, root: string): Promise<{ dist: boolean }> {
  const dist = join(root, 'dist');
  const hasDist = existsSync(join(dist, 'pages'));
  const hide = { schemaHide: true } as const;
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: join(dist, 'pages'),
      prefix: '/pages/',
      preCompressed: true,
      cacheControl: false,
      ...hide,
      setHeaders: (reply) => void reply.header('cache-control', 'no-cache'),
    });
    if (existsSync(join(dist, 'assets'))) {
      await app.register(fastifyStatic, {
        root: join(dist, 'assets'),
        prefix: '/assets/',
        decorateReply: false,
        preCompressed: true,
        immutable: true,
        maxAge: '365d',
        ...hide,
      });
    }
  }
  const staticDir = join(root, 'static');
  if (existsSync(staticDir)) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/pages/static/',
      decorateReply: !hasDist,
      maxAge: '1h',
      ...hide,
    });
  }
  // pdf.js' character maps and standard fonts (the in-page PDF viewer asks for them on our own origin)
  for (const part of ['cmaps', 'standard_fonts'] as const) {
    const dir = join(root, 'node_modules', 'pdfjs-dist', part);
    if (!existsSync(dir)) continue;
    await app.register(fastifyStatic, { root: dir, prefix: `/pages/pdfjs/${part}/`, decorateReply: false, maxAge: '30d', ...hide });
  }
  // the liveness screen's face model (Human's detector weights) and TensorFlow.js' WebAssembly backend, on our own origin
  const humanAssets = [
    [join(root, 'node_modules', '@vladmandic', 'human', 'models'), '/pages/human/models/'],
    [join(root, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist'), '/pages/human/wasm/'],
  ] as const;
  for (const [dir, prefix] of humanAssets) {
    if (!existsSync(dir)) continue;
    await app.register(fastifyStatic, {
      root: dir,
      prefix,
      decorateReply: false,
      maxAge: '30d',
      // only the model files and the wasm binaries, none of the packages' scripts or sources
      allowedPath: (path) => /^\/[\w.-]+\.(json|bin|wasm)$/.test(path),
      ...hide,
    });
  }
  app.get('/', { schema: { hide: true } }, (request, reply) => {
    const q = request.url.indexOf('?');
    return reply.redirect(HOME_PAGE + (q === -1 ? '' : request.url.slice(q)), 302);
  });
  return { dist: hasDist };
}
