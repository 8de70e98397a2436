import { defaultBirthCountry, defaultResidenceCountry, defaultStatementLang } from './countries';

describe('the defaults a form starts with (issue 37)', () => {
  test.each([
    ['en', 'HK', 'en'],
    ['zh-TW', 'GB', 'zhTc'],
    ['zh-CN', 'CN', 'zhTc'],
    [undefined, 'HK', 'zhTc'],
    [undefined, 'GB', 'en'],
  ] as const)('statement language: page %s, nationality %s → %s', (page, nationality, lang) => expect(defaultStatementLang(page, nationality)).toBe(lang));

  test.each([
    ['HK', 'HK'],
    ['MO', 'MO'],
    ['GB', 'CN'],
    [undefined, 'CN'],
  ] as const)('country of birth for a national of %s → %s', (nationality, country) => expect(defaultBirthCountry(nationality)).toBe(country));

  test.each([
    ['an HKID', { idType: 1, idCountry: 'HK' }, 'HK'],
    ['a Macau ID', { idType: 1, idCountry: 'MO' }, 'MO'],
    ['a passport', { idType: 2, idCountry: 'GB' }, ''],
    ['no identity step yet', undefined, ''],
  ] as const)('residence country from %s → "%s"', (_n, id, country) => expect(defaultResidenceCountry(id)).toBe(country));
});
