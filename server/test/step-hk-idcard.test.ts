import { CALLS, ErrorCode, STEP_VERSION, maskPhone } from '@core/domain';
import { createTestApp, TestClock, userMaker, type CallResult, type TestApp, type TestClient } from './helpers';

const clock = new TestClock(Date.parse('2026-11-21T04:00:00Z'));
let t: TestApp;
let user: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  user = userMaker(t, '6', 2100000); // HK mobiles 6xxxxxxx
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake png body')]);

type Ref = { ossId: string; url: string; description: string; ossCategory: string };

async function upload(c: TestClient, category: 'UserInfo' | 'UserApply' = 'UserInfo'): Promise<Ref> {
  const filename = `doc-${Math.random()}.png`;
  const res = await c.upload(`${CALLS.upload.path}/${category}`, { filename }, PNG);
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return { ossId: res.body.result.ossId, url: res.body.result.ossUrl, description: filename, ossCategory: category };
}

async function start(c: TestClient, oaType = 2): Promise<string> {
  const res = await c.call('applyStart', { oaType });
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return res.body.result.appId;
}

let seq = 0;
/** a fresh HK ID number (one letter, seven digits) so tests do not hold each other's numbers */
const hkId = () => `K${String(3000000 + ++seq)}`;

type Branch = 'hk' | 'macau' | 'passport' | 'nonPermanent';

async function hkData(c: TestClient, branch: Branch, over: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const front = await upload(c);
  switch (branch) {
    case 'hk':
      return { permanentResident: 1, nationality: 'HK', idType: 1, idCountry: 'HK', idNumber: hkId(), defaultLanguage: 'zhTc', documentInfo: { nonMainlandDocument: { front } }, ...over };
    case 'macau':
      return {
        permanentResident: 1, nationality: 'MO', idType: 1, idCountry: 'MO', idNumber: `1${String(2000000 + ++seq)}(3)`, defaultLanguage: 'zhTc',
        documentInfo: { nonMainlandDocument: { front, back: await upload(c) } }, ...over,
      };
    case 'passport':
      return { permanentResident: 1, nationality: 'GB', idType: 2, idCountry: 'GB', idNumber: `5${String(10000000 + ++seq)}`, defaultLanguage: 'en', documentInfo: { nonMainlandDocument: { front } }, ...over };
    case 'nonPermanent':
      return {
        permanentResident: 2, nationality: 'SG', idType: 1, idCountry: 'HK', idNumber: hkId(), defaultLanguage: 'en',
        documentInfo: { nonMainlandDocument: { front }, idCard: [await upload(c), await upload(c)] },
        idExtraInfo: { permanent: { idType: null, idNumber: `S${String(1000000 + ++seq)}D`, idCountry: 'SG' } },
        ...over,
      };
  }
}

const save = (c: TestClient, appId: string, data: Record<string, unknown>, draft = false) =>
  c.call('applyUpdate', { appId, stepVersion: STEP_VERSION, currentStep: 'HK_IDCARD', draft, data });

const issuesOf = (res: CallResult) => {
  expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.INVALID_INPUT]);
  return (res.body.error!.data.issues as { path: string; message: string }[]).map((i) => `${i.path}:${i.message}`);
};

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
    ['permanent GB with an HK ID', 'passport', { idType: 1, idCountry: 'HK', idNumber: 'A1234567' }, ['data.idType:idTypeNotAllowed']],
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
    (data.documentInfo as { idCard: unknown[] }).idCard[1] = await upload(c, 'UserApply');
    expect(issuesOf(await save(c, appId, data))).toEqual(['data.documentInfo.idCard.1:format']);
  });

  test("another user's file → 100403", async () => {
    const other = await user();
    const theirs = await upload(other);
    const c = await user();
    const appId = await start(c);
    const data = await hkData(c, 'hk', { documentInfo: { nonMainlandDocument: { front: theirs } } });
    const res = await save(c, appId, data);
    expect([res.status, res.body.error?.code]).toEqual([403, ErrorCode.FORBIDDEN]);
  });

  test("a document number in another user's application → 150204 with the holder's phone masked", async () => {
    const holder = await user();
    const holderApp = await start(holder);
    const held = await hkData(holder, 'hk');
    expect((await save(holder, holderApp, held)).status).toBe(200);

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
    const holder = await user();
    const holderApp = await start(holder);
    const held = await hkData(holder, 'hk');
    expect((await save(holder, holderApp, held)).status).toBe(200);

    const c = await user();
    const appId = await start(c);
    const data = await hkData(c, 'nonPermanent', { idExtraInfo: { permanent: { idType: null, idNumber: held.idNumber, idCountry: 'HK' } } });
    expect((await save(c, appId, data)).body.error?.code).toBe(ErrorCode.ID_REGISTERED);
  });

  test('an archived application of another user does not hold the number', async () => {
    const holder = await user();
    const holderApp = await start(holder);
    const held = await hkData(holder, 'passport');
    expect((await save(holder, holderApp, held)).status).toBe(200);
    await t.db.query('UPDATE applications SET archived_at = now() WHERE app_id = $1', [holderApp]);
    const c = await user();
    const appId = await start(c);
    const res = await save(c, appId, await hkData(c, 'passport', { idNumber: held.idNumber }));
    expect([res.status, res.body.error]).toEqual([200, undefined]);
  });
});
