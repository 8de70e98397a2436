import {
  addDays,
  addMonths,
  ageOn,
  birthdayRange,
  checkAge,
  checkBankCard,
  checkChineseName,
  checkCity,
  checkCnId,
  checkDate,
  checkEmail,
  checkEnglishName,
  checkHkId,
  checkOtherId,
  checkPermanentCnId,
  checkPhone,
  checkPinyin,
  checkValidity,
  cnIdCheckDigit,
  idValidityRanges,
  emailSuggestions,
  englishNameOf,
  EMAIL_DOMAINS,
  LONG_TERM,
  luhnApplies,
  luhnValid,
  normaliseEmail,
  normaliseHkId,
  normaliseLatinName,
  normaliseOtherId,
  parseCnId,
  todayInHongKong,
} from './identity';

const TODAY = '2026-11-21';
/** a valid number: region 110101, born 1990-03-07, sequence 123 (odd → male) */
const withCheck = (first17: string) => first17 + cnIdCheckDigit(first17);
const VALID = withCheck('11010119900307123');

describe('mainland ID number', () => {
  test('the MOD 11-2 check digit of known numbers', () => {
    // GB 11643 worked example and a number whose check character is X
    expect(cnIdCheckDigit('11010519491231002')).toBe('X');
    expect(cnIdCheckDigit('44052418800101001')).toBe('4');
  });

  test.each([
    ['valid', VALID, null],
    ['valid with X, lower case x typed', '11010519491231002x', null],
    ['wrong check digit', VALID.slice(0, 17) + ((Number(VALID[17]) + 1) % 10), 'cnIdChecksum'],
    ['17 characters', VALID.slice(0, 17), 'cnIdFormat'],
    ['19 characters', VALID + '1', 'cnIdFormat'],
    ['letter inside', '1101011990A307123' + '4', 'cnIdFormat'],
    ['unknown province 99', withCheck('99010119900307123'), 'cnIdRegion'],
    ['Hong Kong residence permit 81', withCheck('81000019900307123'), 'cnIdRegion'],
    ['31 February', withCheck('11010119900231123'), 'cnIdBirthday'],
    ['born in the future', withCheck('11010120300101123'), 'cnIdBirthday'],
    ['born before 1900', withCheck('11010118991231123'), 'cnIdBirthday'],
    ['empty', '', 'required'],
  ])('%s', (_name, id, rule) => {
    expect(checkCnId(id, TODAY)).toBe(rule);
  });

  test('birthday and gender come from the number and must agree', () => {
    expect(parseCnId(VALID, TODAY)).toEqual({ ok: true, region: '110101', birthday: '1990-03-07', gender: 1 });
    expect(parseCnId(withCheck('11010119900307124'), TODAY)).toMatchObject({ gender: 2 });
    expect(checkCnId(VALID, TODAY, { birthday: '1990-03-07', gender: 1 })).toBeNull();
    expect(checkCnId(VALID, TODAY, { birthday: '1990-03-08' })).toBe('cnIdMismatch');
    expect(checkCnId(VALID, TODAY, { gender: 2 })).toBe('cnIdMismatch');
  });

  test('a known-region lookup, when given, must know the region', () => {
    expect(checkCnId(VALID, TODAY, {}, (c) => c === '110101')).toBeNull();
    expect(checkCnId(VALID, TODAY, {}, () => false)).toBe('cnIdRegion');
  });
});

describe('HK ID and other documents', () => {
  test.each([
    ['A123456', 'hkId'], // 7: format error
    ['A1234563', null], // 8
    ['AB9876543', null], // 9: two letters
    ['R123456A', null], // check digit 10 is written A
    ['K1234560', null], // check digit 11 is written 0
    ['A1234567', 'hkIdCheckDigit'], // wrong check digit
    ['AB1234567', 'hkIdCheckDigit'],
    ['1A234563', 'hkId'], // a digit where the letter goes
    ['ABC123456', 'hkId'], // three letters
    ['AB12345678', 'hkId'], // 10
    ['a1234567', 'hkId'], // not upper-cased
    ['A123456(7)', 'hkId'],
    ['', 'required'],
  ])('HK ID %p → %p', (v, rule) => expect(checkHkId(v)).toBe(rule));

  test('typing an HK ID keeps letters and digits, upper case, at most 9', () => {
    expect(normaliseHkId('a123456(7)')).toBe('A1234567');
    expect(normaliseHkId('ab 1234567 89')).toBe('AB1234567');
  });

  test.each([
    ['E12345678', null],
    ['P-123/45(6)', null],
    ['X'.repeat(50), null],
    ['X'.repeat(51), 'tooLong'],
    ['AB 123', 'otherId'],
    ['', 'required'],
  ])('passport or other ID %p → %p', (v, rule) => expect(checkOtherId(v)).toBe(rule));

  test('typing another ID drops other characters', () => expect(normaliseOtherId('e1234 5678#')).toBe('E12345678'));

  test.each([
    ['11010119900307123X', null],
    ['110101199003071234', null],
    ['11010119900307123', 'permanentCnId'],
    ['1101011990030712AB', 'permanentCnId'],
  ])('permanent mainland ID %p → %p', (v, rule) => expect(checkPermanentCnId(v)).toBe(rule));
});

