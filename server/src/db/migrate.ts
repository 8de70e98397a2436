/**
 * Numbered SQL migrations (server/src/db/migrations/NNNN_name.sql), applied in order, each in its
 * own transaction, recorded in schema_migrations. Running twice applies nothing new.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../config';
import type { Db } from './index';

export function migrationsDir(): string {
  return join(projectRoot(), 'server', 'src', 'db', 'migrations');
}

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dir: string = migrationsDir()): Migration[] {
  const files = readdirSync(dir).filter((f) => /^\d{4}_[a-z0-9_-]+\.sql$/i.test(f)).sort();
  const seen = new Set<number>();
  return files.map((file) => {
    const version = Number(file.slice(0, 4));
    if (seen.has(version)) throw new Error(`two migrations share the number ${version}`);
    seen.add(version);
    return { version, name: file.replace(/\.sql$/, ''), sql: readFileSync(join(dir, file), 'utf8') };
  });
}

/** Applies the migrations not yet recorded; returns the names applied. */
export async function migrate(db: Db, dir?: string): Promise<string[]> {
  // CREATE TABLE IF NOT EXISTS races with itself (two processes starting on an empty database both pass the check and
  // one fails on pg_type's unique index): a transaction-level advisory lock serialises the creation
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(2024062401)');
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  });
  const applied: string[] = [];
  for (const m of readMigrations(dir)) {
    const done = await db.transaction(async (tx) => {
      // the lock serialises concurrent starters on PostgreSQL (a no-op cost on PGlite)
      await tx.query('LOCK TABLE schema_migrations IN EXCLUSIVE MODE');
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (rows.length) return false;
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      return true;
    });
    if (done) applied.push(m.name);
  }
  return applied;
}

/** The migrations not yet recorded in the database (all of them on an empty one), by name. */
export async function pendingMigrations(db: Db, dir?: string): Promise<string[]> {
  const { rows } = await db.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  const done = rows[0].present ? new Set((await db.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => Number(r.version))) : new Set<number>();
  return readMigrations(dir)
    .filter((m) => !done.has(m.version))
    .map((m) => m.name);
}

/** A web process started with MIGRATE_AT_START=off on a database that lacks migrations. */
export class MigrationsPendingError extends Error {
  constructor(public readonly pending: string[]) {
    super(
      `The database lacks ${pending.length} migration(s): ${pending.join(', ')}.\n` +
        'MIGRATE_AT_START=off: apply them first with `npm run migrate` (node dist/server/migrate.js, same DATABASE_URL), or start with MIGRATE_AT_START=on.',
    );
    this.name = 'MigrationsPendingError';
  }
}

/**
 * A process's start on its database: with `migrateAtStart` the pending migrations are applied (returns their names);
 * without, none may be pending (MigrationsPendingError).
 */
export async function prepareDatabase(db: Db, migrateAtStart: boolean, dir?: string): Promise<string[]> {
  if (migrateAtStart) return migrate(db, dir);
  const pending = await pendingMigrations(db, dir);
  if (pending.length) throw new MigrationsPendingError(pending);
  return [];
}

/**
 * Splits a migration into statements on `;` at line ends (extended-protocol queries take one statement).
 * Keep dollar-quoted bodies free of lines ending in `;`, or put such a function in a file of its own
 * marked with `-- statement-breakpoint` lines.
 */
export function splitStatements(sql: string): string[] {
  const parts = sql.includes('-- statement-breakpoint') ? sql.split(/^\s*-- statement-breakpoint\s*$/m) : sql.split(/;\s*$/m);
  return parts.map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter((s) => s.length > 0);
}
