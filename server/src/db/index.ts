/**
 * One small database interface over PGlite (default, in DATA_DIR/pglite) or a pg Pool (DATABASE_URL).
 * Repositories are the only code that writes SQL. Conventions that keep both engines alike:
 * pass JSON as text and cast (`$1::jsonb`), cast counts (`count(*)::int`); int8 comes back as number.
 */
import { join } from 'node:path';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { asUnavailable } from '../unavailable';

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

const ser = protocol.serialize;

function concatBytes(parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.byteLength;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** Statements worth keeping prepared: the repositories' reads and writes (not DDL, which runs once). */
const PREPARABLE = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
/** prepared statements kept per PGlite instance (the least recently used is closed beyond) */
const PREPARED_MAX = 256;

/**
 * PGlite's query() sends Parse, Describe, Bind, Describe, Execute and Sync as six separate calls into Postgres and
 * plans the statement every time. Here a statement is prepared once under a name (its parameter types kept) and then
 * run as Bind + Describe + Execute + Sync in one call, so Postgres skips parsing and, after its first runs, planning.
 * Values are serialised and rows parsed by PGlite's own serialisers and parsers, as query() does.
 */
function pgliteRunner(lite: PGlite) {
  const prepared = new Map<string, { name: string; types: number[] }>();
  let seq = 0;

  const run = async (parts: Uint8Array[]) => lite.execProtocolStream(concatBytes(parts), { syncToFs: false });
  const valuesOf = (params: unknown[], types: number[]) =>
    params.map((p, i) => (p === null || p === undefined ? null : ((lite.serializers[types[i]]?.(p) ?? String(p)) as string)));

  async function statementFor(sql: string): Promise<{ name: string; types: number[] }> {
    const hit = prepared.get(sql);
    if (hit) {
      prepared.delete(sql); // most recently used last
      prepared.set(sql, hit);
      return hit;
    }
    const close: Uint8Array[] = [];
    if (prepared.size >= PREPARED_MAX) {
      const [oldest, st] = prepared.entries().next().value as [string, { name: string }];
      prepared.delete(oldest);
      close.push(ser.close({ type: 'S', name: st.name }));
    }
    const name = `esop_${++seq}`;
    const messages = await run([...close, ser.parse({ name, text: sql }), ser.describe({ type: 'S', name }), ser.sync()]);
    const st = { name, types: parse.parseDescribeStatementResults(messages) };
    prepared.set(sql, st);
    return st;
  }

  /** One statement (no locking: the caller holds PGlite's query mutex). */
  async function statement<T>(sql: string, params: unknown[] = []): Promise<{ rows: T[] }> {
    let messages;
    try {
      if (PREPARABLE.test(sql)) {
        const st = await statementFor(sql);
        messages = await run([ser.bind({ statement: st.name, values: valuesOf(params, st.types) }), ser.describe({ type: 'P' }), ser.execute({}), ser.sync()]);
      } else if (params.length === 0) {
        messages = await run([ser.parse({ text: sql }), ser.bind({}), ser.describe({ type: 'P' }), ser.execute({}), ser.sync()]);
      } else {
        const types = parse.parseDescribeStatementResults(await run([ser.parse({ text: sql }), ser.describe({ type: 'S' }), ser.sync()]));
        messages = await run([ser.bind({ values: valuesOf(params, types) }), ser.describe({ type: 'P' }), ser.execute({}), ser.sync()]);
      }
    } catch (err) {
      // a table changed under a prepared statement (its result type): prepare it again next time
      if ((err as { code?: unknown }).code === '0A000') prepared.delete(sql);
      throw err;
    }
    const [result] = parse.parseResults(messages, lite.parsers);
    return { rows: (result?.rows ?? []) as T[] };
  }

  /** A simple-protocol command (BEGIN, COMMIT, ROLLBACK) in one call; answers its command tag. */
  async function command(sql: string): Promise<string | undefined> {
    const messages = await run([ser.query(sql), ser.sync()]);
    const [result] = parse.parseResults(messages, lite.parsers);
    return (result as { command?: string } | undefined)?.command;
  }

  return { statement, command };
}

/** Wraps an open PGlite instance. */
export function wrapPglite(lite: PGlite): Db & { lite: PGlite } {
  const { statement, command } = pgliteRunner(lite);
  const tx: Db = {
    kind: 'pglite',
    query: (sql, params) => lite._runExclusiveQuery(() => statement(sql, params)),
    transaction: (fn) => fn(tx),
    close: async () => undefined,
  };
  return {
    kind: 'pglite',
    lite,
    query: async (sql, params) => {
      const out = await lite._runExclusiveTransaction(() => lite._runExclusiveQuery(() => statement(sql, params)));
      await lite.syncToFs();
      return out as never;
    },
    // as PGlite's transaction(), with BEGIN and COMMIT one call each
    transaction: (fn) =>
      lite._runExclusiveTransaction(async () => {
        await lite._runExclusiveQuery(() => command('BEGIN'));
        let out;
        try {
          out = await fn(tx);
        } catch (err) {
          await lite._runExclusiveQuery(() => command('ROLLBACK'));
          throw err;
        }
        // COMMIT of a transaction that met an error (caught by fn) rolls it back: that must not pass as a success
        if ((await lite._runExclusiveQuery(() => command('COMMIT'))) === 'ROLLBACK') throw new Error('the transaction was rolled back (an error inside it was caught)');
        await lite.syncToFs();
        return out;
      }),
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

/**
 * node-postgres: a repository statement (as PREPARABLE) gets a name, the same on every connection, so that each
 * connection parses and plans it once and then only binds and executes it. Names are handed out for at most
 * PG_NAMED_MAX texts (the repositories' statements are far fewer); beyond, statements go unnamed as before.
 */
const PG_NAMED_MAX = 1000;
const pgNames = new Map<string, string>();
let pgNameSeq = 0;

function pgQuery(sql: string, params: unknown[] | undefined, prepared: boolean): string | pg.QueryConfig {
  if (!prepared) return sql;
  let name = pgNames.get(sql);
  if (!name && pgNames.size < PG_NAMED_MAX && PREPARABLE.test(sql)) pgNames.set(sql, (name = `esop_${++pgNameSeq}`));
  return name ? { name, text: sql, values: params } : sql;
}

async function pgRun<T>(on: pg.Pool | pg.PoolClient, prepared: boolean, sql: string, params?: unknown[]): Promise<{ rows: T[] }> {
  try {
    const q = pgQuery(sql, params, prepared);
    return { rows: (typeof q === 'string' ? await on.query(q, params) : await on.query(q)).rows as T[] };
  } catch (err) {
    // a table changed under a prepared statement (its result type): the text gets a new name, prepared afresh
    if ((err as { code?: unknown }).code === '0A000') pgNames.delete(sql);
    // a server that went away or cannot be reached: 503 "try again" for the request, never a session ended (errors.ts)
    throw asUnavailable('database', err);
  }
}

function pgClientDb(client: pg.PoolClient, prepared: boolean): Db {
  const db: Db = {
    kind: 'postgres',
    query: <T>(sql: string, params?: unknown[]) => pgRun<T>(client, prepared, sql, params),
    transaction: (fn) => fn(db),
    close: async () => undefined,
  };
  return db;
}

const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? toNumber : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** The pool of a process: its size (DATABASE_POOL_MAX) and how long a new connection may take (DATABASE_CONNECT_TIMEOUT_MS). */
export interface PoolSettings {
  max: number;
  connectTimeoutMs: number;
}

export const DEFAULT_POOL: PoolSettings = { max: 10, connectTimeoutMs: 5000 };

export function openPostgres(
  connectionString: string,
  pooling: PoolSettings = DEFAULT_POOL,
  onIdleError: (err: Error) => void = (err) => process.stderr.write(`database: an idle connection failed (${err.message}); it will be replaced\n`),
  prepared = true,
): Db & { pool: pg.Pool } {
  // a server that does not answer fails the request after connectTimeoutMs instead of holding it (and its pool slot)
  const pool = new pg.Pool({ connectionString, max: pooling.max, connectionTimeoutMillis: pooling.connectTimeoutMs, types: pgTypes });
  // a connection dropped while idle (server restart, admin kill) must not crash the process
  pool.on('error', onIdleError);
  let closed = false;
  return {
    kind: 'postgres',
    pool,
    query: <T>(sql: string, params?: unknown[]) => pgRun<T>(pool, prepared, sql, params),
    transaction: async (fn) => {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw asUnavailable('database', err);
      }
      try {
        await client.query('BEGIN');
        const out = await fn(pgClientDb(client, prepared));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw asUnavailable('database', err);
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
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; databasePrepared?: boolean; pool?: PoolSettings }): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.pool ?? DEFAULT_POOL, undefined, opts.databasePrepared ?? true);
  return openPglite(join(opts.dataDir, 'pglite'));
}
