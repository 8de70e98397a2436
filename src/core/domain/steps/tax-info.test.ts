import { validateStep, type StepContext } from '../step-rules';
import { checkTaxNumber, checkW8Address, rules as validateTaxInfo } from './tax-info';

type D = Record<string, unknown>;
const base = { today: '2026-06-15', strict: false };
const CN_ID = '11010519491231002X';
const cn: StepContext = { ...base, clientType: 'cn', saved: { IDCARD: { idNumber: CN_ID, birthday: '1949-12-31' } } };
const hkPermanent: StepContext = { ...base, clientType: 'hk', saved: { HK_IDCARD: { permanentResident: 1, idCountry: 'HK', idNumber: 'A1234567' } } };
const hkNonPermanent: StepContext = {
  ...base,
  clientType: 'hk',
  saved: { HK_IDCARD: { permanentResident: 2, idCountry: 'GB', idNumber: 'P-123/456', idExtraInfo: { permanent: { idCountry: 'CN', idType: null, idNumber: CN_ID } } } },
};

type Row = [country: string, number: string];
let fileSeq = 0;
const file = (country: string, over: D = {}) => ({ ossId: `taxFile${++fileSeq}`, description: `tax-${fileSeq}.pdf`, ossCategory: 'UserApply', taxInfoCountryCode: country, ...over });
const page = (rows: Row[], files: D[] = [], over: D = {}): D => ({
  taxInfo: Object.fromEntries(rows.map(([c, n]) => [c, n])),
  frontInfo: { RAW_taxInfo: rows.map(([countryCode, taxNumber]) => ({ countryCode, taxNumber, taxCountry: countryCode })) },
  w8Info: { country: rows[0]?.[0] ?? 'HK', residenceAddress: '10 HARBOUR ROAD WAN CHAI' },
  documentInfo: { idCardTaxInfo: files },
  ...over,
});
const rulesOf = (d: D, c: StepContext = hkPermanent) => validateTaxInfo(d, c).map((i) => `${i.field}:${i.rule}`);

