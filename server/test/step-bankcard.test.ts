import { ErrorCode } from '@core/domain';
import { luhnApplies, luhnValid } from '../src/modules/applications/step-checks/bankcard';
import { createTestApp, TestClock, type TestApp, type TestClient } from './helpers';
import { BANK_CARD, bankcardData, cnIdNumber, invalidIssues as issuesOf, startApp, stepSaver, stepUser, uploadRef } from './step-fixtures';

const clock = new TestClock(Date.parse('2026-11-21T04:00:00Z'));
let t: TestApp;
let user: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  user = stepUser(t, '1370000', { start: 1000, areaCode: '86' });
});
afterAll(() => t.close());

// BANK_CARD (a UnionPay-style number with a valid Luhn digit) with the last digit changed
const BAD_CARD = '6222021234567890127';

/** A cn application at BANKCARD: IDCARD saved directly in the database (its own rules are step-idcard's test). */
async function atBankCard(c: TestClient): Promise<string> {
  const appId = await startApp(c, 1);
  await t.db.query(`UPDATE applications SET data = jsonb_set(data, '{IDCARD}', $2::jsonb), current_step = 'IDCARD', latest_step = 'IDCARD' WHERE app_id = $1`, [
    appId,
    JSON.stringify({ idNumber: cnIdNumber('1990-03-07', '110101') }),
  ]);
  return appId;
}

const good = (over: Record<string, unknown> = {}, bank: Record<string, unknown> = {}) =>
  bankcardData({ bankInfo: { acctNumber: BANK_CARD, phone: '13812345678', ...bank }, ...over });

const save = stepSaver('BANKCARD');

test.each([
  ['6222021234567890128', true],
  ['6222021234567890127', false],
  ['4111111111111111', true],
  ['79927398713', true],
  ['79927398710', false],
  ['', false],
  ['12a4', false],
])('luhn %s → %s', (digits, ok) => expect(luhnValid(digits)).toBe(ok));

test.each([
  ['6222021234567890128', true],
  ['4111111111111111', true],
  ['5500000000000004', true],
  ['62220212345678', false], // 14 digits
  ['95588012345678901', false], // old domestic number
  ['6222021234567890128123', false], // 22 digits
  ['4000000000000000002', true], // Visa, 19 digits
  ['400000000000002', false], // 15 digits
])('luhn applies to %s → %s', (digits, applies) => expect(luhnApplies(digits)).toBe(applies));

describe('ApplyUpdate BANKCARD', () => {
  test('a complete bank card page is saved as sent; with the scanned image too', async () => {
    const c = await user();
    const appId = await atBankCard(c);
    const res = await save(c, appId, good());
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    expect(res.body.result.nextStep).toBe('JOBSTATUS');
    expect(res.body.result.application.data.BANKCARD).toEqual(good());
    const withScan = good({ defaultLanguage: 'en', documentInfo: { bankCard: await uploadRef(c) } });
    const again = await save(c, appId, withScan);
    expect([again.status, again.body.error]).toEqual([200, undefined]);
    expect(again.body.result.application.data.BANKCARD).toEqual(withScan);
  });

  test.each<[string, Record<string, unknown>, Record<string, unknown>, string[]]>([
    ['card too short', {}, { acctNumber: '62220212345' }, ['data.bankInfo.acctNumber:bankCard']],
    ['card with spaces', {}, { acctNumber: '6222 0212 3456 7890' }, ['data.bankInfo.acctNumber:bankCard']],
    ['phone not mainland', {}, { phone: '91234567' }, ['data.bankInfo.phone:phone']],
    ['phone missing', {}, { phone: '' }, ['data.bankInfo.phone:required']],
    ['e-mail', { email: 'zhang@qq' }, {}, ['data.email:email']],
    ['language', { defaultLanguage: 'zhCn' }, {}, ['data.defaultLanguage:choice']],
    ['delivery', { statementDeliveryWay: 'post' }, {}, ['data.statementDeliveryWay:choice']],
  ])('%s → 100400 with the path', async (_name, over, bank, expected) => {
    const c = await user();
    const appId = await atBankCard(c);
    expect(issuesOf(await save(c, appId, good(over, bank)))).toEqual(expected);
  });

  test('a card number with a wrong check digit → 150302', async () => {
    const c = await user();
    const appId = await atBankCard(c);
    const res = await save(c, appId, good({}, { acctNumber: BAD_CARD }));
    expect(res.body.error?.code).toBe(ErrorCode.BANK_CARD_WRONG);
    // a number of a scheme without a public check digit is not refused for it
    expect((await save(c, appId, good({}, { acctNumber: '95588012345678901' }))).status).toBe(200);
  });

  test('the scanned image must be a UserInfo file of the caller', async () => {
    const c = await user();
    const appId = await atBankCard(c);
    expect(issuesOf(await save(c, appId, good({ documentInfo: { bankCard: await uploadRef(c, 'UserApply') } })))).toEqual(['data.documentInfo.bankCard:category']);
    const other = await user();
    const theirs = await uploadRef(other);
    expect((await save(c, appId, good({ documentInfo: { bankCard: theirs } }))).body.error?.code).toBe(ErrorCode.FORBIDDEN);
  });
});
