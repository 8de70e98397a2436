/**
 * `npm run migrate` (node dist/server/migrate.js): applies the pending SQL migrations to the configured database and
 * exits, a release step run once before the new web and worker processes start with MIGRATE_AT_START=off.
 * Concurrent runs are safe (each migration takes a table lock). On the embedded PGlite the service must be stopped
 * (one process at a time on its data folder).
 */
import { resolve } from 'node:path';
import { databaseUrlOf, parseEnv } from './config';
import { openDatabase } from './db';
import { migrate, readMigrations } from './db/migrate';
import { databaseOrExit, settingsOrExit } from './process-start';

async function run(): Promise<void> {
  const { env, databaseUrl } = settingsOrExit(() => {
    const parsed = parseEnv(process.env);
    return { env: parsed, databaseUrl: databaseUrlOf(parsed) };
  });
  const db = await openDatabase({ databaseUrl, dataDir: resolve(env.DATA_DIR), databasePrepared: env.DATABASE_PREPARED === 'on', pool: { max: 2, connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS } });
  if (db.kind === 'postgres' && databaseUrl) await databaseOrExit(db, databaseUrl, env.DATABASE_START_WAIT_SECONDS);
  try {
    const applied = await migrate(db);
    const where = db.kind === 'pglite' ? `PGlite in ${resolve(env.DATA_DIR)}/pglite` : 'PostgreSQL (DATABASE_URL)';
    process.stdout.write(
      applied.length
        ? `${where}: applied ${applied.length} migration(s): ${applied.join(', ')}\n`
        : `${where}: up to date (${readMigrations().length} migrations)\n`,
    );
  } finally {
    await db.close();
  }
}

run().catch((err: unknown) => {
  process.stderr.write(`migrate failed: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
