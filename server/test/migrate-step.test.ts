/**
 * Migrations as their own step: `npm run migrate` (server/src/migrate.ts) applies them and exits; MIGRATE_AT_START
 * (on by default) lets the web process apply them at start, and with off a process on a database that lacks one
 * refuses to start, naming what is missing and the command to run.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError, loadConfig } from '../src/config';
import { pgliteOptions, wrapPglite, type Db } from '../src/db';
import { migrate, migrationsDir, MigrationsPendingError, pendingMigrations, prepareDatabase, readMigrations } from '../src/db/migrate';
import { pgliteAssets } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'migrate-step-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const all = readMigrations().map((m) => m.name);

test('MIGRATE_AT_START: on by default, off when asked, nothing else', () => {
  const dataDir = mkdtempSync(join(dir, 'config-'));
  expect(loadConfig({ DATA_DIR: dataDir }).migrateAtStart).toBe(true);
  expect(loadConfig({ DATA_DIR: dataDir, MIGRATE_AT_START: 'off' }).migrateAtStart).toBe(false);
  expect(() => loadConfig({ DATA_DIR: dataDir, MIGRATE_AT_START: 'no' })).toThrow(ConfigError);
  expect(() => loadConfig({ DATA_DIR: dataDir, MIGRATE_AT_START: 'no' })).toThrow(/MIGRATE_AT_START/);
});

describe('a new database and its migrations (PGlite)', () => {
  let db: Db;
  beforeAll(async () => {
    db = wrapPglite(await PGlite.create({ ...pgliteOptions, ...(await pgliteAssets()) }));
  }, 60_000);
  afterAll(() => db.close());

  test('off on an empty database: refused with every migration named; on: applied; then off starts', async () => {
    expect(await pendingMigrations(db)).toEqual(all);
    const refused = await prepareDatabase(db, false).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MigrationsPendingError);
    expect((refused as MigrationsPendingError).pending).toEqual(all);
    expect((refused as Error).message).toMatch(new RegExp(`lacks ${all.length} migration\\(s\\): ${all[0]}, .*npm run migrate`, 's'));

    expect(await prepareDatabase(db, true)).toEqual(all);
    expect(await pendingMigrations(db)).toEqual([]);
    expect(await prepareDatabase(db, false)).toEqual([]);
    expect(await prepareDatabase(db, true)).toEqual([]);
  }, 60_000);

  test('a release with one more migration: off refuses until it is applied', async () => {
    await migrate(db);
    const next = join(dir, 'next-migrations');
    mkdirSync(next);
    for (const f of readdirSync(migrationsDir())) copyFileSync(join(migrationsDir(), f), join(next, f));
    writeFileSync(join(next, '9999_release_check.sql'), 'CREATE TABLE release_check (id int PRIMARY KEY);\n');
    await expect(prepareDatabase(db, false, next)).rejects.toThrow(/lacks 1 migration\(s\): 9999_release_check\./);
    expect(await migrate(db, next)).toEqual(['9999_release_check']);
    expect(await prepareDatabase(db, false, next)).toEqual([]);
  }, 60_000);
});

describe('the processes (from the TypeScript sources, as the compiled ones run)', () => {
  const run = (file: string, env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', file], {
      env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });

  test('the web process with MIGRATE_AT_START=off on a new database stops with the command to run; npm run migrate applies them once', () => {
    const dataDir = mkdtempSync(join(dir, 'process-'));
    const web = run('server/src/main.ts', { DATA_DIR: dataDir, MIGRATE_AT_START: 'off' });
    expect(web.status).toBe(2);
    expect(web.stderr).toMatch(/The database lacks \d+ migration\(s\): 0001_\w+, .*\n.*npm run migrate/);

    const first = run('server/src/migrate.ts', { DATA_DIR: dataDir });
    expect([first.status, first.stderr]).toEqual([0, '']);
    expect(first.stdout).toMatch(new RegExp(`applied ${all.length} migration\\(s\\): ${all[0]}, `));
    const again = run('server/src/migrate.ts', { DATA_DIR: dataDir });
    expect([again.status, again.stdout]).toEqual([0, expect.stringMatching(new RegExp(`up to date \\(${all.length} migrations\\)`))]);
  }, 240_000);
});
