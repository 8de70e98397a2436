import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { openPostgres } from '../src/db';

/** Removes what globalSetup made: the PGlite template folder (with its parent), or the run's template database on PostgreSQL. */
export default async function globalTeardown(): Promise<void> {
  const file = process.env.ESOP_TEST_PGLITE_TEMPLATE;
  if (file) rmSync(dirname(file), { recursive: true, force: true });
  const template = process.env.ESOP_TEST_PG_TEMPLATE;
  const url = process.env.DATABASE_URL;
  if (template && url) {
    const admin = openPostgres(url, { max: 1, connectTimeoutMs: 10_000 });
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    } finally {
      await admin.close();
    }
  }
}
