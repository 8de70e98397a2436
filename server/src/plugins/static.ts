/**
 * The built site: dist/pages/*.html at /pages/*.html (no-cache), dist/assets at /assets/*
 * (hashed names: cached for a year), static/ at /pages/static/* (an hour); `/` → the home page.
 * Assets go out as the .br/.gz copies the build writes beside them when the browser accepts them. Pages carry the
 * page data (src/core/domain/page-data.ts: the client settings) written in once at start, compressed in memory at the
 * first request that takes each coding (off the event loop, in zlib's thread pool), then kept.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageDataElement, type PageData } from '@core/domain/page-data';
import { cspText, type InlineHashes } from './csp';

export const HOME_PAGE = '/pages/openAccount.html';

interface ServedPage {
  /** the page's Content-Security-Policy: the service's, with the page's own inline script and style by hash */
  csp?: string;
  plain: Buffer;
  /** the brotli (quality 11) and gzip (level 9) forms, made when first asked for */
  br: () => Promise<Buffer>;
  gzip: () => Promise<Buffer>;
  etag: string;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `make` run once, when first called; a failure is not kept (the next call tries again) */
function once(make: () => Promise<Buffer>): () => Promise<Buffer> {
  let made: Promise<Buffer> | undefined;
  return () => {
    made ??= make().catch((err: unknown) => {
      made = undefined;
      throw err;
    });
    return made;
  };
}

/**
 * A built page with the page data written in before </head>, and its compressed forms. Made at the first request,
 * not at start: compressing every page at quality 11 took ~1.2 s of a start (measured), spent again by every process
 * and every test app although most pages are asked for by few of them.
 */
export function servedPage(html: string, data: PageData | undefined, inline?: InlineHashes): ServedPage {
  const withData = data ? html.replace('</head>', `  ${pageDataElement(data)}\n  </head>`) : html;
  const plain = Buffer.from(withData, 'utf8');
  return {
    ...(inline ? { csp: cspText(inline) } : {}),
    plain,
    br: once(() => brotliAsync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })),
    gzip: once(() => gzipAsync(plain, { level: 9 })),
    etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 22)}"`,
  };
}

/** Whether an Accept-Encoding header takes `coding` (named, and not with q=0). */
export function acceptsCoding(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    if (name.toLowerCase() !== coding) return false;
    const q = params.find((p) => p.toLowerCase().startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

async function sendPage(page: ServedPage, request: FastifyRequest, reply: FastifyReply) {
  if (page.csp) reply.header('content-security-policy', page.csp);
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', page.etag);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === page.etag)) return reply.code(304).send();
  const accept = String(request.headers['accept-encoding'] ?? '');
  const accepts = (coding: string) => acceptsCoding(accept, coding);
  if (accepts('br')) return reply.header('content-encoding', 'br').send(await page.br());
  if (accepts('gzip')) return reply.header('content-encoding', 'gzip').send(await page.gzip());
  return reply.send(page.plain);
}

export interface StaticOptions {
  /** written into every page (the client settings), so the first screen need not ask for them */
  pageData?: PageData;
}

/**
 * A path that tries to leave its folder: a `.` or `..` segment, a backslash, a NUL or an encoded slash, as sent or
 * once percent-decoded (what the file server decodes). Such a request is answered as any unknown path (404), not as
 * the file server's 403, which would tell that the path was seen as an escape.
 */
export function isTraversal(url: string): boolean {
  const q = url.indexOf('?');
  const raw = q === -1 ? url : url.slice(0, q);
  if (/%2f|%5c|%00/i.test(raw)) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return true;
  }
  return [raw, decoded].some((p) => p.includes('\\') || p.includes('\0') || p.split('/').some((seg) => seg === '.' || seg === '..'));
}

/** what the file server answers under (the API's paths are routes: an escape there finds no route, 404 already) */
const STATIC_PREFIXES = ['/pages/', '/assets/', '/desk/'];

export async function installStatic(app: FastifyInstance, root: string, opts: StaticOptions = {}): Promise<{ dist: boolean }> {
  // before any route: the not-found answer of the app (its error envelope), whatever the path would have matched
  app.addHook('onRequest', (request, reply, done) => {
    if (STATIC_PREFIXES.some((p) => request.url.startsWith(p)) && isTraversal(request.url)) {
      reply.callNotFound();
      return;
    }
    done();
  });
  const dist = join(root, 'dist');
  const hasDist = existsSync(join(dist, 'pages'));
  const hide = { schemaHide: true } as const;
  if (hasDist) {
    // the pages themselves: read once, the page data written in (their own routes win over the directory's)
    // the hashes of each page's inline script and style (written by the build with the first screens)
    const hashesFile = join(dist, 'inline-hashes.json');
    const hashes = existsSync(hashesFile) ? (JSON.parse(readFileSync(hashesFile, 'utf8')) as Record<string, InlineHashes>) : {};
    for (const name of readdirSync(join(dist, 'pages')).filter((f) => f.endsWith('.html'))) {
      const page = servedPage(readFileSync(join(dist, 'pages', name), 'utf8'), opts.pageData, hashes[name]);
      app.get(`/pages/${name}`, { schema: { hide: true } }, (request, reply) => sendPage(page, request, reply));
    }
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
