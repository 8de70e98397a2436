import { ErrorCode, maskPhone } from '@core/domain';
import { createTestApp, TestClock, type TestApp, type TestClient } from './helpers';
import { cnIdNumber, idcardData, invalidIssues as issuesOf, markSubmitted, phoneOf, startApp, stepSaver, stepUser, uploadRef } from './step-fixtures';

// HK today is 2026-11-21
const clock = new TestClock(Date.parse('2026-11-21T04:00:00Z'));
let t: TestApp;
/** a new logged-in mainland user (+86 phones, 11 digits) */
let user: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  user = stepUser(t, '1390000', { start: 1000, areaCode: '86' });
});
afterAll(() => t.close());

const start = (c: TestClient) => startApp(c, 1);
const save = stepSaver('IDCARD');
const wrongCheckDigit = (id: string) => id.slice(0, 17) + (id.endsWith('0') ? '1' : '0');

describe('ApplyUpdate IDCARD', () => {
  test('a complete ID card is saved as sent and the next step is BANKCARD', async () => {
    const c = await user();
    const appId = await start(c);
    const data = await idcardData(c, { idNumber: cnIdNumber('1990-03-07') });
    const res = await save(c, appId, data);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    expect(res.body.result.nextStep).toBe('BANKCARD');
    expect(res.body.result.application.data.IDCARD).toEqual(data);
    // saving it again (the same user's own number) is fine
    expect((await save(c, appId, data)).status).toBe(200);
  });

  test('a draft is kept without the rules', async () => {
    const c = await user();
    const appId = await start(c);
    const res = await save(c, appId, { chineseName: '张' }, true);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
  });

  test.each<[string, Record<string, unknown>, string[]]>([
    ['wrong check digit', { idNumber: wrongCheckDigit(cnIdNumber('1990-03-07')) }, ['data.idNumber:cnIdChecksum']],
    ['birthday not the number’s', { birthday: '1990-03-08' }, ['data.idNumber:cnIdMismatch']],
    ['under 18', { birthday: '2008-11-22', idNumber: cnIdNumber('2008-11-22') }, ['data.birthday:under18']],
    ['76 today', { birthday: '1950-11-21', idNumber: cnIdNumber('1950-11-21') }, ['data.birthday:tooOld']],
    ['validity under 6 months', { idValidTime: '2007-05-20,2027-05-20' }, ['data.idValidTime:idExpiring']],
    ['expired', { idValidTime: '2006-11-20,2026-11-20' }, ['data.idValidTime:idExpired']],
    ['pinyin lower case', { lastName: 'zhang', englishName: 'zhang SAN' }, ['data.lastName:lettersOnly']],
    ['english name not LAST FIRST', { englishName: 'SAN ZHANG' }, ['data.englishName:englishName']],
    ['address too long', { idAddress: '址'.repeat(501), contactInfo: { residentialAddress: '址'.repeat(501), residentialAddressCountry: 'CN', mailingAddress: '址'.repeat(501), mailingAddressCountry: 'CN', mailingSameResidential: 1 } }, ['data.idAddress:tooLong']],
    ['box unticked', { contactInfo: { residentialAddress: '广东省深圳市南山区科技园路1号', residentialAddressCountry: 'CN', mailingAddress: '广东省深圳市南山区科技园路1号', mailingAddressCountry: 'CN', mailingSameResidential: 0 } }, ['data.contactInfo.mailingSameResidential:mustTick']],
    ['no confirm time', { frontInfo: { surnamePinyinModify: 1 } }, ['data.frontInfo.RAW_amlConfirmInfoTime:required']],
    ['gender other', { gender: 3 }, ['data.gender:choice']],
    ['unknown region (no prefecture)', { idNumber: cnIdNumber('1990-03-07', '440005') }, ['data.idNumber:cnIdRegion']],
    ['Hong Kong region code', { idNumber: cnIdNumber('1990-03-07', '810000') }, ['data.idNumber:cnIdRegion']],
  ])('%s → 100400 with the path', async (_name, over, expected) => {
    const c = await user();
    const appId = await start(c);
    expect(issuesOf(await save(c, appId, await idcardData(c, over)))).toEqual(expected);
  });

  test('images must be UserInfo files', async () => {
    const c = await user();
    const appId = await start(c);
    const data = await idcardData(c);
    (data.documentInfo as { idCard: { front: unknown } }).idCard.front = await uploadRef(c, 'UserApply');
    expect(issuesOf(await save(c, appId, data))).toEqual(['data.documentInfo.idCard.front:category']);
  });

  test("another user's image → 100403", async () => {
    const other = await user();
    const theirs = await uploadRef(other);
    const c = await user();
    const appId = await start(c);
    const data = await idcardData(c);
    (data.documentInfo as { CropIdCard: { back: unknown } }).CropIdCard.back = theirs;
    const res = await save(c, appId, data);
    expect(res.body.error?.code).toBe(ErrorCode.FORBIDDEN);
  });

  test("an ID number in another user's submitted application → 150204 with the holder's phone masked", async () => {
    const holder = await user();
    const idNumber = cnIdNumber('1985-06-15');
    const holderApp = await start(holder);
    expect((await save(holder, holderApp, await idcardData(holder, { idNumber, birthday: '1985-06-15' }))).status).toBe(200);
    await markSubmitted(t, holderApp);

    const c = await user();
    const appId = await start(c);
    const res = await save(c, appId, await idcardData(c, { idNumber, birthday: '1985-06-15' }));
    expect(res.body.error?.code).toBe(ErrorCode.ID_REGISTERED);
    const phone = phoneOf(holder);
    expect(res.body.error?.data).toEqual({ phone: maskPhone(phone) });
    expect(res.body.error?.data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
  });

  test("a mainland number saved as another user's permanent-residence ID also counts", async () => {
    const holder = await user();
    const holderApp = await start(holder);
    const idNumber = cnIdNumber('1988-01-02');
    await t.db.query(`INSERT INTO identity_numbers (app_id, slot, id_number, user_id, held) VALUES ($1, 'HK_IDCARD.permanent', $2, $3, true)`, [
      holderApp,
      idNumber,
      holder.user!.userId,
    ]);
    const c = await user();
    const appId = await start(c);
    const res = await save(c, appId, await idcardData(c, { idNumber, birthday: '1988-01-02' }));
    expect(res.body.error?.code).toBe(ErrorCode.ID_REGISTERED);
  });

  test('under a reject status the saved name and ID number cannot change', async () => {
    const c = await user();
    const appId = await start(c);
    const data = await idcardData(c, { idNumber: cnIdNumber('1990-03-07') });
    expect((await save(c, appId, data)).status).toBe(200);
    await t.db.query(`UPDATE applications SET reject_data = $2::jsonb WHERE app_id = $1`, [appId, JSON.stringify({ steps: ['IDCARD'], message: 'check the address' })]);
    const changed = { ...data, chineseName: '张四', idNumber: cnIdNumber('1990-03-07') };
    expect(issuesOf(await save(c, appId, changed))).toEqual(['data.chineseName:format', 'data.idNumber:format']);
    const addressOnly = { ...data, idAddress: '广东省深圳市南山区科技园路2号', contactInfo: { ...(data.contactInfo as object), residentialAddress: '广东省深圳市南山区科技园路2号', mailingAddress: '广东省深圳市南山区科技园路2号' } };
    const res = await save(c, appId, addressOnly);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
  });

  test('an archived application of another user does not hold the number', async () => {
    const holder = await user();
    const holderApp = await start(holder);
    const idNumber = cnIdNumber('1991-07-08');
    expect((await save(holder, holderApp, await idcardData(holder, { idNumber, birthday: '1991-07-08' }))).status).toBe(200);
    await t.db.query('UPDATE applications SET archived_at = now() WHERE app_id = $1', [holderApp]);
    const c = await user();
    const appId = await start(c);
    const res = await save(c, appId, await idcardData(c, { idNumber, birthday: '1991-07-08' }));
    expect([res.status, res.body.error]).toEqual([200, undefined]);
  });
});
