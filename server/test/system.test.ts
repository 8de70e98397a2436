import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, CALLS, ErrorCode } from '@core/domain';
import { ConfigError, loadConfig, parseEnv } from '../src/config';
import { migrate } from '../src/db/migrate';
import { audit, auditTrail } from '../src/db/audit';
import { CSP_DIRECTIVES } from '../src/plugins/security';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let root: string;
beforeAll(async () => {
  // a built site of our own: a page, a hashed asset, a static file
  root = mkdtempSync(join(tmpdir(), 'esop-site-'));
  mkdirSync(join(root, 'dist', 'pages'), { recursive: true });
  mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
  mkdirSync(join(root, 'static'), { recursive: true });
  writeFileSync(join(root, 'dist', 'pages', 'openAccount.html'), '<!doctype html><html><head><script type="module" src="/assets/main-abc123.js"></script></head><body></body></html>');
  writeFileSync(join(root, 'dist', 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(join(root, 'static', 'customer-agreement.pdf'), '%PDF-1.4 sample');
  t = await createTestApp({ root });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const expectSecurityHeaders = (headers: Record<string, unknown>) => {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self';");
  expect(csp).toContain("style-src-attr 'unsafe-inline'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).not.toMatch(/style-src [^;]*unsafe-inline/);
  // WebAssembly may compile (the face model); no eval or inline script
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
  expect(csp).not.toMatch(/script-src [^;]*'unsafe-(eval|inline)'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['referrer-policy']).toBe('no-referrer');
};

describe('site and security headers', () => {
  it('redirects / to the home page, keeping the query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/?t=abc&lang=en' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/pages/openAccount.html?t=abc&lang=en');
  });

  it('serves pages without caching, with the strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pages/openAccount.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(res.headers);
  });

  it('serves hashed assets for a year and static files for an hour', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const pdf = await t.app.inject({ method: 'GET', url: '/pages/static/customer-agreement.pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers unknown paths with the 404 envelope, never a directory listing', async () => {
    for (const url of ['/pages/nope.html', '/assets/', '/pages/../server/src/config.ts', '/kyc/esop/v1/Nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe(ErrorCode.NOT_FOUND);
    }
  });

  it('sends the same headers on API answers, plus no-store', async () => {
    const res = await t.app.inject({ method: 'GET', url: CALLS.health.path });
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('allows what the built pages need and nothing inline', () => {
    expect(CSP_DIRECTIVES['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(CSP_DIRECTIVES['worker-src']).toEqual(["'self'", 'blob:']);
  });
});

describe('health, client config, OpenAPI', () => {
  it('health pings the database and names the version', async () => {
    const res = await t.app.inject({ method: 'GET', url: CALLS.health.path });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ status: 'ok', version: expect.any(String), db: t.db.kind, time: expect.any(String) });
  });

  it('health answers 503 when the database is gone', async () => {
    const own = await createTestApp();
    await own.db.close();
    const res = await own.app.inject({ method: 'GET', url: CALLS.health.path });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe(ErrorCode.INTERNAL);
    expect(res.json().error.message).not.toMatch(/closed|PGlite|pool/i);
    await own.app.close();
  });

  it('ClientConfig comes from the settings', async () => {
    const own = await createTestApp({ env: { MEMBER_PAGE_URL: 'https://member.example.com/', SERVICE_PHONE_HK: '+852 2222 3333', DERIVATIVE_EVIDENCE: 'required' } });
    try {
      const res = await (await own.handshake()).call('clientConfig');
      expect(res.body.result).toEqual({
        memberPageUrl: 'https://member.example.com/',
        appDownloadUrl: own.config.appDownloadUrl,
        servicePhones: { mainland: own.config.servicePhones.mainland, hongKong: '+852 2222 3333' },
        production: false,
        derivativeForm: 'full',
        derivativeEvidence: 'required',
        riskAuthChannels: [],
        depositPageUrl: '/pages/openAccount.html#/deposit',
        transferInUrl: '/pages/transferInStock.html',
        communityQrUrl: '/pages/static/community-qr.svg',
      });
    } finally {
      await own.close();
    }
  });

  it('OpenAPI describes every API route (plain payloads) and mentions the cipher', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/openapi.json` });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.info.description).toMatch(/cipher/i);
    const described = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) described.add(`${method.toUpperCase()} ${path}`);
    }
    const apiRoutes = t.app.routeList.filter((r) => r.url.startsWith(API_PREFIX) && !r.hidden);
    expect(apiRoutes.length).toBeGreaterThanOrEqual(8);
    for (const r of apiRoutes) expect(described).toContain(`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    // and every call of the contract that this server implements
    for (const call of Object.values(CALLS)) {
      if (t.app.routeList.some((r) => r.url === call.path)) expect(described).toContain(`${call.method} ${call.path}`);
    }
    expect(doc.paths[CALLS.login.path].post.requestBody.content['application/json'].schema.properties).toHaveProperty('salt');
  });

  it("OpenAPI meets Redocly's recommended rules a client generator needs (npm run lint:openapi runs Redocly itself)", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API_PREFIX}/openapi.json` })).json();
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { operationId?: string; summary?: string; security?: unknown[]; responses: Record<string, unknown> }>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method} ${path}`;
        expect([where, typeof op.operationId, !!op.summary]).toEqual([where, 'string', true]);
        expect(ids.has(op.operationId!)).toBe(false);
        ids.add(op.operationId!);
        expect([where, Array.isArray(op.security)]).toEqual([where, true]);
        const statuses = Object.keys(op.responses);
        expect([where, statuses.some((x) => x.startsWith('2')), statuses.some((x) => x.startsWith('4'))]).toEqual([where, true, true]);
      }
    }
    expect([...ids].sort()).toEqual(Object.keys(CALLS).sort());
  });
});

/** what production requires besides an SMS vendor (operations.test.ts checks each is required) */
const PRODUCTION_SECRETS = {
  CIPHER_PRIVATE_KEY_FILE: '/run/secrets/cipher-private.pem',
  CIPHER_PUBLIC_KEY_FILE: '/run/secrets/cipher-public.pem',
  APP_TOKEN_SECRET: 'a'.repeat(32),
  SIGNING_SECRET_FILE: '/run/secrets/signing.secret',
};

describe('settings', () => {
  it('lists every bad setting at once', () => {
    const bad = { PORT: 'abc', SESSION_IDLE_MINUTES: '0', SMS_VENDOR: 'http', DATABASE_URL: 'mysql://x', IPGEO_VENDOR: 'http', GEOCODE_VENDOR: 'elsewhere' };
    expect(() => parseEnv(bad)).toThrow(ConfigError);
    try {
      parseEnv(bad);
    } catch (err) {
      const text = (err as ConfigError).message;
      for (const name of ['PORT', 'SESSION_IDLE_MINUTES', 'SMS_HTTP_URL', 'DATABASE_URL', 'IPGEO_HTTP_URL', 'GEOCODE_VENDOR']) expect(text).toContain(name);
    }
  });

  it('refuses to print login codes in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SMS_VENDOR: must be http in production/);
    expect(() => parseEnv({ NODE_ENV: 'production', SMS_VENDOR: 'http', SMS_HTTP_URL: 'https://sms.example/send', ...PRODUCTION_SECRETS })).not.toThrow();
  });

  it('makes keys and secrets once, with 0600 permissions, and reuses them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'esop-cfg-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      const second = loadConfig({ DATA_DIR: dir });
      expect(second.secrets).toEqual(first.secrets);
      const { statSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
      for (const f of ['cipher-private.pem', 'cipher-public.pem', 'app-token.secret', 'signing.secret']) {
        expect(statSync(join(dir, 'keys', f)).mode & 0o777).toBe(0o600);
      }
      expect(first.secrets.cipherKid).toMatch(/^[0-9a-f]{16}$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('database', () => {
  it('migrations are recorded and running them again applies nothing', async () => {
    expect(await migrate(t.db)).toEqual([]);
    const { rows } = await t.db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows[0]).toEqual({ version: 1, name: '0001_platform' });
  });

  it('transactions roll back together', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await audit(tx, { actor: 'system', action: 'test.rollback' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await auditTrail(t.db, {})).some((r) => r.action === 'test.rollback')).toBe(false);
  });

  it('audit entries are written and read back', async () => {
    await audit(t.db, { actor: 'user:u1', userId: 'u1', appId: 'A1', action: 'step.update', step: 'HK_IDcard', detail: { draft: true } });
    const [row] = await auditTrail(t.db, { appId: 'A1' });
    expect(row).toEqual(expect.objectContaining({ actor: 'user:u1', user_id: 'u1', app_id: 'A1', action: 'step.update', step: 'HK_IDcard', detail: { draft: true } }));
    expect(typeof row.id).toBe('number');
    expect(row.at).toBeInstanceOf(Date);
  });
});
