import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { acceptsCoding, installStatic } from '../src/plugins/static';
import { PAGE_DATA_ELEMENT_ID } from '@core/domain/page-data';

describe('the built site', () => {
  const root = mkdtempSync(join(tmpdir(), 'static-'));
  const js = 'console.log("a page script");\n'.repeat(100);
  const app = Fastify();

  beforeAll(async () => {
    mkdirSync(join(root, 'dist/pages'), { recursive: true });
    mkdirSync(join(root, 'dist/assets'), { recursive: true });
    writeFileSync(join(root, 'dist/pages/openAccount.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
    writeFileSync(join(root, 'dist/pages/signature.html'), '<!doctype html><html><head><title>y</title></head><body></body></html>');
    // the build's list of each page's inline script and style (scripts/prerender.ts)
    writeFileSync(join(root, 'dist/inline-hashes.json'), JSON.stringify({ 'openAccount.html': { script: ["'sha256-c2NyaXB0'"], style: ["'sha256-c3R5bGU='"] } }));
    writeFileSync(join(root, 'dist/assets/app-abc123.js'), js);
    writeFileSync(join(root, 'dist/assets/app-abc123.js.br'), brotliCompressSync(js));
    writeFileSync(join(root, 'dist/assets/app-abc123.js.gz'), gzipSync(js));
    await installStatic(app, root, { pageData: { clientConfig: { memberPageUrl: 'https://m.example/</script><script>alert(1)</script>', phone: '\u2028' } } });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  test.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])('assets go out precompressed for Accept-Encoding %s, cached for a year', async (accept, encoding) => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
    expect(res.rawPayload.length).toBeLessThan(js.length / 4);
  });

  test('a browser that accepts no compression gets the plain file', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(js);
  });

  test('pages are not cached, and / goes to the home page with its query', async () => {
    const page = await app.inject({ url: '/pages/openAccount.html' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const root = await app.inject({ url: '/?t=abc' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/pages/openAccount.html?t=abc');
  });

  test("a page's Content-Security-Policy allows its own inline script and style by hash, and nothing else inline", async () => {
    const csp = String((await app.inject({ url: '/pages/openAccount.html' })).headers['content-security-policy']);
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self' 'wasm-unsafe-eval' 'sha256-c2NyaXB0'");
    expect(directive('style-src')).toBe("style-src 'self' 'sha256-c3R5bGU='");
    expect(csp).not.toMatch(/'unsafe-inline'[^;]*;.*script-src|script-src[^;]*'unsafe-inline'/);
    // a page the list does not name gets the service's policy as it is: no inline code at all
    const other = String((await app.inject({ url: '/pages/signature.html' })).headers['content-security-policy'] ?? '');
    expect(other).not.toMatch(/sha256-/);
    // the list itself is not served
    expect((await app.inject({ url: '/pages/inline-hashes.json' })).statusCode).toBe(404);
  });

  const pageData = (html: string) => {
    const m = html.match(new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([^<]*)</script>`));
    return m ? (JSON.parse(m[1]) as { clientConfig: Record<string, string> }) : undefined;
  };

  test('a page carries the client settings in its head, escaped so no setting can end the element', async () => {
    const res = await app.inject({ url: '/pages/openAccount.html', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(res.body.indexOf(PAGE_DATA_ELEMENT_ID)).toBeLessThan(res.body.indexOf('</head>'));
    expect(pageData(res.body)?.clientConfig).toEqual({ memberPageUrl: 'https://m.example/</script><script>alert(1)</script>', phone: '\u2028' });
  });

  test.each([
    ['br, gzip, deflate', 'br', brotliDecompressSync],
    ['gzip;q=1.0, br;q=0', 'gzip', gunzipSync],
  ] as const)('a page goes out compressed for Accept-Encoding %s', async (accept, encoding, inflate) => {
    const res = await app.inject({ url: '/pages/openAccount.html', headers: { 'accept-encoding': accept } });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(pageData(inflate(res.rawPayload).toString('utf8'))).toBeDefined();
  });

  test('a page unchanged since the browser cached it answers 304', async () => {
    const first = await app.inject({ url: '/pages/openAccount.html' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: '/pages/openAccount.html', headers: { 'if-none-match': `W/${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await app.inject({ url: '/pages/openAccount.html', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });

  test.each([
    ['gzip, deflate, br', 'br', true],
    ['gzip;q=0.5', 'gzip', true],
    ['gzip;q=0', 'gzip', false],
    ['GZIP', 'gzip', true],
    ['x-gzip', 'gzip', false],
    ['', 'br', false],
  ])('Accept-Encoding %j takes %s: %s', (header, coding, taken) => {
    expect(acceptsCoding(header, coding)).toBe(taken);
  });
});

describe('static files under /pages/static', () => {
  test('HEAD of a PDF answers as GET does without the body; a missing one answers 404 (the pages check a PDF link first)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'static-pdf-'));
    const app = Fastify();
    try {
      mkdirSync(join(root, 'static'), { recursive: true });
      writeFileSync(join(root, 'static/agreement.pdf'), '%PDF-1.7\n');
      await installStatic(app, root, {});
      await app.ready();
      const found = await app.inject({ method: 'HEAD', url: '/pages/static/agreement.pdf' });
      expect(found.statusCode).toBe(200);
      expect(found.headers['content-type']).toMatch(/application\/pdf/);
      expect(found.body).toBe('');
      expect((await app.inject({ method: 'HEAD', url: '/pages/static/none.pdf' })).statusCode).toBe(404);
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
