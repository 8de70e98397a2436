import { ErrorCode } from '@core/domain';
import { createTestApp, TestClock, type TestApp, type TestClient } from './helpers';
import { issuesOf, startApp, stepSaver, stepUser, userinfoData } from './step-fixtures';

// noon in Hong Kong on 21 November 2026: ages are counted on this date
const NOW = Date.parse('2026-11-21T04:00:00Z');

let t: TestApp;
let user: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp({ clock: new TestClock(NOW) });
  user = stepUser(t, '6');
}, 60_000);
afterAll(() => t.close());

/** step-fixtures' page born in a mainland city (a country whose birth city is required) */
const good = (over: Record<string, unknown> = {}): Record<string, unknown> => userinfoData({ birthCity: '广东省深圳市', birthCountry: 'CN', ...over });

/** A logged-in hk applicant whose identity step (if a nationality is given) says that nationality. */
async function applicant(nationality?: string): Promise<{ c: TestClient; appId: string }> {
  const c = await user();
  const appId = await startApp(c, 2);
  if (nationality) {
    // the identity step's own rules are another test's subject: its saved data is put in place directly
    await t.db.query(`UPDATE applications SET data = jsonb_set(data, '{HK_IDCARD}', $2::jsonb) WHERE app_id = $1`, [
      appId,
      JSON.stringify({ nationality, permanentResident: 1, idType: 1, idCountry: nationality, idNumber: 'A1234563' }),
    ]);
  }
  return { c, appId };
}

const save = stepSaver('USERINFO');

describe('ApplyUpdate USERINFO', () => {
  test('a complete page is saved exactly as sent and the next step is PROOFADDRESS', async () => {
    const { c, appId } = await applicant('HK');
    const res = await save(c, appId, good());
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    expect(res.body.result.nextStep).toBe('PROOFADDRESS');
    expect(res.body.result.application.data.USERINFO).toEqual(good());
    expect(res.body.result.application.latestStep).toBe('USERINFO');
  });

  test.each([
    ['lastName', { lastName: 'Chan', englishName: 'Chan TAI MAN' }, 'englishName'],
    ['firstName', { firstName: '', englishName: 'CHAN' }, 'required'],
    ['englishName', { englishName: 'TAI MAN CHAN' }, 'format'],
    ['chineseName', { chineseName: '陳大文2' }, 'chineseName'],
    ['gender', { gender: 3 }, 'choice'],
    ['birthday', { birthday: '2008-11-22' }, 'under18'],
    ['birthday', { birthday: '1950-11-21' }, 'tooOld'],
    ['birthday', { birthday: '1990-13-01' }, 'date'],
    ['birthCountry', { birthCountry: 'china' }, 'country'],
    ['birthCountry', { birthCountry: 'XX' }, 'country'], // the form of a code, but no country: the service's ISO check
    ['birthCity', { birthCity: '' }, 'required'],
    ['email', { email: 'taiman@gmail' }, 'email'],
    ['email', { email: `${'a'.repeat(41)}@gmail.com` }, 'tooLong'],
    ['defaultLanguage', { defaultLanguage: 'fr' }, 'choice'],
    ['statementDeliveryWay', { statementDeliveryWay: 'post' }, 'choice'],
  ])('a bad %s (%j) → 100400 %s', async (field, over, rule) => {
    const { c, appId } = await applicant('HK');
    const res = await save(c, appId, good(over));
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    expect(issuesOf(res)).toEqual([{ path: `data.${field}`, message: rule }]);
    expect((await c.call('applyDetail')).body.result.data.USERINFO).toBeUndefined();
  });

  test('the ages at the edges: 18 today and 75 the day before the 76th birthday are saved', async () => {
    const { c, appId } = await applicant('SG');
    expect((await save(c, appId, good({ birthday: '2008-11-21' }))).status).toBe(200);
    expect((await save(c, appId, good({ birthday: '1950-11-22' }))).status).toBe(200);
  });

  test.each([
    ['HK', 400],
    ['MO', 400],
    ['TW', 400],
    ['SG', 200],
    ['GB', 200],
  ])('nationality %s: without a Chinese name → %i', async (nationality, status) => {
    const { c, appId } = await applicant(nationality);
    const res = await save(c, appId, good({ chineseName: '' }));
    expect(res.status).toBe(status);
    if (status === 400) expect(issuesOf(res)).toEqual([{ path: 'data.chineseName', message: 'required' }]);
  });

  test('birth country HK or MO needs no city; a non-ISO birth country is refused after the rules pass', async () => {
    const { c, appId } = await applicant('HK');
    expect((await save(c, appId, good({ birthCountry: 'HK', birthCity: '' }))).status).toBe(200);
    const bad = await save(c, appId, good({ birthCountry: 'ZZ', birthCity: 'Somewhere' }));
    expect(issuesOf(bad)).toEqual([{ path: 'data.birthCountry', message: 'country' }]);
  });

  test('a halfway save keeps an incomplete page as a draft without the rules', async () => {
    const { c, appId } = await applicant('HK');
    const res = await save(c, appId, { lastName: 'CH', email: 'tai@' }, true);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    expect(res.body.result.application.data.drafts.USERINFO).toEqual({ lastName: 'CH', email: 'tai@' });
  });
});