describe('names', () => {
  test.each([
    ['ZHANG', null],
    ['SAN FENG', null],
    ['zhang', 'lettersOnly'],
    ['ZHANG-SAN', 'lettersOnly'],
    ['A'.repeat(100), null],
    ['A'.repeat(101), 'tooLong'],
    ['  ', 'required'],
  ])('pinyin %p → %p', (v, rule) => expect(checkPinyin(v)).toBe(rule));

  test.each([
    ['CHAN', null],
    ['TAI MAN', null],
    ['SMITH-JONES', null],
    ["O'BRIEN", 'englishName'],
    ['-CHAN', 'englishName'],
  ])('English name %p → %p', (v, rule) => expect(checkEnglishName(v)).toBe(rule));

  test('typed names are upper-cased and cleaned', () => {
    expect(normaliseLatinName('zhang  san1')).toBe('ZHANG SAN');
    expect(normaliseLatinName('smith-jones', true)).toBe('SMITH-JONES');
    expect(normaliseLatinName('smith-jones')).toBe('SMITHJONES');
  });

  test.each([
    ['陳大文', true, null],
    ['陳大文 Peter', true, null],
    ['', true, 'required'],
    ['', false, null],
    ['陳1', false, 'chineseName'],
  ])('Chinese name %p (required %p) → %p', (v, required, rule) => expect(checkChineseName(v, required)).toBe(rule));

  test('English name is last, space, first', () => expect(englishNameOf('ZHANG', 'SAN')).toBe('ZHANG SAN'));
});

describe('e-mail, phone, bank card', () => {
  test.each([
    ['a@b.co', null],
    ['first.last+tag@mail.example.com', null],
    ['a@b', 'email'],
    ['a..b@c.com', 'email'],
    ['@b.com', 'email'],
    [`${'a'.repeat(40)}@gmail.com`, null], // 50
    [`${'a'.repeat(41)}@gmail.com`, 'tooLong'], // 51
    ['', 'required'],
  ])('e-mail %p → %p', (v, rule) => expect(checkEmail(v)).toBe(rule));

  test('typed e-mail loses spaces and Chinese characters', () => expect(normaliseEmail(' zhang 三@qq.com')).toBe('zhang@qq.com'));

  test('suggestions: all 11 domains after the name, narrowed by what follows @, none once complete', () => {
    expect(EMAIL_DOMAINS).toHaveLength(11);
    expect(emailSuggestions('zhang')).toHaveLength(11);
    expect(emailSuggestions('zhang@1')).toEqual(['zhang@126.com', 'zhang@163.com', 'zhang@139.com']);
    expect(emailSuggestions('zhang@qq.com')).toEqual([]);
    expect(emailSuggestions('')).toEqual([]);
  });

  test.each([
    ['13800138000', null],
    ['1380013800', 'phone'],
    ['23800138000', 'phone'],
    ['', 'required'],
  ])('phone %p → %p', (v, rule) => expect(checkPhone(v)).toBe(rule));

  test.each([
    ['6222021234567890123', null],
    ['123456789012', null],
    ['12345678901', 'bankCard'],
    ['1'.repeat(25), null],
    ['1'.repeat(26), 'bankCard'],
    ['6222 0212', 'bankCard'],
  ])('bank card %p → %p', (v, rule) => expect(checkBankCard(v)).toBe(rule));
});

describe('city', () => {
  test.each([
    ['', 'HK', null],
    ['', 'MO', null],
    ['', 'CN', 'required'],
    ['', undefined, 'required'],
    ['深圳', 'CN', null],
    ['New York', 'US', null],
    ['Stratford-upon-Avon', 'GB', null],
    ['Room 12', 'GB', 'city'],
    ['A'.repeat(101), 'GB', 'tooLong'],
  ])('%p in %p → %p', (v, country, rule) => expect(checkCity(v, country)).toBe(rule));
});

