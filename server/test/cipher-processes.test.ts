/**
 * Cipher sessions behind a round-robin balancer: two app instances on one database (as two processes would be, each
 * with its own memory), the same keys and secrets. On PostgreSQL (DATABASE_URL) the default guard is `database`; on
 * PGlite, where one process alone can open the data folder, the database guard is asked for explicitly to run the
 * same checks.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALLS, cipher, ErrorCode } from '@core/domain';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db';
import { createTestApp, encodeEnvelope, TestClient, type TestApp } from './helpers';

const onPostgres = !!process.env.DATABASE_URL;

describe('the replay guard by default', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'esop-guard-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is the database on PostgreSQL, memory on PGlite, and memory on PostgreSQL only when asked for', () => {
    const pg = 'postgres://postgres@127.0.0.1:5432/esop';
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: pg }).cipherReplayGuard).toBe('database');
    expect(loadConfig({ DATA_DIR: dir }).cipherReplayGuard).toBe('memory');
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: pg, CIPHER_REPLAY_GUARD: 'memory' }).cipherReplayGuard).toBe('memory');
    expect(loadConfig({ DATA_DIR: dir, CIPHER_REPLAY_GUARD: 'database' }).cipherReplayGuard).toBe('database');
  });
});

describe('two processes on one database, no affinity', () => {
  let a: TestApp;
  let b: FastifyInstance;
  /** what process B sent to the database */
  const bStatements: string[] = [];

  beforeAll(async () => {
    a = await createTestApp({ env: onPostgres ? { DATABASE_URL: process.env.DATABASE_URL! } : { CIPHER_REPLAY_GUARD: 'database' } });
    const counted: Db = {
      kind: a.db.kind,
      close: () => a.db.close(),
      query: (sql, params) => {
        bStatements.push(sql.replace(/\s+/g, ' ').trim());
        return a.db.query(sql, params);
      },
      transaction: (fn) => a.db.transaction(fn),
    };
    // on PGlite the job queue runs on the instance itself (B's queue shares A's database, as a second process would)
    Object.assign(counted, { lite: (a.db as unknown as { lite?: unknown }).lite });
    b = await buildApp({ config: a.config, db: counted, clock: a.clock, vendors: a.app.deps.vendors });
    await b.ready();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** a plain round-robin balancer: each request goes to the other process */
  function balancer(): FastifyInstance {
    let turn = 0;
    return { inject: (opts: InjectOptions) => (turn++ % 2 === 0 ? a.app : b).inject(opts) } as unknown as FastifyInstance;
  }

  it(`uses the database guard (${onPostgres ? 'the default on PostgreSQL' : 'asked for on PGlite'})`, () => {
    expect(a.config.cipherReplayGuard).toBe('database');
  });

  it('a session opened on A is accepted on B, and a client logs in with its calls alternating between them', async () => {
    const opened = await TestClient.handshake(a.app, a.clock);
    const onB = new TestClient(b, a.clock, opened.sid, opened.key);
    const res = await onB.call('clientConfig');
    expect([res.status, res.ciphered]).toEqual([200, true]);

    // CipherKey on A, CipherSession on B, SendCode on A, Login on B, ...
    const client = await TestClient.handshake(balancer(), a.clock);
    const sent = await client.call('sendCode', { value: '96100001', areaCode: '852' });
    expect(sent.status).toBe(200);
    const login = await client.call('login', { areaCode: '852', phone: '96100001', code: await a.latestCode('96100001'), salt: sent.body.result.salt });
    expect(login.status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const info = await client.call('userInfo');
      expect([info.status, info.body.result?.userId]).toEqual([200, login.body.result.userId]);
    }
  });

  it('a request replayed to the other process is refused (100604), either way round', async () => {
    const client = await TestClient.handshake(a.app, a.clock);
    for (const [first, second] of [[a.app, b], [b, a.app]] as const) {
      const env = await client.seal('GET', CALLS.clientConfig.path, {});
      const url = `${CALLS.clientConfig.path}?e=${encodeEnvelope(env)}`;
      expect((await first.inject({ method: 'GET', url })).statusCode).toBe(200);
      const replay = await second.inject({ method: 'GET', url });
      expect([replay.statusCode, replay.json().error.code]).toEqual([400, ErrorCode.CIPHER_REPLAY]);
    }
  });

  it('a stale request is refused by the other process too (100603)', async () => {
    const client = await TestClient.handshake(a.app, a.clock);
    const env = await client.seal('GET', CALLS.clientConfig.path, {}, a.clock.now() - cipher.CIPHER_WINDOW_MS - 1000);
    const res = await b.inject({ method: 'GET', url: `${CALLS.clientConfig.path}?e=${encodeEnvelope(env)}` });
    expect([res.statusCode, res.json().error.code]).toEqual([400, ErrorCode.CIPHER_STALE]);
  });

  it('costs one nonce insert per request once the process has read the session (its key is kept; the purge runs once a minute)', async () => {
    const client = await TestClient.handshake(a.app, a.clock);
    const onB = new TestClient(b, a.clock, client.sid, client.key);
    expect((await onB.call('clientConfig')).status).toBe(200); // B reads the session once
    bStatements.length = 0;
    for (let i = 0; i < 3; i++) expect((await onB.call('clientConfig')).status).toBe(200);
    expect(bStatements.filter((s) => /cipher_/.test(s))).toEqual(Array(3).fill('INSERT INTO cipher_nonces (sid, nonce, ts) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1 AS ok'));
    expect(bStatements).toHaveLength(3);
  });
});
