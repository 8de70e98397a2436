/**
 * The ops CLI and API with several processes: OPS_TOKEN shared by every process, OPS_URL sending the CLI to one
 * of them, and on PostgreSQL the CLI working on the database whichever processes are up.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, parseEnv } from '../src/config';
import { opsTarget } from '../src/ops/execute';
import { serverInfoPath, writeOpsToken } from '../src/ops/token';
import { createTestApp, type TestApp } from './helpers';

const onPostgres = !!process.env.DATABASE_URL;
const OPS_TOKEN = 'ops-token-shared-by-every-process-0123456789';

let a: TestApp;
let b: FastifyInstance;
beforeAll(async () => {
  a = await createTestApp({ env: { OPS_TOKEN } });
  b = await buildApp({ config: a.config, db: a.db, clock: a.clock, vendors: a.app.deps.vendors });
  await b.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const port = (app: FastifyInstance) => (app.server.address() as { port: number }).port;
const run = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/ops/v1/run', headers: { authorization: `Bearer ${token}` }, payload: { command: 'user', params: { phone: '96200001', area: '852', change: {} } } });

/** `npm run ops -- <argv>` as a separate process */
function cli(argv: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/ops/cli.ts', ...argv], {
      env: { ...process.env, DATABASE_URL: '', CIPHER_PRIVATE_KEY_FILE: '', CIPHER_PUBLIC_KEY_FILE: '', OPS_TOKEN: '', OPS_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('OPS_TOKEN', () => {
  it('every process accepts the shared token; DATA_DIR/ops.token is not a way in then', async () => {
    for (const app of [a.app, b]) expect((await run(app, OPS_TOKEN)).statusCode).toBe(200);
    const fileToken = writeOpsToken(a.config.dataDir);
    expect((await run(a.app, fileToken)).statusCode).toBe(403);
  });

  it('OPS_URL needs the token, and comes before the database or server.json', () => {
    expect(() => parseEnv({ OPS_URL: 'http://127.0.0.1:8080' })).toThrow(/OPS_URL: needs OPS_TOKEN or OPS_TOKEN_FILE/);
    const dir = mkdtempSync(join(tmpdir(), 'esop-opsurl-'));
    try {
      const tokenFile = join(dir, 'ops-token');
      writeFileSync(tokenFile, `${OPS_TOKEN}\n`);
      const viaUrl = loadConfig({ DATA_DIR: dir, OPS_URL: 'http://127.0.0.1:8080/', OPS_TOKEN_FILE: tokenFile, DATABASE_URL: 'postgres://h/db' });
      expect(opsTarget(viaUrl)).toEqual({ url: 'http://127.0.0.1:8080/ops/v1', token: OPS_TOKEN });
      // PostgreSQL: on the database, even when server.json names a live process
      writeFileSync(serverInfoPath(dir), JSON.stringify({ port: 1, pid: process.pid }));
      expect(opsTarget(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://h/db' }))).toBeNull();
      // PGlite: through the process that holds the data folder
      writeOpsToken(dir);
      expect(opsTarget(loadConfig({ DATA_DIR: dir }))?.url).toBe('http://127.0.0.1:1/ops/v1');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the CLI reaches the process OPS_URL names, with the shared token', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'esop-opscli-'));
    try {
      const client = await a.handshake();
      a.clock.advance(61_000);
      expect((await client.call('sendCode', { value: '96200002', areaCode: '852' })).status).toBe(200);
      const res = await cli(['code', '96200002'], { DATA_DIR: dataDir, OPS_URL: `http://127.0.0.1:${port(b)}`, OPS_TOKEN });
      expect(res.stderr).toBe('');
      expect(res.stdout.trim()).toBe(await a.latestCode('96200002'));
      const wrong = await cli(['code', '96200002'], { DATA_DIR: dataDir, OPS_URL: `http://127.0.0.1:${port(b)}`, OPS_TOKEN: `${OPS_TOKEN}x` });
      expect([wrong.code, wrong.stderr]).toEqual([1, expect.stringMatching(/refused the call \(HTTP 403/)]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  (onPostgres ? it : it.skip)('on PostgreSQL the CLI works on the database itself, whether or not a process is up', async () => {
    const { rows } = await a.db.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'esop-opspg-'));
    try {
      // a server.json naming a live process on a port where nothing listens: not used on PostgreSQL
      writeFileSync(serverInfoPath(dataDir), JSON.stringify({ port: 1, pid: process.pid }));
      const client = await a.handshake();
      a.clock.advance(61_000);
      expect((await client.call('sendCode', { value: '96200003', areaCode: '852' })).status).toBe(200);
      const res = await cli(['code', '96200003'], { DATA_DIR: dataDir, DATABASE_URL: url.toString() });
      expect(res.stderr).toBe('');
      expect(res.stdout.trim()).toBe(await a.latestCode('96200003'));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
