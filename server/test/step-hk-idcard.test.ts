import { ErrorCode, maskPhone } from '@core/domain';
import { createTestApp, TestClock, type TestApp, type TestClient } from './helpers';
import { hkIdNumber, hkIdcardData, invalidIssues as issuesOf, markSubmitted, startApp, stepSaver, stepUser, uploadRef } from './step-fixtures';

const clock = new TestClock(Date.parse('2026-11-21T04:00:00Z'));
let t: TestApp;
let user: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  user = stepUser(t, '6', { start: 2100000 }); // HK mobiles 6xxxxxxx
});
afterAll(() => t.close());

const start = (c: TestClient) => startApp(c, 2);
const save = stepSaver('HK_IDCARD');

let seq = 0;
type Branch = 'hk' | 'macau' | 'passport' | 'nonPermanent';

/** A complete HK_IDCARD page of one branch: an HK permanent ID (step-fixtures' hkIdcardData), a Macau ID, a passport, or a non-permanent resident's. */
async function hkData(c: TestClient, branch: Branch, over: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  if (branch === 'hk') return hkIdcardData(c, over);
  const front = await uploadRef(c);
  switch (branch) {
    case 'macau':
      return {
        permanentResident: 1, nationality: 'MO', idType: 1, idCountry: 'MO', idNumber: `1${String(2000000 + ++seq)}(3)`, defaultLanguage: 'zhTc',
        documentInfo: { nonMainlandDocument: { front, back: await uploadRef(c) } }, ...over,
      };
    case 'passport':
      return { permanentResident: 1, nationality: 'GB', idType: 2, idCountry: 'GB', idNumber: `5${String(10000000 + ++seq)}`, defaultLanguage: 'en', documentInfo: { nonMainlandDocument: { front } }, ...over };
    case 'nonPermanent':
      return {
        permanentResident: 2, nationality: 'SG', idType: 1, idCountry: 'HK', idNumber: hkIdNumber(), defaultLanguage: 'en',
        documentInfo: { nonMainlandDocument: { front }, idCard: [await uploadRef(c), await uploadRef(c)] },
        idExtraInfo: { permanent: { idType: null, idNumber: `S${String(1000000 + ++seq)}D`, idCountry: 'SG' } },
        ...over,
      };
  }
}

/** Another user's application with a page of this branch saved (its number held). */
async function heldBy(branch: Branch): Promise<{ holder: TestClient; holderApp: string; held: Record<string, unknown> }> {
  const holder = await user();
  const holderApp = await start(holder);
  const held = await hkData(holder, branch);
  expect((await save(holder, holderApp, held)).status).toBe(200);
  await markSubmitted(t, holderApp);
  return { holder, holderApp, held };
}

