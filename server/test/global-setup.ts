/**
 * Jest globalSetup for the server project: ONE migrated database per run, which every test app copies instead of
 * migrating its own.
 * Both hold the job queue's tables too (pg-boss's, made at its first start).
 * - PGlite (no DATABASE_URL): migrated once in a data folder on disk; each test app copies the folder and starts
 *   PGlite on the copy (~1 s instead of 3-5 s for a new instance plus migrations, and ~0.7 s less than unpacking a
 *   dumped archive into memory).
 * - PostgreSQL (DATABASE_URL): a database of this run, migrated once and left without connections; each test app
 *   makes its own with `CREATE DATABASE … TEMPLATE` of it (a file copy on the server, no migrations). Dropped by
 *   globalTeardown.
 * No `@core/domain` imports here or in what this loads: globalSetup bypasses moduleNameMapper.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { PgBoss, fromPglite, type ConstructorOptions } from 'pg-boss';
import { wrapPglite, pgliteOptions, openPostgres, type Db } from '../src/db';
import { migrate } from '../src/db/migrate';

export const TEMPLATE_ENV = 'ESOP_TEST_PGLITE_TEMPLATE';
/** the name of the run's migrated PostgreSQL database (server/test/helpers.ts copies it) */
export const PG_TEMPLATE_ENV = 'ESOP_TEST_PG_TEMPLATE';

/** DATABASE_URL with another database name */
export function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * The job queue's own tables (pg-boss makes them at its first start, each test app would otherwise make them again):
 * made in the template by a start and stop of the same pg-boss the app runs, so an app's start finds them current.
 */
async function queueSchema(connection: Partial<ConstructorOptions>, db: Db): Promise<void> {
  const boss = new PgBoss({ ...connection, migrate: true, supervise: false, schedule: false });
  await boss.start();
  await boss.stop();
  // the stopped instance's row: no test app's queue ever ran in a fresh copy
  await db.query('DELETE FROM pgboss.instance');
}

export default async function globalSetup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `esop_template_${randomBytes(6).toString('hex')}_${process.pid}`;
    const admin = openPostgres(url, { max: 1, connectTimeoutMs: 10_000 });
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.close();
    }
    process.env[PG_TEMPLATE_ENV] = name;
    // closed before any copy: CREATE DATABASE … TEMPLATE refuses a template that has connections
    const db = openPostgres(databaseUrl(url, name), { max: 1, connectTimeoutMs: 10_000 });
    try {
      await migrate(db);
      await queueSchema({ connectionString: databaseUrl(url, name), max: 1 }, db);
    } finally {
      await db.close();
    }
    return;
  }
  process.env[TEMPLATE_ENV] = await migratedPgliteFolder();
}

/**
 * A migrated PGlite data folder on disk (with the queue's tables): each test app starts PGlite on a copy of it (a file
 * copy, ~0.1 s), not on an archive that PGlite would unpack into memory at every start (~0.7 s more, measured).
 * `create` carries PGlite's compiled files when called inside Jest's module sandbox (helpers.ts pgliteAssets).
 */
export async function migratedPgliteFolder(create: Partial<PGliteOptions> = {}): Promise<string> {
  const folder = join(mkdtempSync(join(tmpdir(), 'esop-test-')), 'template');
  const lite = await PGlite.create({ ...pgliteOptions, ...create, dataDir: folder });
  try {
    const db = wrapPglite(lite);
    await migrate(db);
    await queueSchema({ db: fromPglite(lite), backend: 'pglite' }, db);
    await lite.query('CHECKPOINT');
  } finally {
    await lite.close();
  }
  return folder;
}
