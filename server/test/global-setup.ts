/**
 * Jest globalSetup for the server project: builds ONE migrated PGlite database per run and dumps it
 * (tests clone it with loadDataDir: ~1 s instead of 3-5 s for a new instance plus migrations).
 * With DATABASE_URL set, tests use a fresh database per test app on that server instead.
 * No `@core/domain` imports here or in what this loads: globalSetup bypasses moduleNameMapper.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite, pgliteOptions, openPostgres } from '../src/db';
import { migrate } from '../src/db/migrate';

export const TEMPLATE_ENV = 'ESOP_TEST_PGLITE_TEMPLATE';

export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    const db = openPostgres(process.env.DATABASE_URL, { max: 1, connectTimeoutMs: 10_000 });
    try {
      await db.query('SELECT 1');
    } finally {
      await db.close();
    }
    return;
  }
  const lite = await PGlite.create(pgliteOptions);
  try {
    await migrate(wrapPglite(lite));
    const dump = await lite.dumpDataDir('none');
    const dir = mkdtempSync(join(tmpdir(), 'esop-test-'));
    const file = join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env[TEMPLATE_ENV] = file;
  } finally {
    await lite.close();
  }
}
