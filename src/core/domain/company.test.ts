import { checkManualCompanyAddress, checkManualCompanyName, manualCompanyIssues, searchWord, COMPANY_SEARCH } from './company';

describe('company search and manual entry', () => {
  test('limits as the spec gives', () => expect(COMPANY_SEARCH).toEqual({ minChars: 2, debounceMs: 200, pageSize: 10 }));

  test.each([
    ['', null],
    ['a', null],
    [' a ', null],
    ['ab', 'ab'],
    ['  腾讯 ', '腾讯'],
  ])('search word %p → %p', (typed, word) => expect(searchWord(typed)).toBe(word));

  test.each([
    ['', 'required'],
    ['   ', 'required'],
    ['abc', 'tooShort'],
    [' abc ', 'tooShort'],
    ['abcd', null],
    ['x'.repeat(200), null],
    ['x'.repeat(201), 'tooLong'],
    [undefined, 'required'],
  ])('manual name %p → %p', (v, rule) => expect(checkManualCompanyName(v)).toBe(rule));

  test.each([
    ['', 'Acme Ltd', 'required'],
    ['1 Queen\'s Road Central', 'Acme Ltd', null],
    ['Acme Ltd', 'Acme Ltd', 'sameAsName'],
    [' acme  ltd ', 'Acme Ltd', 'sameAsName'],
    ['x'.repeat(500), 'Acme Ltd', null],
    ['x'.repeat(501), 'Acme Ltd', 'tooLong'],
  ])('manual address %p with name %p → %p', (v, name, rule) => expect(checkManualCompanyAddress(v, name)).toBe(rule));

  test.each([
    ['both missing', '', '', ['name:required', 'address:required']],
    ['a short name', 'Abc', '1 Queen\'s Road Central', ['name:tooShort']],
    ['the address is the name again', 'Acme Ltd', ' acme  ltd ', ['address:sameAsName']],
    ['a name and its address', 'Acme Ltd', '1 Queen\'s Road Central', []],
  ])('manual entry with %s', (_what, name, address, issues) => expect(manualCompanyIssues({ name, address }).map((i) => `${i.field}:${i.rule}`)).toEqual(issues));
});
