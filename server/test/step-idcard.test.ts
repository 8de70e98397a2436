import { CALLS, ErrorCode, STEP_VERSION, cnIdCheckDigit, maskPhone } from '@core/domain';
import { createTestApp, TestClock, HOUR, MINUTE, type CallResult, type TestApp, type TestClient } from './helpers';

// HK today is 2026-11-21
const clock = new TestClock(Date.parse('2026-11-21T04:00:00Z'));
let t: TestApp;
let n = 0;
const phones = new WeakMap<TestClient, string>();
/** a new logged-in mainland user (+86 phones, 11 digits) */
async function user(): Promise<TestClient> {
  n += 1;
  if (n % 20 === 0) t.clock.advance(HOUR + MINUTE);
  const phone = `1390000${String(1000 + n)}`;
  const c = await t.login(phone, '86');
  phones.set(c, phone);
  return c;
}
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake png body')]);

const makeCnId = (birthday: string, seq = '123', region = '440305') => {
  const first17 = region + birthday.replace(/-/g, '') + seq;
  return first17 + cnIdCheckDigit(first17);
};

async function upload(c: TestClient, category: 'UserInfo' | 'UserApply' = 'UserInfo'): Promise<{ ossId: string; url: string; ossCategory: string }> {
  const res = await c.upload(`${CALLS.upload.path}/${category}`, { filename: `card-${Math.random()}.png` }, PNG);
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return { ossId: res.body.result.ossId, url: res.body.result.ossUrl, ossCategory: category };
}

async function start(c: TestClient): Promise<string> {
  const res = await c.call('applyStart', { oaType: 1 });
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return res.body.result.appId;
}

async function idcardData(c: TestClient, over: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const [front, back, cropFront, cropBack] = [await upload(c), await upload(c), await upload(c), await upload(c)];
  const address = '广东省深圳市南山区科技园路1号';
  return {
    chineseName: '张三',
    firstName: 'SAN',
    lastName: 'ZHANG',
    englishName: 'ZHANG SAN',
    idType: 1,
    idNumber: makeCnId('1990-03-07'),
    idAddress: address,
    idAuthority: '深圳市公安局南山分局',
    birthCity: '广东省深圳市',
    birthCountry: 'CN',
    gender: 1,
    birthday: '1990-03-07',
    idValidTime: '2020-01-01,长期',
    idCountry: 'CN',
    documentInfo: { idCard: { front, back }, CropIdCard: { front: cropFront, back: cropBack } },
    contactInfo: { residentialAddress: address, residentialAddressCountry: 'CN', mailingAddress: address, mailingAddressCountry: 'CN', mailingSameResidential: 1 },
    frontInfo: { surnamePinyinModify: 2, RAW_amlConfirmInfoTime: '2026-11-21T03:59:00.000Z' },
    ...over,
  };
}

const save = (c: TestClient, appId: string, data: Record<string, unknown>, draft = false) =>
  c.call('applyUpdate', { appId, stepVersion: STEP_VERSION, currentStep: 'IDCARD', draft, data });

const issuesOf = (res: CallResult) => {
  expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.INVALID_INPUT]);
  return (res.body.error!.data.issues as { path: string; message: string }[]).map((i) => `${i.path}:${i.message}`);
};

