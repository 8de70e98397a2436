import { cnIdCheckDigit, LONG_TERM } from '../identity';
import type { StepContext } from '../step-rules/types';
import { IDCARD_CONFIRM_FIELD, rules as validateIdcard } from './idcard';
import { validateStep } from '../step-rules';

const TODAY = '2026-11-21';
const ctx: StepContext = { today: TODAY, clientType: 'cn', saved: {}, strict: false };

/** A valid mainland ID number for a region, birthday (YYYY-MM-DD) and sequence (odd last digit → male). */
export function makeCnId(birthday: string, seq = '123', region = '440305'): string {
  const first17 = region + birthday.replace(/-/g, '') + seq;
  return first17 + cnIdCheckDigit(first17);
}

const ref = (ossId: string) => ({ ossId, url: `/kyc/esop/v1/oss/v1/Download?ossid=${ossId}`, ossCategory: 'UserInfo' });

function good(over: Record<string, unknown> = {}): Record<string, unknown> {
  const birthday = (over.birthday as string) ?? '1990-03-07';
  return {
    chineseName: '张三',
    firstName: 'SAN',
    lastName: 'ZHANG',
    englishName: 'ZHANG SAN',
    idType: 1,
    idNumber: makeCnId(birthday),
    idAddress: '广东省深圳市南山区科技园路1号',
    idAuthority: '深圳市公安局南山分局',
    birthCity: '广东省深圳市',
    birthCountry: 'CN',
    gender: 1,
    birthday,
    idValidTime: '2020-01-01,2040-01-01',
    idCountry: 'CN',
    documentInfo: { idCard: { front: ref('front01'), back: ref('back001') }, CropIdCard: { front: ref('cropf01'), back: ref('cropb01') } },
    contactInfo: {
      residentialAddress: '广东省深圳市南山区科技园路1号',
      residentialAddressCountry: 'CN',
      mailingAddress: '广东省深圳市南山区科技园路1号',
      mailingAddressCountry: 'CN',
      mailingSameResidential: 1,
    },
    frontInfo: { surnamePinyinModify: 2, RAW_amlConfirmInfoTime: '2026-11-21T08:00:00.000Z' },
    ...over,
  };
}

const issues = (data: Record<string, unknown>) => validateIdcard(data, ctx).map((i) => `${i.field}:${i.rule}`);

test('a complete mainland ID passes, through the registry too', () => {
  expect(issues(good())).toEqual([]);
  expect(validateStep('IDCARD', good(), ctx)).toEqual([]);
});

describe('age at the exact birthdays (today 2026-11-21)', () => {
  test.each([
    ['2008-11-21', null], // 18 today
    ['2008-11-22', 'under18'], // 18 tomorrow
    ['1950-11-22', null], // 75, 76 tomorrow
    ['1950-11-21', 'tooOld'], // 76 today
    ['1930-01-01', 'tooOld'],
  ])('born %s → %s', (birthday, rule) => {
    const found = issues(good({ birthday })).filter((i) => i.startsWith('birthday:'));
    expect(found).toEqual(rule ? [`birthday:${rule}`] : []);
    // the number agrees with the birthday either way
    expect(issues(good({ birthday })).filter((i) => i.startsWith('idNumber:'))).toEqual([]);
  });
});

describe('validity (6 months from 2026-11-21 is 2027-05-21)', () => {
  test.each([
    ['2020-01-01,2027-05-21', null],
    ['2020-01-01,2027-05-20', 'idExpiring'],
    ['2020-01-01,2026-11-21', 'idExpiring'],
    ['2020-01-01,2026-11-20', 'idExpired'],
    [`2020-01-01,${LONG_TERM}`, null],
    ['2020-01-01,long', 'date'],
    ['2027-01-01,2047-01-01', 'date'], // starts in the future
    ['2020-01-01', 'date'],
    ['', 'required'],
  ])('%s → %s', (idValidTime, rule) => {
    expect(issues(good({ idValidTime }))).toEqual(rule ? [`idValidTime:${rule}`] : []);
  });
});

