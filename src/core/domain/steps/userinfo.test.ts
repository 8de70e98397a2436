import { validateStep, type StepContext } from '../step-rules';
import { rules as validateUserInfo } from './userinfo';

const TODAY = '2026-11-21';

const ctx = (nationality?: string): StepContext => ({
  today: TODAY,
  clientType: 'hk',
  saved: nationality ? { HK_IDCARD: { nationality } } : {},
  strict: false,
});

const good = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  chineseName: '陳大文',
  firstName: 'TAI MAN',
  lastName: 'CHAN',
  englishName: 'CHAN TAI MAN',
  gender: 1,
  birthday: '1990-05-04',
  birthCity: 'Shenzhen',
  birthCountry: 'CN',
  email: 'taiman@gmail.com',
  defaultLanguage: 'zhTc',
  statementDeliveryWay: 'email',
  ...over,
});

/** the rule of one field (null = no issue on it) */
const ruleOf = (data: Record<string, unknown>, field: string, c: StepContext = ctx('HK')) =>
  validateUserInfo(data, c).find((i) => i.field === field)?.rule ?? null;

describe('USERINFO', () => {
  test('a complete page has no issues, and the registry runs the same validator', () => {
    expect(validateUserInfo(good(), ctx('HK'))).toEqual([]);
    expect(validateStep('USERINFO', good({ email: '' }), ctx('HK'))).toEqual([{ field: 'email', rule: 'required' }]);
  });

  test('an empty page names every field', () => {
    expect(validateUserInfo({}, ctx('HK')).map((i) => [i.field, i.rule])).toEqual([
      ['chineseName', 'required'],
      ['lastName', 'required'],
      ['firstName', 'required'],
      ['gender', 'required'],
      ['birthday', 'required'],
      ['birthCountry', 'required'],
      ['birthCity', 'required'],
      ['email', 'required'],
      ['defaultLanguage', 'required'],
      ['statementDeliveryWay', 'required'],
    ]);
  });

  // age: 18 on the 18th birthday; 76 on the 76th birthday is too old (offline opening)
  test.each([
    ['2008-11-22', 'under18'], // 18 tomorrow
    ['2008-11-21', null], // 18 today
    ['1950-11-22', null], // 76 tomorrow: still 75
    ['1950-11-21', 'tooOld'], // 76 today
    ['1940-01-01', 'tooOld'],
    ['1899-12-31', 'dateRange'],
    ['1990-02-30', 'date'],
    ['1990/05/04', 'date'],
    ['', 'required'],
  ])('birthday %s → %s', (birthday, rule) => {
    expect(ruleOf(good({ birthday }), 'birthday')).toBe(rule);
  });

  test('a 29 February birthday turns 18 on 1 March in a common year', () => {
    const c = { ...ctx('HK'), today: '2026-02-28' };
    expect(ruleOf(good({ birthday: '2008-02-29' }), 'birthday', c)).toBe('under18');
    expect(ruleOf(good({ birthday: '2008-02-29' }), 'birthday', { ...c, today: '2026-03-01' })).toBeNull();
  });

  test.each([
    ['taiman@gmail.com', null],
    ['tai.man+hk@mail.example.com.hk', null],
    ['a@b.co', null],
    ['taiman@gmail', 'email'],
    ['taiman.gmail.com', 'email'],
    ['tai..man@gmail.com', 'email'],
    ['@gmail.com', 'email'],
    ['tai man@gmail.com', 'email'],
    ['', 'required'],
    [`${'a'.repeat(40)}@gmail.com`, null], // 50 characters
    [`${'a'.repeat(41)}@gmail.com`, 'tooLong'], // 51
  ])('e-mail %s → %s', (email, rule) => {
    expect(ruleOf(good({ email }), 'email')).toBe(rule);
  });

  test.each([
    ['HK', '', 'required'],
    ['MO', '', 'required'],
    ['TW', '', 'required'],
    ['SG', '', null],
    ['GB', '', null],
    [undefined, '', null], // no identity step saved: not asked
    ['SG', 'Tan Ah Kow', null],
    ['HK', '陳 Tai Man', null],
    ['HK', '陳大文1', 'chineseName'],
    ['HK', '陳-大文', 'chineseName'],
    ['HK', '陳'.repeat(100), null],
    ['HK', '陳'.repeat(101), 'tooLong'],
  ])('nationality %s, Chinese name %p → %s', (nationality, chineseName, rule) => {
    expect(ruleOf(good({ chineseName }), 'chineseName', ctx(nationality))).toBe(rule);
  });

  test.each([
    ['CHAN', null],
    ['CHAN-WONG', null],
    ['AU YEUNG', null],
    ['Chan', 'englishName'],
    ['CHAN1', 'englishName'],
    ['-CHAN', 'englishName'],
    ['陳', 'englishName'],
    ['A'.repeat(100), null],
    ['A'.repeat(101), 'tooLong'],
    ['', 'required'],
  ])('last name %p → %s', (lastName, rule) => {
    expect(ruleOf(good({ lastName, englishName: `${lastName} TAI MAN` }), 'lastName')).toBe(rule);
    expect(ruleOf(good({ firstName: lastName, englishName: `CHAN ${lastName}` }), 'firstName')).toBe(rule);
  });

  test('the English name is "LAST FIRST"', () => {
    expect(ruleOf(good({ englishName: 'TAI MAN CHAN' }), 'englishName')).toBe('format');
    expect(ruleOf(good({ englishName: 'CHAN  TAI MAN' }), 'englishName')).toBe('format');
    expect(ruleOf(good({ lastName: '', englishName: '' }), 'englishName')).toBeNull(); // the name fields carry the issue
  });

  test.each([
    [{ gender: 2 }, 'gender', null],
    [{ gender: 3 }, 'gender', 'choice'],
    [{ gender: '1' }, 'gender', 'choice'],
    [{ birthCountry: 'cn' }, 'birthCountry', 'country'],
    [{ birthCountry: 'CHN' }, 'birthCountry', 'country'],
    [{ birthCountry: 'HK', birthCity: '' }, 'birthCity', null],
    [{ birthCountry: 'MO', birthCity: '' }, 'birthCity', null],
    [{ birthCountry: 'CN', birthCity: '' }, 'birthCity', 'required'],
    [{ birthCountry: 'CN', birthCity: '广东省深圳市' }, 'birthCity', null],
    [{ birthCountry: 'GB', birthCity: 'Stratford-upon-Avon' }, 'birthCity', null],
    [{ birthCountry: 'GB', birthCity: 'London 2' }, 'birthCity', 'city'],
    [{ birthCountry: 'GB', birthCity: 'L'.repeat(101) }, 'birthCity', 'tooLong'],
    [{ defaultLanguage: 'en' }, 'defaultLanguage', null],
    [{ defaultLanguage: 'zhCn' }, 'defaultLanguage', 'choice'],
    [{ statementDeliveryWay: 'post' }, 'statementDeliveryWay', 'choice'],
  ])('%p → %s %s', (over, field, rule) => {
    expect(ruleOf(good(over), field)).toBe(rule);
  });
});