describe('TAXINFO', () => {
  it.each([
    ['cn: the ID card row, no file', cn, page([['CN', CN_ID]])],
    ['hk permanent: the HK ID row and a US row with its file', hkPermanent, page([['HK', 'A1234567'], ['US', '123456789']], [file('US')])],
    ['hk non-permanent: the passport row (number cleaned) and a HK row with a file', hkNonPermanent, page([['GB', 'P123456'], ['HK', 'A7654321']], [file('HK')])],
    ['hk non-permanent: the permanent-residence ID row first', hkNonPermanent, page([['CN', CN_ID], ['GB', 'P123456']])],
  ])('%s: no issues', (_, c, d) => expect(validateTaxInfo(d, c)).toEqual([]));

  it('the registry runs the same validator', () =>
    expect(validateStep('TAXINFO', page([['HK', 'A1234567'], ['US', '1']]), hkPermanent)).toEqual([{ field: 'documentInfo.idCardTaxInfo.US', rule: 'fileRequired' }]));

  it('an empty page names every part', () =>
    expect(rulesOf({})).toEqual(['frontInfo.RAW_taxInfo:required', 'taxInfo:required', 'w8Info.country:required', 'w8Info.residenceAddress:required']));

  const countries = ['HK', 'US', 'GB', 'SG', 'JP', 'FR'];
  const rowsOf = (n: number): Row[] => countries.slice(0, n).map((c, i) => [c, i === 0 ? 'A1234567' : `TIN${i}`]);
  const filesOf = (n: number) => countries.slice(1, n).map((c) => file(c));
  it.each([
    [1, []],
    [5, []],
    [6, ['frontInfo.RAW_taxInfo:tooManyRows']],
  ])('%p rows → %p', (n, issues) => expect(rulesOf(page(rowsOf(n), filesOf(n)))).toEqual(issues));

  it('no rows', () => expect(rulesOf(page([]))).toContain('frontInfo.RAW_taxInfo:required'));

  it.each([
    ['a duplicate country (the later row)', [['HK', 'A1234567'], ['US', '1'], ['HK', '2']] as Row[], [file('US')], ['frontInfo.RAW_taxInfo.2.countryCode:duplicateCountry']],
    ['an unknown country form', [['HK', 'A1234567'], ['usa', '1']] as Row[], [], ['frontInfo.RAW_taxInfo.1.countryCode:country']],
    ['an empty country', [['HK', 'A1234567'], ['', '1']] as Row[], [], ['frontInfo.RAW_taxInfo.1.countryCode:required']],
    ['an empty number', [['HK', 'A1234567'], ['US', '']] as Row[], [file('US')], ['frontInfo.RAW_taxInfo.1.taxNumber:required']],
  ])('%s', (_, rows, files, issues) => expect(rulesOf(page(rows, files))).toEqual(expect.arrayContaining(issues)));

  it.each([
    ['cn', 'A'.repeat(18), null],
    ['cn', 'A'.repeat(19), 'tooLong'],
    ['hk', 'A'.repeat(100), null],
    ['hk', 'A'.repeat(101), 'tooLong'],
    ['hk', 'AB|(12)', null],
    ['hk', 'ab12', 'format'],
    ['hk', 'AB-12', 'format'],
    ['hk', 'AB 12', 'format'],
    ['hk', '税12', 'format'],
    ['hk', 12, 'format'],
    ['hk', '', 'required'],
  ] as const)('%s tax number %p → %p', (clientType, v, rule) => expect(checkTaxNumber(v, { clientType })).toBe(rule));

  describe('first row', () => {
    it.each([
      ['cn: another country', cn, page([['HK', 'A1234567'], ['CN', CN_ID]], [file('HK')]), ['frontInfo.RAW_taxInfo.0.countryCode:identityCountry']],
      ['cn: another number', cn, page([['CN', '110105194912310021']], [file('CN')]), ['frontInfo.RAW_taxInfo.0.taxNumber:identityNumber']],
      ['non-permanent: one row only', hkNonPermanent, page([['GB', 'P123456']]), ['frontInfo.RAW_taxInfo.1.countryCode:required']],
      [
        'non-permanent: a country of no identity document',
        hkNonPermanent,
        page([['US', '1'], ['GB', 'P123456']], [file('US')]),
        ['frontInfo.RAW_taxInfo.0.countryCode:identityCountry'],
      ],
      [
        'non-permanent: another number than the document',
        hkNonPermanent,
        page([['GB', 'P999'], ['HK', 'A7654321']], [file('GB'), file('HK')]),
        ['frontInfo.RAW_taxInfo.0.taxNumber:identityNumber'],
      ],
      ['permanent: any first row', hkPermanent, page([['US', '1']], [file('US')]), []],
      ['cn: a number too long is only too long', cn, page([['CN', 'A'.repeat(19)]], [file('CN')]), ['frontInfo.RAW_taxInfo.0.taxNumber:tooLong']],
      ['cn: a malformed country is only a country error', cn, page([['cn', CN_ID]], [], { w8Info: { country: 'CN', residenceAddress: 'X' } }), ['frontInfo.RAW_taxInfo.0.countryCode:country', 'documentInfo.idCardTaxInfo.cn:fileRequired']],
    ])('%s', (_, c, d, issues) => expect(rulesOf(d, c)).toEqual(issues));
  });

  describe('files', () => {
    const us = (files: D[]) => rulesOf(page([['HK', 'A1234567'], ['US', '123']], files));
    it.each([
      ['0 files', [], ['documentInfo.idCardTaxInfo.US:fileRequired']],
      ['1 file', [file('US')], []],
      ['3 files', [file('US'), file('US'), file('US')], []],
      ['4 files', [file('US'), file('US'), file('US'), file('US')], ['documentInfo.idCardTaxInfo.US:tooManyFiles']],
      ['a file for the HK ID row too (allowed)', [file('US'), file('HK')], []],
      ['a file of a country not in the rows', [file('US'), file('JP')], ['documentInfo.idCardTaxInfo.JP:choice']],
      ['a file of category UserInfo', [file('US', { ossCategory: 'UserInfo' })], ['documentInfo.idCardTaxInfo:choice']],
      ['a file without its country', [file('US', { taxInfoCountryCode: undefined })], ['documentInfo.idCardTaxInfo:choice']],
      ['a malformed file id', [file('US', { ossId: 'x' })], ['documentInfo.idCardTaxInfo:choice']],
      ['the same file twice', [file('US', { ossId: 'sameFile1' }), file('US', { ossId: 'sameFile1' })], ['documentInfo.idCardTaxInfo:choice']],
      ['an unknown file field', [file('US', { size: 10 })], ['documentInfo.idCardTaxInfo:choice']],
    ])('%s', (_, files, issues) => expect(us(files)).toEqual(issues));

    it('a number equal to the ID number needs no file, in any letter case of the document', () =>
      expect(rulesOf(page([['HK', 'A1234567']]), { ...hkPermanent, saved: { HK_IDCARD: { permanentResident: 1, idCountry: 'HK', idNumber: 'a1234567' } } })).toEqual([]));
    it('the ID number under another country needs a file', () =>
      expect(rulesOf(page([['US', 'A1234567']]))).toEqual(['documentInfo.idCardTaxInfo.US:fileRequired']));
    it('no file list at all is no files', () =>
      expect(rulesOf({ ...page([['US', '1']]), documentInfo: undefined })).toEqual(['documentInfo.idCardTaxInfo.US:fileRequired']));
  });

  it.each([
    ['a different number', { HK: 'A1234567', US: '999' }, 'choice'],
    ['a pair too many', { HK: 'A1234567', US: '123', GB: '1' }, 'choice'],
    ['a pair missing', { HK: 'A1234567' }, 'choice'],
    ['an array', [], 'choice'],
  ])('taxInfo with %s', (_, taxInfo, rule) => expect(rulesOf(page([['HK', 'A1234567'], ['US', '123']], [file('US')], { taxInfo }))).toEqual([`taxInfo:${rule}`]));

  it('taxCountry must repeat the country', () => {
    const d = page([['HK', 'A1234567']]);
    (d.frontInfo as { RAW_taxInfo: D[] }).RAW_taxInfo[0].taxCountry = 'Hong Kong';
    expect(rulesOf(d)).toEqual(['frontInfo.RAW_taxInfo.0.taxCountry:choice']);
  });

  it.each([
    ['FLAT 1 10 HARBOUR ROAD', null],
    ['A'.repeat(500), null],
    ['A'.repeat(501), 'tooLong'],
    ['香港 10 HARBOUR ROAD', 'noChinese'],
    ['FLAT 1, 10/F HARBOUR ROAD', 'w8Address'],
    ['flat 1 harbour road', 'w8Address'],
    ['FLAT 1  HARBOUR ROAD', 'w8Address'],
    [' FLAT 1', 'w8Address'],
    ['', 'required'],
    [12, 'format'],
  ])('W-8 address %p → %p', (v, rule) => expect(checkW8Address(v)).toBe(rule));

  it.each([
    ['US', null],
    ['', 'required'],
    ['usa', 'country'],
  ])('W-8 country %p → %p', (country, rule) =>
    expect(validateTaxInfo(page([['HK', 'A1234567']], [], { w8Info: { country, residenceAddress: 'X' } }), hkPermanent).find((i) => i.field === 'w8Info.country')?.rule ?? null).toBe(rule));
});
