/**
 * What every answer says about itself (issue 25): docs/api.md shows the Content-Security-Policy the app sends (the
 * doc's text is generated from server/src/plugins/csp.ts; here it is compared with the header itself), and a path
 * that tries to leave the site's folders is answered as any unknown path: 404 with the not-found body, whatever its
 * encoding. Those requests go over a real socket: inject() would resolve the dot segments before the app saw them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { CALLS, ErrorCode } from '@core/domain';
import { isTraversal } from '../src/plugins/static';
import { createTestApp, type TestApp } from './helpers';

const repo = join(__dirname, '..', '..');
const SECRET = 'package-json-must-not-leak';
let t: TestApp;
let port: number;
let root: string;

beforeAll(async () => {
  // a site like the built one: dist/pages, static/, and a file beside them that must stay out of reach
  root = mkdtempSync(join(tmpdir(), 'esop-paths-'));
  mkdirSync(join(root, 'dist', 'pages'), { recursive: true });
  mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(root, 'dist', 'pages', 'openAccount.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
  writeFileSync(join(root, 'dist', 'pages', 'notes.txt'), 'a page file');
  writeFileSync(join(root, 'dist', 'assets', 'app-abc.js'), 'console.log(1)');
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: SECRET }));
  symlinkSync(join(repo, 'static'), join(root, 'static'));
  t = await createTestApp({ root });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

/** One GET with the request line exactly as given; the status, headers and body. */
function rawGet(path: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      let body = rest.join('\r\n\r\n');
      // chunked: the one chunk's data
      if (headers['transfer-encoding'] === 'chunked') body = body.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '');
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('the CSP in docs/api.md is the one every answer carries', () => {
  const documented = () => {
    const doc = readFileSync(join(repo, 'docs', 'api.md'), 'utf8');
    const m = doc.match(/<!-- api-doc:csp -->`([^`]+)`<!-- \/api-doc:csp -->/);
    if (!m) throw new Error('docs/api.md has no api-doc:csp part');
    return m[1];
  };
  /** directives as a map of name → sources, so that spacing and `;` vs `; ` do not matter */
  const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name, sources]));

  test.each([
    ['an API answer', CALLS.health.path],
    ['a page', '/pages/openAccount.html'],
    ['an unknown path', '/no/such/thing'],
  ])('%s: the header is the documented policy, wasm-unsafe-eval and blob: included', async (_what, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const sent = directives(String(res.headers['content-security-policy']));
    expect(sent).toEqual(directives(documented()));
    expect(sent['script-src']).toContain("'wasm-unsafe-eval'");
    expect(sent['connect-src']).toContain('blob:');
  });
});

describe('a path out of the site answers as any unknown path', () => {
  test('the reference answers: an unknown path is 404 with the not-found body; the site\'s own files are served', async () => {
    const unknown = await rawGet('/pages/no-such-page.html');
    expect([unknown.status, JSON.parse(unknown.body).error.code]).toEqual([404, ErrorCode.NOT_FOUND]);
    expect((await rawGet('/pages/notes.txt')).status).toBe(200);
    expect((await rawGet('/pages/openAccount.html')).status).toBe(200);
    expect((await rawGet('/assets/app-abc.js')).status).toBe(200);
    expect((await rawGet('/pages/static/risk/speaker.png')).status).toBe(200);
  });

  test.each([
    '/pages/../package.json',
    '/pages/%2e%2e/package.json',
    '/pages/%2E%2E/%2E%2E/etc/passwd',
    '/pages/..%2fpackage.json',
    '/pages/..%2Fpackage.json',
    '/pages/%2e%2e%2fpackage.json',
    '/pages/..\\package.json',
    '/pages/..%5cpackage.json',
    '/pages/..%5Cpackage.json',
    '/pages/static/../../package.json',
    '/pages/static/%2e%2e/%2e%2e/package.json',
    '/pages/static/..%252f..%252fpackage.json',
    '/assets/../../package.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/pages/./openAccount.html',
    '/pages/%00',
    '/pages/notes.txt%00.html',
  ])('%s → 404 with the not-found body, nothing of the file', async (path) => {
    const [res, unknown] = await Promise.all([rawGet(path), rawGet('/pages/no-such-page.html')]);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual(JSON.parse(unknown.body));
    expect(res.body).not.toContain(SECRET);
    expect(res.headers['content-security-policy']).toBe(unknown.headers['content-security-policy']);
  });

  test('what counts as leaving the folder (and what does not)', () => {
    expect(['/pages/a/../b', '/pages/%2e/', '/pages/a%2fb', '/pages/a\\b', '/pages/%E0%A4%A'].map(isTraversal)).toEqual([true, true, true, true, true]);
    expect(['/pages/openAccount.html?x=../y', '/pages/a..b.txt', '/pages/...', '/assets/app-abc.js'].map(isTraversal)).toEqual([false, false, false, false]);
  });
});
