/**
 * What each call costs the database: the statements the app sends for one call (after the first, so that caches
 * are warm and the session's last-seen time is fresh), counted through the test app's recorder. A call that
 * starts sending more fails here: raise its budget only with a reason. Reads write nothing. The cipher's replay guard
 * is counted apart: nothing with its nonces in memory (the default on PGlite), one nonce insert per ciphered request
 * with them in the database (the default on PostgreSQL, where several processes share the sessions).
 */
import { cnIdNumber, idcardData, saveStep, startApp, stepUser } from './step-fixtures';
import { createTestApp, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let c: TestClient;
let appId: string;
let idcard: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  c = await stepUser(t, '6')();
  appId = await startApp(c, 1);
  idcard = await idcardData(c, { idNumber: cnIdNumber('1990-03-07') });
  const saved = await saveStep(c, appId, 'IDCARD', idcard);
  expect([saved.status, saved.body.error]).toEqual([200, undefined]);
});
afterAll(() => t.close());

// a data-changing CTE (the change and its audit entry in one statement, issue 27) is one write
const isWrite = (sql: string) => /^(INSERT|UPDATE|DELETE)\b|^WITH\b.*\b(INSERT|UPDATE|DELETE)\b/is.test(sql);
/** the replay guard's own write (cipher layer): one per ciphered request */
const isReplayGuard = (sql: string) => /cipher_nonces/.test(sql);

const CASES: [string, () => Promise<{ status: number }>, { statements: number; writes: number }][] = [
  ['UserInfo', () => c.call('userInfo'), { statements: 1, writes: 0 }],
  ['ClientConfig', () => c.call('clientConfig'), { statements: 0, writes: 0 }],
  ['ApplyDetail', () => c.call('applyDetail', { appId }), { statements: 2, writes: 0 }],
  ['ApplyUpdate IDCARD (full save)', () => saveStep(c, appId, 'IDCARD', idcard), { statements: 9, writes: 3 }],
  ['ApplyUpdate draft', () => saveStep(c, appId, 'BANKCARD', { bankCard: '6222' }, true), { statements: 3, writes: 1 }],
];

describe('statements per call', () => {
  it.each(CASES)('%s', async (_name, call, budget) => {
    await call(); // warm
    const { value, statements } = await t.record(call);
    expect(value.status).toBe(200);
    const own = statements.filter((s) => !isReplayGuard(s));
    const writes = own.filter(isWrite);
    const seen = `${own.length} statements, ${writes.length} writes:\n  ${statements.join('\n  ')}`;
    expect({ statements: own.length, writes: writes.length, seen }).toEqual({ statements: budget.statements, writes: budget.writes, seen });
    const guard = statements.filter(isReplayGuard).length;
    expect(guard).toBe(t.config.cipherReplayGuard === 'database' ? 1 : 0);
  });
});