describe('ID number', () => {
  const valid = makeCnId('1990-03-07');
  const wrongDigit = valid.slice(0, 17) + (valid[17] === '0' ? '1' : '0');
  // a number whose check character is X: search the sequences for one
  const withX = (() => {
    for (let s = 100; s < 999; s += 2) {
      const id = makeCnId('1990-03-07', String(s + 1));
      if (id.endsWith('X')) return id;
    }
    throw new Error('no X');
  })();
  test.each([
    [valid, null],
    [withX, null],
    [withX.toLowerCase(), 'cnIdFormat'], // stored upper case only
    [wrongDigit, 'cnIdChecksum'],
    [valid.slice(0, 17), 'cnIdFormat'],
    [valid + '1', 'cnIdFormat'],
    ['990000' + valid.slice(6), 'cnIdRegion'],
    [makeCnId('1990-02-30'), 'cnIdBirthday'],
    [makeCnId('1990-03-08'), 'cnIdMismatch'], // birthday field says 1990-03-07
    [makeCnId('1990-03-07', '124'), 'cnIdMismatch'], // even: female, gender field says male
    ['', 'required'],
  ])('%s → %s', (idNumber, rule) => {
    expect(issues(good({ idNumber }))).toEqual(rule ? [`idNumber:${rule}`] : []);
  });
});

describe('names', () => {
  test.each([
    [{ chineseName: '' }, ['chineseName:required']],
    [{ chineseName: '张'.repeat(101) }, ['chineseName:tooLong']],
    [{ chineseName: 'ZHANG' }, ['chineseName:chineseName']],
    [{ lastName: 'zhang', englishName: 'zhang SAN' }, ['lastName:lettersOnly']],
    [{ lastName: 'ZH4NG', englishName: 'ZH4NG SAN' }, ['lastName:lettersOnly']],
    [{ firstName: '', englishName: 'ZHANG' }, ['firstName:required']],
    [{ firstName: 'A'.repeat(101), englishName: `ZHANG ${'A'.repeat(101)}` }, ['firstName:tooLong']],
    [{ firstName: 'SAN FENG', englishName: 'ZHANG SAN FENG' }, []],
    [{ englishName: 'SAN ZHANG' }, ['englishName:englishName']],
  ])('%j → %j', (over, expected) => {
    expect(issues(good(over))).toEqual(expected);
  });
});

describe('other fields', () => {
  const contact = (over: Record<string, unknown>) => ({ contactInfo: { ...(good().contactInfo as object), ...over } });
  test.each([
    [{ idAddress: '', contactInfo: { ...(good().contactInfo as object), residentialAddress: '', mailingAddress: '' } }, ['idAddress:required']],
    [{ idAddress: '址'.repeat(501), contactInfo: { ...(good().contactInfo as object), residentialAddress: '址'.repeat(501), mailingAddress: '址'.repeat(501) } }, ['idAddress:tooLong']],
    [{ idAuthority: '' }, []],
    [{ idAuthority: '局'.repeat(101) }, ['idAuthority:tooLong']],
    [{ birthCity: '' }, ['birthCity:required']],
    [{ birthCountry: 'HK' }, ['birthCountry:country']],
    [{ idCountry: 'HK' }, ['idCountry:country']],
    [{ idType: 2 }, ['idType:choice']],
    [{ gender: 3 }, ['gender:choice']],
    [{ gender: undefined }, ['gender:required']],
    [{ birthday: '', idNumber: makeCnId('1990-03-07') }, ['birthday:required']],
    [{ birthday: '1990/03/07', idNumber: makeCnId('1990-03-07') }, ['birthday:date']],
    [contact({ mailingSameResidential: 0 }), ['contactInfo.mailingSameResidential:mustTick']],
    [contact({ residentialAddress: '别处' }), ['contactInfo.residentialAddress:format']],
    [contact({ mailingAddressCountry: 'HK' }), ['contactInfo.mailingAddressCountry:country']],
    [{ documentInfo: { idCard: { front: ref('front01') }, CropIdCard: { front: ref('cropf01'), back: ref('cropb01') } } }, ['documentInfo.idCard.back:fileRequired']],
    [{ documentInfo: { idCard: { front: ref('front01'), back: ref('back001') }, CropIdCard: { front: { url: 'x' }, back: ref('cropb01') } } }, ['documentInfo.CropIdCard.front:fileRequired']],
    [{ frontInfo: { surnamePinyinModify: 1, RAW_amlConfirmInfoTime: '2026-11-21T08:00:00.000Z' } }, []],
    [{ frontInfo: { surnamePinyinModify: 0, RAW_amlConfirmInfoTime: '2026-11-21T08:00:00.000Z' } }, ['frontInfo.surnamePinyinModify:choice']],
    [{ frontInfo: { surnamePinyinModify: 2 } }, [`${IDCARD_CONFIRM_FIELD}:required`]],
    [{ frontInfo: { surnamePinyinModify: 2, RAW_amlConfirmInfoTime: 'yesterday' } }, [`${IDCARD_CONFIRM_FIELD}:required`]],
  ])('%j → %j', (over, expected) => {
    expect(issues(good(over))).toEqual(expected);
  });
});
