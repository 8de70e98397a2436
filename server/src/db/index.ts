/**
 * One small database interface over PGlite (default, in DATA_DIR/pglite) or a pg Pool (DATABASE_URL).
 * Repositories are the only code that writes SQL. Conventions that keep both engines alike:
 * pass JSON as text and cast (`$1::jsonb`), cast counts (`count(*)::int`); int8 comes back as number.
 */
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /**
   * Runs fn in one transaction (nested calls join the outer one). Inside fn use only `tx`: on PGlite
   * (one connection) a query on the outer db waits for the transaction to end, i.e. forever.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

const INT8_OID = 20;
const toNumber = (v: string) => Number(v);

interface PgliteQueryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

function pgliteTx(tx: PgliteQueryable): Db {
  const db: Db = {
    kind: 'pglite',
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await tx.query<T>(sql, params)).rows }),
    transaction: (fn) => fn(db),
    close: async () => undefined,
  };
  return db;
}

/** Wraps an open PGlite instance. */
export function wrapPglite(lite: PGlite): Db & { lite: PGlite } {
  return {
    kind: 'pglite',
    lite,
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await lite.query<T>(sql, params)).rows }),
    transaction: (fn) => lite.transaction((tx) => fn(pgliteTx(tx))),
    close: async () => {
      if (!lite.closed) await lite.close();
    },
  };
}

/** PGlite settings used everywhere (server, ops CLI, tests): int8 as number; pg_trgm for the company search (migration 0004). */
export const pgliteOptions = { parsers: { [INT8_OID]: toNumber }, extensions: { pg_trgm } };

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db & { lite: PGlite }> {
  const lite = await PGlite.create({ dataDir, loadDataDir, ...pgliteOptions });
  return wrapPglite(lite);
}

function pgClientDb(client: pg.PoolClient): Db {
  const db: Db = {
    kind: 'postgres',
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as T[] }),
    transaction: (fn) => fn(db),
    close: async () => undefined,
  };
  return db;
}

const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? toNumber : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export function openPostgres(
  connectionString: string,
  max = 10,
  onIdleError: (err: Error) => void = (err) => process.stderr.write(`database: an idle connection failed (${err.message}); it will be replaced\n`),
): Db & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max, types: pgTypes });
  // a connection dropped while idle (server restart, admin kill) must not crash the process
  pool.on('error', onIdleError);
  let closed = false;
  return {
    kind: 'postgres',
    pool,
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await pool.query(sql, params)).rows as T[] }),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(pgClientDb(client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** The database the settings ask for: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(join(opts.dataDir, 'pglite'));
}
