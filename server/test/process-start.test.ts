/**
 * A process started before its database (a container before PostgreSQL): it waits, a line per attempt, for up to
 * DATABASE_START_WAIT_SECONDS, retrying only what a server not there yet answers; a refusal (a wrong password, an
 * absent database) is final at once.
 */
import type { Db } from '../src/db';
import { shownDatabaseUrl, waitForDatabase } from '../src/process-start';
import { lostConnection } from './helpers';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** a database whose first `failures` statements fail with `error()` */
function flaky(failures: number, error: () => Error): Db & { asked: number } {
  const db = {
    kind: 'postgres' as const,
    asked: 0,
    async query<T>() {
      db.asked++;
      if (db.asked <= failures) throw error();
      return { rows: [{ ok: 1 }] as T[] };
    },
    transaction: async <T>(fn: (tx: Db) => Promise<T>): Promise<T> => fn(db),
    close: async () => undefined,
  };
  return db;
}

describe('waiting for the database at start', () => {
  it('retries a refused connection and a lost one until the server answers, saying so on each attempt', async () => {
    let n = 0;
    const db = flaky(3, () => (n++ % 2 ? lostConnection() : refused()));
    const said: string[] = [];
    await waitForDatabase(db, { waitSeconds: 60, say: (l) => said.push(l), pauseMs: () => 1 });
    expect(db.asked).toBe(4);
    expect(said).toHaveLength(4);
    expect(said[0]).toMatch(/not answering yet \(connect ECONNREFUSED 127\.0\.0\.1:5432\); attempt 1, .*DATABASE_START_WAIT_SECONDS=60/);
    expect(said[3]).toBe('database: answering after 4 attempts');
  });

  it('gives up when the wait is over, with the last error', async () => {
    let clock = 0;
    const db = flaky(1000, refused);
    await expect(
      waitForDatabase(db, { waitSeconds: 10, say: () => undefined, now: () => clock, pauseMs: () => ((clock += 2000), 0) }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(db.asked).toBe(6);
  });

  it('does not retry a refusal of the server itself (a wrong password)', async () => {
    const db = flaky(1, () => Object.assign(new Error('password authentication failed for user "esop"'), { code: '28P01' }));
    await expect(waitForDatabase(db, { waitSeconds: 60, say: () => undefined, pauseMs: () => 1 })).rejects.toMatchObject({ code: '28P01' });
    expect(db.asked).toBe(1);
  });

  it('never prints the password of DATABASE_URL', () => {
    expect(shownDatabaseUrl('postgres://esop:s3cret@db.internal:5432/esop')).toBe('postgres://esop:***@db.internal:5432/esop');
    expect(shownDatabaseUrl('postgres://db/esop')).toBe('postgres://db/esop');
  });
});
