import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { installStatic } from '../src/plugins/static';

describe('the built site', () => {
  const root = mkdtempSync(join(tmpdir(), 'static-'));
  const js = 'console.log("a page script");\n'.repeat(100);
  const app = Fastify();

  beforeAll(async () => {
    mkdirSync(join(root, 'dist/pages'), { recursive: true });
    mkdirSync(join(root, 'dist/assets'), { recursive: true });
    writeFileSync(join(root, 'dist/pages/openAccount.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(root, 'dist/assets/app-abc123.js'), js);
    writeFileSync(join(root, 'dist/assets/app-abc123.js.br'), brotliCompressSync(js));
    writeFileSync(join(root, 'dist/assets/app-abc123.js.gz'), gzipSync(js));
    await installStatic(app, root);
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
});
