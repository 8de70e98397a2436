import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSENT_SHA256, HKIDR_CONSENT, accountPageUrl, consentKeys, hkIdentifierLanding, identificationOf, maskIdNumber, ticketReasonOf } from './hk-identifier';
import { LANGS } from './calls';

describe('HK investor identifier', () => {
  test.each([
    ['K1234567', 'K1****67'],
    ['K123456(7)', 'K1****67'],
    ['440305199003070012', '44**************12'],
    ['E1234', 'E1*34'],
    ['ABCD', '****'],
    ['', ''],
  ])('the number %s shows as %s', (raw, shown) => expect(maskIdNumber(raw)).toBe(shown));

  test.each([
    ['cn: the resident identity card, a national identity document of CN', 'cn', { IDCARD: { idNumber: '440305199003070012', englishName: 'ZHANG SAN', chineseName: '张三' } }, { englishName: 'ZHANG SAN', chineseName: '张三', idType: 'NATIONAL_ID', idNumberMasked: '44**************12', issuingCountry: 'CN' }],
    ['hk: an HK identity card', 'hk', { HK_IDCARD: { idType: 1, idCountry: 'HK', idNumber: 'K1234567' }, USERINFO: { englishName: 'CHAN TAI MAN', chineseName: '陳大文' } }, { englishName: 'CHAN TAI MAN', chineseName: '陳大文', idType: 'HKID', idNumberMasked: 'K1****67', issuingCountry: 'HK' }],
    ['hk: a Macau identity card, the national identity document of MO', 'hk', { HK_IDCARD: { idType: 1, idCountry: 'MO', idNumber: '1234567(8)' }, USERINFO: { englishName: 'LEI A', chineseName: '' } }, { englishName: 'LEI A', chineseName: '', idType: 'NATIONAL_ID', idNumberMasked: '12****78', issuingCountry: 'MO' }],
    ['hk: a passport with its issuing country', 'hk', { HK_IDCARD: { idType: 2, idCountry: 'GB', idNumber: '123456789' }, USERINFO: { englishName: 'SMITH JOHN' } }, { englishName: 'SMITH JOHN', chineseName: '', idType: 'PASSPORT', idNumberMasked: '12*****89', issuingCountry: 'GB' }],
  ] as const)('%s', (_, type, data, expected) => expect(identificationOf(type, data)).toEqual(expected));

  test.each([
    ['no application data (an account brought over)', 'hk', null],
    ['no identity step', 'cn', {}],
    ['an ID card of another place', 'hk', { HK_IDCARD: { idType: 1, idCountry: 'SG', idNumber: 'S1234567' } }],
    ['no number', 'hk', { HK_IDCARD: { idType: 1, idCountry: 'HK', idNumber: ' ' } }],
  ] as const)('nothing to show: %s', (_, type, data) => expect(identificationOf(type, data as Record<string, unknown> | null)).toBeNull());

  test('the page opens on the consent while it is to be signed, on the result once signed', () => {
    expect(hkIdentifierLanding(1)).toBe('/');
    expect(hkIdentifierLanding(2)).toBe('/result');
  });

  test('links: the account in a browser, the ticket from the app', () => {
    expect(accountPageUrl('hkIdentifier', { sub: 'S12345678' }, '/result')).toBe('/pages/investorIdentifier.html?sub=S12345678#/result');
    expect(accountPageUrl('improveInfo', { ticket: 'a.b' })).toBe('/pages/improveInfo.html?ticket=a.b#/');
  });

  test.each([
    [{ reason: 'expired' }, 'expired'],
    [{ reason: 'used' }, 'used'],
    [{ reason: 'other' }, 'invalid'],
    [undefined, 'invalid'],
  ])('the ticket refusal %j reads %s', (data, reason) => expect(ticketReasonOf(data)).toBe(reason));

  test('the consent text of each language is the one its version was recorded with (change the text: change the version)', () => {
    for (const lang of LANGS) {
      const consent = JSON.parse(readFileSync(join(__dirname, '../../../locales', `${lang}.json`), 'utf8')).hkIdentifier.consent as Record<string, string>;
      const text = consentKeys().map((k) => consent[k]).join('\n\n');
      expect([lang, HKIDR_CONSENT.version, createHash('sha256').update(text).digest('hex')]).toEqual([lang, HKIDR_CONSENT.version, CONSENT_SHA256[lang]]);
      expect(consent[`p${HKIDR_CONSENT.paragraphs + 1}`]).toBeUndefined();
    }
  });
});