describe('dates and ages', () => {
  test.each([
    ['1900-01-01', null],
    ['1899-12-31', 'dateRange'],
    ['2122-02-01', null],
    ['2122-02-02', 'dateRange'],
    ['2023-02-29', 'date'],
    ['2024/02/01', 'date'],
    ['', 'required'],
  ])('date %p → %p', (v, rule) => expect(checkDate(v)).toBe(rule));

  test.each([
    // 18th birthday exactly: allowed; the day before: under 18
    ['2008-11-21', null],
    ['2008-11-22', 'under18'],
    // 76th birthday exactly: offline; the day before: still 75
    ['1950-11-21', 'tooOld'],
    ['1950-11-22', null],
    // 65 is allowed (the 65-75 readers get the special disclosure later)
    ['1961-11-21', null],
  ])('born %p, on %s → %p'.replace('%s', TODAY), (birthday, rule) => expect(checkAge(birthday, TODAY)).toBe(rule));

  test('29 February birthdays count from 1 March in common years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });

  test.each([
    // the 18th birthday is the last date; the day after the 76th-birthday cut is the first
    ['2026-11-21', '1950-11-22', '2008-11-21', '1996-11-21'],
    // on 28 February of a common year someone born 29 February 2008 is still 17: the last date is the 28th
    ['2026-02-28', '1950-03-01', '2008-02-28', '1996-02-28'],
    ['2026-03-01', '1950-03-02', '2008-03-01', '1996-03-01'],
    // on 29 February of a leap year
    ['2028-02-29', '1952-03-01', '2010-02-28', '1998-02-28'],
  ])('on %s the birth-date wheel runs %s … %s and opens at %s', (today, min, max, start) => {
    expect(birthdayRange(today)).toEqual({ min, max, start, ages: { min: 18, max: 75 } });
    // the ends agree with the age rule itself, and the dates just outside do not
    expect(checkAge(min, today)).toBeNull();
    expect(checkAge(max, today)).toBeNull();
    expect(checkAge(addDays(min, -1), today)).toBe('tooOld');
    expect(checkAge(addDays(max, 1), today)).toBe('under18');
  });

  test('the validity wheels: the start from 2004 to today, the end from 6 months to 20 years ahead (the rule passes at both ends)', () => {
    const r = idValidityRanges(TODAY);
    expect(r.start).toEqual({ min: '2004-01-01', max: TODAY, start: TODAY });
    expect(r.end).toEqual({ min: '2027-05-21', max: '2046-11-21', start: '2036-11-21' });
    expect(checkValidity(`${r.start.max},${r.end.min}`, TODAY)).toBeNull();
    expect(checkValidity(`${r.start.min},${r.end.max}`, TODAY)).toBeNull();
    expect(checkValidity(`${r.start.max},${addDays(r.end.min, -1)}`, TODAY)).toBe('idExpiring');
  });

  test('adding days crosses months and years, 29 February included', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  test('today in Hong Kong runs 8 hours ahead of UTC', () => {
    expect(todayInHongKong(Date.UTC(2026, 10, 21, 15, 59))).toBe('2026-11-21');
    expect(todayInHongKong(Date.UTC(2026, 10, 21, 16, 0))).toBe('2026-11-22');
  });

  test('adding months clamps the day', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2026-11-21', 6)).toBe('2027-05-21');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
});

describe('ID validity', () => {
  test.each([
    ['2016-05-21,2027-05-21', null], // exactly 6 months left
    ['2016-05-20,2027-05-20', 'idExpiring'], // a day less
    ['2006-01-01,2026-11-20', 'idExpired'],
    [`2010-01-01,${LONG_TERM}`, null],
    ['2027-01-01,2047-01-01', 'date'], // starts in the future
    ['2020-01-01', 'date'],
    ['2040-01-01,2020-01-01', 'date'],
    ['', 'required'],
  ])('%p → %p', (v, rule) => expect(checkValidity(v, TODAY)).toBe(rule));
});

describe('Luhn', () => {
  test.each([
    ['4111111111111111', true],
    ['6217001234567890122', true],
    ['6217001234567890123', false],
    ['12a4', false],
  ])('%p valid: %p', (v, ok) => expect(luhnValid(v)).toBe(ok));
  test.each([
    ['6217001234567890122', true], // UnionPay, 19
    ['4111111111111111', true], // Visa, 16
    ['411111111111111', false], // 15
    ['9558801234567890', false], // older domestic scheme
  ])('%p needs the check digit: %p', (v, ok) => expect(luhnApplies(v)).toBe(ok));
});