describe('ApplyUpdate IDCARD', () => {
  test('a complete ID card is saved as sent and the next step is BANKCARD', async () => {
    const c = await user();
    const appId = await start(c);
    const data = await idcardData(c, { idNumber: makeCnId('1990-03-07', '135') });
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
    ['wrong check digit', { idNumber: makeCnId('1990-03-07').slice(0, 17) + (makeCnId('1990-03-07').endsWith('0') ? '1' : '0') }, ['data.idNumber:cnIdChecksum']],
    ['birthday not the number’s', { birthday: '1990-03-08' }, ['data.idNumber:cnIdMismatch']],
    ['under 18', { birthday: '2008-11-22', idNumber: makeCnId('2008-11-22') }, ['data.birthday:under18']],
    ['76 today', { birthday: '1950-11-21', idNumber: makeCnId('1950-11-21') }, ['data.birthday:tooOld']],
    ['validity under 6 months', { idValidTime: '2007-05-20,2027-05-20' }, ['data.idValidTime:idExpiring']],
    ['expired', { idValidTime: '2006-11-20,2026-11-20' }, ['data.idValidTime:idExpired']],
    ['pinyin lower case', { lastName: 'zhang', englishName: 'zhang SAN' }, ['data.lastName:lettersOnly']],
    ['english name not LAST FIRST', { englishName: 'SAN ZHANG' }, ['data.englishName:englishName']],
    ['address too long', { idAddress: '址'.repeat(501), contactInfo: { residentialAddress: '址'.repeat(501), residentialAddressCountry: 'CN', mailingAddress: '址'.repeat(501), mailingAddressCountry: 'CN', mailingSameResidential: 1 } }, ['data.idAddress:tooLong']],
    ['box unticked', { contactInfo: { residentialAddress: '广东省深圳市南山区科技园路1号', residentialAddressCountry: 'CN', mailingAddress: '广东省深圳市南山区科技园路1号', mailingAddressCountry: 'CN', mailingSameResidential: 0 } }, ['data.contactInfo.mailingSameResidential:mustTick']],
    ['no confirm time', { frontInfo: { surnamePinyinModify: 1 } }, ['data.frontInfo.RAW_amlConfirmInfoTime:required']],
    ['gender other', { gender: 3 }, ['data.gender:choice']],
    ['unknown region (no prefecture)', { idNumber: makeCnId('1990-03-07', '123', '440005') }, ['data.idNumber:cnIdRegion']],
    ['Hong Kong region code', { idNumber: makeCnId('1990-03-07', '123', '810000') }, ['data.idNumber:cnIdRegion']],
  ])('%s → 100400 with the path', async (_name, over, expected) => {
    const c = await user();
    const appId = await start(c);
    expect(issuesOf(await save(c, appId, await idcardData(c, over)))).toEqual(expected);
  });

  test('images must be UserInfo files', async () => {
    const c = await user();
    const appId = await start(c);
    const data = await idcardData(c);
    (data.documentInfo as { idCard: { front: unknown } }).idCard.front = await upload(c, 'UserApply');
    expect(issuesOf(await save(c, appId, data))).toEqual(['data.documentInfo.idCard.front:format']);
  });

  test("another user's image → 100403", async () => {
    const other = await user();
    const theirs = await upload(other);
    const c = await user();
    const appId = await start(c);
    const data = await idcardData(c);
    (data.documentInfo as { CropIdCard: { back: unknown } }).CropIdCard.back = theirs;
    const res = await save(c, appId, data);
    expect(res.body.error?.code).toBe(ErrorCode.FORBIDDEN);
  });

  test("an ID number in another user's application → 150204 with the holder's phone masked", async () => {
    const holder = await user();
    const idNumber = makeCnId('1985-06-15', '457');
    const holderApp = await start(holder);
    expect((await save(holder, holderApp, await idcardData(holder, { idNumber, birthday: '1985-06-15' }))).status).toBe(200);

    const c = await user();
    const appId = await start(c);
    const res = await save(c, appId, await idcardData(c, { idNumber, birthday: '1985-06-15' }));
    expect(res.body.error?.code).toBe(ErrorCode.ID_REGISTERED);
    const phone = phones.get(holder)!;
    expect(res.body.error?.data).toEqual({ phone: maskPhone(phone) });
    expect(res.body.error?.data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
  });

  test("a mainland number saved as another user's permanent-residence ID also counts", async () => {
    const holder = await user();
    const holderApp = await start(holder);
    const idNumber = makeCnId('1988-01-02', '771');
    await t.db.query(`UPDATE applications SET data = jsonb_set(data, '{HK_IDCARD}', $2::jsonb) WHERE app_id = $1`, [
      holderApp,
      JSON.stringify({ idExtraInfo: { permanent: { idType: null, idNumber, idCountry: 'CN' } } }),
    ]);
    const c = await user();
    const appId = await start(c);
    const res = await save(c, appId, await idcardData(c, { idNumber, birthday: '1988-01-02' }));
    expect(res.body.error?.code).toBe(ErrorCode.ID_REGISTERED);
  });

  test('under a reject status the saved name and ID number cannot change', async () => {
    const c = await user();
    const appId = await start(c);
    const data = await idcardData(c, { idNumber: makeCnId('1990-03-07', '579') });
    expect((await save(c, appId, data)).status).toBe(200);
    await t.db.query(`UPDATE applications SET reject_data = $2::jsonb WHERE app_id = $1`, [appId, JSON.stringify({ steps: ['IDCARD'], message: 'check the address' })]);
    const changed = { ...data, chineseName: '张四', idNumber: makeCnId('1990-03-07', '791') };
    expect(issuesOf(await save(c, appId, changed))).toEqual(['data.chineseName:format', 'data.idNumber:format']);
    const addressOnly = { ...data, idAddress: '广东省深圳市南山区科技园路2号', contactInfo: { ...(data.contactInfo as object), residentialAddress: '广东省深圳市南山区科技园路2号', mailingAddress: '广东省深圳市南山区科技园路2号' } };
    const res = await save(c, appId, addressOnly);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
  });

  test('an archived application of another user does not hold the number', async () => {
    const holder = await user();
    const holderApp = await start(holder);
    const idNumber = makeCnId('1991-07-08', '913');
    expect((await save(holder, holderApp, await idcardData(holder, { idNumber, birthday: '1991-07-08' }))).status).toBe(200);
    await t.db.query('UPDATE applications SET archived_at = now() WHERE app_id = $1', [holderApp]);
    const c = await user();
    const appId = await start(c);
    const res = await save(c, appId, await idcardData(c, { idNumber, birthday: '1991-07-08' }));
    expect([res.status, res.body.error]).toEqual([200, undefined]);
  });
});
