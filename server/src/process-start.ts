/**
 * What every process of the service (web, worker, migrate) does first, alike: read its settings — a bad one stops
 * it with the message and exit code 2 — and open the database, migrated (MIGRATE_AT_START=on) or checked (off: a
 * database that lacks migrations stops it with exit code 2, naming them).
 */
import { ConfigError, type Config } from './config';
import { openDatabase, type Db } from './db';
import { MigrationsPendingError, prepareDatabase } from './db/migrate';

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

/** The database, migrated or checked as the settings say; returns the migrations applied now. */
export async function openPreparedDatabase(config: Config): Promise<{ db: Db; applied: string[] }> {
  const db = await openDatabase(config);
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