describe('ApplyUpdate HK_IDCARD', () => {
  test.each<Branch>(['hk', 'macau', 'passport', 'nonPermanent'])('a complete %s identity is saved as sent; next is USERINFO', async (branch) => {
    const c = await user();
    const appId = await start(c);
    const data = await hkData(c, branch);
    const res = await save(c, appId, data);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    expect(res.body.result.nextStep).toBe('USERINFO');
    expect(res.body.result.application.data.HK_IDCARD).toEqual(data);
    expect((await save(c, appId, data)).status).toBe(200); // the user's own number again
  });

  test('a draft is kept without the rules', async () => {
    const c = await user();
    const appId = await start(c);
    const res = await save(c, appId, { permanentResident: 1, nationality: 'HK' }, true);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
  });

  test.each<[string, Branch, Record<string, unknown>, string[]]>([
    ['nationality China', 'passport', { nationality: 'CN', defaultLanguage: 'zhTc' }, ['data.nationality:nationalityChina']],
    ['nationality outside the whitelist', 'passport', { nationality: 'US' }, ['data.nationality:nationalityNotAllowed']],
    ['HK ID of 7 characters', 'hk', { idNumber: 'A123456' }, ['data.idNumber:hkId']],
    ['HK ID of 10 characters', 'hk', { idNumber: 'AB12345678' }, ['data.idNumber:hkId']],
    ['HK ID with brackets', 'hk', { idNumber: 'A123456(7)' }, ['data.idNumber:hkId']],
    ['passport number of 51', 'passport', { idNumber: 'P'.repeat(51) }, ['data.idNumber:tooLong']],
    ['permanent HK with a Macau ID', 'hk', { idCountry: 'MO' }, ['data.idType:idTypeNotAllowed', 'data.idCountry:issuingCountry', 'data.documentInfo.nonMainlandDocument.back:fileRequired']],
    ['permanent GB with an HK ID', 'passport', { idType: 1, idCountry: 'HK', idNumber: 'A1234563' }, ['data.idType:idTypeNotAllowed']],
    ['permanent HK passport issued elsewhere', 'hk', { idType: 2, idCountry: 'GB' }, ['data.idCountry:issuingCountry']],
    ['passport issued by CN', 'passport', { idCountry: 'CN' }, ['data.idCountry:issuingCountry']],
    ['statement language not the nationality’s', 'hk', { defaultLanguage: 'en' }, ['data.defaultLanguage:choice']],
    ['non-permanent without proof files', 'nonPermanent', { documentInfo: {} }, ['data.documentInfo.nonMainlandDocument.front:fileRequired', 'data.documentInfo.idCard:fileRequired']],
    ['non-permanent, mainland ID of 17', 'nonPermanent', { idExtraInfo: { permanent: { idType: null, idNumber: '11010519491231002', idCountry: 'CN' } } }, ['data.idExtraInfo.permanent.idNumber:permanentCnId']],
    ['non-permanent, HK permanent ID of 7', 'nonPermanent', { idExtraInfo: { permanent: { idType: null, idNumber: 'A123456', idCountry: 'HK' } } }, ['data.idExtraInfo.permanent.idNumber:hkId']],
    ['non-permanent, no permanent country', 'nonPermanent', { idExtraInfo: { permanent: { idType: null, idNumber: 'X123', idCountry: '' } } }, ['data.idExtraInfo.permanent.idCountry:required']],
    // well-formed codes that the ISO list does not know (the service-only check)
    ['passport of an unknown issuing country', 'passport', { idCountry: 'ZZ' }, ['data.idCountry:country']],
    ['unknown permanent-residence country', 'nonPermanent', { idExtraInfo: { permanent: { idType: null, idNumber: 'X123', idCountry: 'QQ' } } }, ['data.idExtraInfo.permanent.idCountry:country']],
  ])('%s → 100400 with the path', async (_name, branch, over, expected) => {
    const c = await user();
    const appId = await start(c);
    expect(issuesOf(await save(c, appId, await hkData(c, branch, over)))).toEqual(expected);
  });

  test('a Macau ID without the emblem side', async () => {
    const c = await user();
    const appId = await start(c);
    const data = await hkData(c, 'macau');
    delete (data.documentInfo as { nonMainlandDocument: { back?: unknown } }).nonMainlandDocument.back;
    expect(issuesOf(await save(c, appId, data))).toEqual(['data.documentInfo.nonMainlandDocument.back:fileRequired']);
  });

  test('document images must be UserInfo files', async () => {
    const c = await user();
    const appId = await start(c);
    const data = await hkData(c, 'nonPermanent');
    (data.documentInfo as { idCard: unknown[] }).idCard[1] = await uploadRef(c, 'UserApply');
    expect(issuesOf(await save(c, appId, data))).toEqual(['data.documentInfo.idCard.1:category']);
  });

  test("another user's file → 100403", async () => {
    const other = await user();
    const theirs = await uploadRef(other);
    const c = await user();
    const appId = await start(c);
    const data = await hkData(c, 'hk', { documentInfo: { nonMainlandDocument: { front: theirs } } });
    const res = await save(c, appId, data);
    expect([res.status, res.body.error?.code]).toEqual([403, ErrorCode.FORBIDDEN]);
  });

  test("a document number in another user's application → 150204 with the holder's phone masked", async () => {
    const { holder, held } = await heldBy('hk');
    const c = await user();
    const appId = await start(c);
    const res = await save(c, appId, await hkData(c, 'hk', { idNumber: held.idNumber }));
    expect(res.body.error?.code).toBe(ErrorCode.ID_REGISTERED);
    const { rows } = await t.db.query<{ phone: string }>('SELECT phone FROM users WHERE id = $1', [holder.user!.userId]);
    const phone = rows[0].phone;
    expect(phone).toMatch(/^6\d{7}$/);
    expect(res.body.error?.data).toEqual({ phone: maskPhone(phone) });
    expect(res.body.error?.data.phone).toBe(`${phone.slice(0, 2)}****${phone.slice(6)}`);
    expect(res.body.error?.message).toBeTruthy();
  });

  test("a permanent ID number held by another user's application → 150204", async () => {
    const { held } = await heldBy('hk');
    const c = await user();
    const appId = await start(c);
    const data = await hkData(c, 'nonPermanent', { idExtraInfo: { permanent: { idType: null, idNumber: held.idNumber, idCountry: 'HK' } } });
    expect((await save(c, appId, data)).body.error?.code).toBe(ErrorCode.ID_REGISTERED);
  });

  test('an archived application of another user does not hold the number', async () => {
    const { holderApp, held } = await heldBy('passport');
    await t.db.query('UPDATE applications SET archived_at = now() WHERE app_id = $1', [holderApp]);
    const c = await user();
    const appId = await start(c);
    const res = await save(c, appId, await hkData(c, 'passport', { idNumber: held.idNumber }));
    expect([res.status, res.body.error]).toEqual([200, undefined]);
  });
});
