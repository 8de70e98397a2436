/** The review desk's page (issue 28): served at /desk/, never stored, never framed, its styles allowed by a nonce per answer. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { deskCsp, installDesk } from '../src/plugins/desk';

describe('the review desk page', () => {
  const root = mkdtempSync(join(tmpdir(), 'desk-'));
  const js = 'console.log("the desk");\n'.repeat(100);
  const app = Fastify();

  beforeAll(async () => {
    mkdirSync(join(root, 'dist/desk/assets'), { recursive: true });
    writeFileSync(join(root, 'dist/desk/index.html'), '<!doctype html><html><head><title>Review desk</title></head><body><div id="root"></div></body></html>');
    writeFileSync(join(root, 'dist/desk/assets/index-abc.js'), js);
    writeFileSync(join(root, 'dist/desk/assets/index-abc.js.gz'), gzipSync(js));
    expect(await installDesk(app, root)).toBe(true);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('the page is never stored, never framed, not indexed, and its styles need the nonce it carries', async () => {
    const res = await app.inject({ url: '/desk/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline;');
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(/style-src ([^;]*)/.exec(csp)?.[1]).toBe(`'self' 'nonce-${nonce}'`);
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).not.toMatch(/nonce|unsafe-inline/);
    expect(res.body).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
  });

  test('each answer has a nonce of its own', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) nonces.add(/'nonce-([^']+)'/.exec(String((await app.inject({ url: '/desk/' })).headers['content-security-policy']))![1]);
    expect(nonces.size).toBe(5);
  });

  test('/desk goes to /desk/, and the assets are cached for a year, compressed', async () => {
    const r = await app.inject({ url: '/desk' });
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('/desk/');
    const a = await app.inject({ url: '/desk/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(a.headers['cache-control']).toMatch(/immutable/);
  });

  test('no built desk: nothing is served under /desk/', async () => {
    const bare = Fastify();
    expect(await installDesk(bare, join(root, 'nowhere'))).toBe(false);
    expect((await bare.inject({ url: '/desk/' })).statusCode).toBe(404);
    await bare.close();
  });

  test('the policy keeps the service’s other directives', () => {
    const csp = deskCsp('abc');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
  });
});
