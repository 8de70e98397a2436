/**
 * What every process of the service (web, worker, migrate) does first, alike: read its settings — a bad one stops
 * it with the message and exit code 2 — and open the database, migrated (MIGRATE_AT_START=on) or checked (off: a
 * database that lacks migrations stops it with exit code 2, naming them). A PostgreSQL that does not accept
 * connections yet (a container started before its database) is waited for, up to DATABASE_START_WAIT_SECONDS,
 * with a line per attempt; past that the process stops with exit code 3 and a message naming DATABASE_URL.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, type Config } from './config';
import { openDatabase, type Db } from './db';
import { MigrationsPendingError, prepareDatabase } from './db/migrate';
import { isConnectionError } from './errors';
import { ping } from './modules/system/repository';

/** The exit code of a process that gave up waiting for its database. */
export const EXIT_NO_DATABASE = 3;

/** DATABASE_URL without its password, for messages. */
export function shownDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL (unreadable)';
  }
}

/**
 * Tries `select 1` until the database answers or `waitSeconds` have passed (every 2 s, then every 5 s). Only
 * connection-class failures are retried: a wrong password or an absent database answers at once and is final.
 * Resolves when it answers; rejects with the last error otherwise.
 */
export async function waitForDatabase(
  db: Db,
  opts: { waitSeconds: number; say: (line: string) => void; now?: () => number; pauseMs?: (attempt: number) => number },
): Promise<void> {
  const now = opts.now ?? Date.now;
  const until = now() + opts.waitSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      await ping(db);
      if (attempt > 1) opts.say(`database: answering after ${attempt} attempts`);
      return;
    } catch (err) {
      if (!isConnectionError(err) || now() >= until) throw err;
      const pause = opts.pauseMs ? opts.pauseMs(attempt) : attempt < 10 ? 2000 : 5000;
      opts.say(`database: not answering yet (${(err as Error).message || (err as { code?: string }).code}); attempt ${attempt}, trying again in ${pause / 1000} s (DATABASE_START_WAIT_SECONDS=${opts.waitSeconds})`);
      await sleep(Math.max(0, Math.min(pause, until - now())));
    }
  }
}

/** `read()`'s settings; on ConfigError the message goes to stderr and the process exits 2. */
export function settingsOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

/** Waits for the database (waitForDatabase); past the wait, says why naming DATABASE_URL and exits EXIT_NO_DATABASE. */
export async function databaseOrExit(db: Db, databaseUrl: string, waitSeconds: number): Promise<void> {
  try {
    await waitForDatabase(db, { waitSeconds, say: (line) => process.stderr.write(`${line}\n`) });
  } catch (err) {
    await db.close().catch(() => undefined);
    process.stderr.write(
      `cannot reach the database at DATABASE_URL=${shownDatabaseUrl(databaseUrl)}: ${(err as Error).message || String(err)}\n` +
        (isConnectionError(err)
          ? `  waited ${waitSeconds} s (DATABASE_START_WAIT_SECONDS). Is PostgreSQL running and reachable from here?\n`
          : '  the server answered and refused: check the user, password and database name in DATABASE_URL.\n'),
    );
    process.exit(EXIT_NO_DATABASE);
  }
}

/** The database, migrated or checked as the settings say; returns the migrations applied now. */
export async function openPreparedDatabase(config: Config): Promise<{ db: Db; applied: string[] }> {
  const db = await openDatabase(config);
  if (db.kind === 'postgres' && config.databaseUrl) await databaseOrExit(db, config.databaseUrl, config.databaseStartWaitSeconds);
  try {
    return { db, applied: await prepareDatabase(db, config.migrateAtStart) };
  } catch (err) {
    await db.close();
    if (err instanceof MigrationsPendingError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}
