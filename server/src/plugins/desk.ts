/**
 * The review desk's page (issue 28): dist/desk/index.html at /desk/ and its assets at /desk/assets/ (its own build,
 * vite.desk.config.ts). The page is never stored by a browser or a proxy (no-store), never framed, not indexed, and
 * carries a Content-Security-Policy of its own: Ant Design writes its styles into <style> elements, which the policy
 * allows by a nonce made for each answer (the page hands it to Ant Design through a meta element); scripts stay
 * 'self' only. The page holds no data: every call it makes needs the staff session (require-staff.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CSP_DIRECTIVES } from './csp';

export const DESK_PATH = '/desk/';

/** The desk page's policy: the service's, with the styles of this answer's nonce and no framing at all. */
export function deskCsp(nonce: string): string {
  const directives: Record<string, string[]> = {
    ...CSP_DIRECTIVES,
    'style-src': [...CSP_DIRECTIVES['style-src'], `'nonce-${nonce}'`],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

export async function installDesk(app: FastifyInstance, root: string): Promise<boolean> {
  const dir = join(root, 'dist', 'desk');
  const htmlFile = join(dir, 'index.html');
  if (!existsSync(htmlFile)) return false;
  const html = readFileSync(htmlFile, 'utf8');
  const hide = { schema: { hide: true } } as const;
  app.get('/desk', hide, (_request, reply) => reply.redirect(DESK_PATH, 302));
  app.get(DESK_PATH, hide, (_request, reply) => {
    const nonce = randomBytes(18).toString('base64');
    return reply
      .header('content-security-policy', deskCsp(nonce))
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('content-type', 'text/html; charset=utf-8')
      .send(html.replace('</head>', `  <meta name="csp-nonce" content="${nonce}" />\n  </head>`));
  });
  if (existsSync(join(dir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(dir, 'assets'),
      prefix: `${DESK_PATH}assets/`,
      decorateReply: false,
      preCompressed: true,
      immutable: true,
      maxAge: '365d',
      schemaHide: true,
    });
  }
  return true;
}
