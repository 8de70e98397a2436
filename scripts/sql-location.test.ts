/**
 * SQL only in repositories (issue 26): no SQL text in server/src outside a repository or the database layer
 * (scripts/sql-location.ts says what counts). The scanner is tested first on known-bad and known-good samples,
 * so that the rule cannot go quiet.
 */
import { join } from 'node:path';
import { mayHoldSql, sqlInSource, sqlOutsideRepositories, type SqlHit } from './sql-location';

/**
 * SQL still written outside repositories in the modules another change of issue 26 is moving at the same time
 * (accounts, applications): the file and the start of the SQL text as the scan reports it (not the line, which moves).
 * Each entry goes when its SQL moves into a repository; the list must end empty (a stale entry fails as a new hit does).
 */
const STILL_TO_MOVE: [file: string, textStart: string][] = [];

describe('the scanner', () => {
  const BAD: [string, string][] = [
    ['a query call with a plain string', "await db.query('SELECT id FROM users WHERE phone = $1', [phone]);"],
    ['a query call in lower case', "await tx.query('select 1 from accounts where id = $1', [id]);"],
    ['a query call with a template', 'await db.query(`DELETE FROM rate_counters WHERE window_end < ${"$"}1`, [at]);'],
    ['an exec call', "await lite.exec('CREATE TABLE t (id int)');"],
    ['a pg-boss style executeSql', "await adapter.executeSql('UPDATE jobs SET state = $1', ['done']);"],
    ['a sql tag', 'const q = sql`SELECT * FROM users WHERE id = ${id}`;'],
    ['a member sql tag', 'const q = db.sql`anything at all`;'],
    ['SQL kept in a constant', "const FIND = 'SELECT user_id, app_id FROM accounts WHERE sub_acct_id = $1';"],
    ['an INSERT in a template', 'const text = `INSERT INTO audit_log (actor) VALUES ($1)`;'],
    ['an UPDATE', "const text = 'UPDATE files SET app_id = $2 WHERE oss_id = $1';"],
    ['a WITH', "const text = 'WITH picked AS (SELECT id FROM jobs) UPDATE jobs SET x = 1';"],
    ['a clause to build a query from', "where.push(' AND status = $2');"],
    ['an ON CONFLICT part', "const tail = 'ON CONFLICT (bucket) DO NOTHING';"],
    ['a query in a string built by concatenation', "const q = 'SELECT a, b ' + 'FROM t';"],
    ['SQL after a comment', "// x\nconst s = \"SELECT count(*)::int AS n FROM files\";"],
  ];
  test.each(BAD)('finds %s', (_name, source) => {
    expect(sqlInSource('sample.ts', source)).not.toEqual([]);
  });

  test('names the line of the SQL', () => {
    const hits = sqlInSource('sample.ts', "import x from 'y';\n\nexport async function f(db) {\n  return db.query(\n    `SELECT 1\n     FROM t`,\n  );\n}\n");
    expect(hits).toEqual([expect.objectContaining({ file: 'sample.ts', line: 5, why: 'query call' })]);
  });

  const GOOD: [string, string][] = [
    ['a regular expression exec', "const m = /^bytes=(\\d*)-(\\d*)$/.exec(header);"],
    ['a query call on a variable (the text comes from elsewhere)', 'await pool.query(text, values);'],
    ['an English sentence', "const hint = 'Select one of the accounts from the list';"],
    ['a message with keywords in lower case', "log.info('update the settings and delete from disk');"],
    ['an SQL word in a comment', '// SELECT id FROM users is done by the repository\nconst a = 1;'],
    ['a URL search', "const url = new URL('https://x/search?select=1');"],
  ];
  test.each(GOOD)('leaves alone %s', (_name, source) => {
    expect(sqlInSource('sample.ts', source)).toEqual([]);
  });

  test('repositories and the database layer may hold SQL; other files may not', () => {
    for (const ok of ['modules/face/repository.ts', 'modules/accounts/update-repository.ts', 'modules/x/repositories/a.ts', 'db/index.ts', 'db/migrate.ts', 'db/audit.ts']) {
      expect([ok, mayHoldSql(ok)]).toEqual([ok, true]);
    }
    for (const bad of ['modules/face/service.ts', 'modules/deposit/witness.ts', 'plugins/rate-limit.ts', 'jobs/queue.ts', 'modules/repository-helpers.ts', 'repositories.ts']) {
      expect([bad, mayHoldSql(bad)]).toEqual([bad, false]);
    }
  });
});

test('server/src holds SQL only in repositories and the database layer', () => {
  const hits = sqlOutsideRepositories(join(__dirname, '..', 'server', 'src'));
  const listed = (h: SqlHit) => STILL_TO_MOVE.some(([file, start]) => h.file === file && h.text.startsWith(start));
  // every hit not listed, with its place and text, so the message says where and what
  expect(hits.filter((h) => !listed(h)).map((h) => `${h.file}:${h.line} (${h.why}) ${h.text}`)).toEqual([]);
  // a listed entry whose SQL has moved must leave the list
  expect(STILL_TO_MOVE.filter(([file, start]) => !hits.some((h) => h.file === file && h.text.startsWith(start)))).toEqual([]);
});
