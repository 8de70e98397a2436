import { validateStep, type StepContext } from '../step-rules';
import { checkResidenceAddress, hasChinese, residenceAddressOf, rules as validateProofAddress } from './proof-address';

const ctx: StepContext = { today: '2026-11-21', clientType: 'hk', saved: {}, strict: false };

const file = (n: number) => ({ ossId: `proofFile${n}`, url: `https://x/${n}`, description: `bill-${n}.pdf`, ossCategory: 'UserApply' });

interface Parts {
  country?: unknown;
  city?: unknown;
  address?: unknown;
  same?: unknown;
  files?: unknown;
  w8?: unknown;
  mailing?: Record<string, unknown>;
}

function data(p: Parts = {}): Record<string, unknown> {
  const country = 'country' in p ? p.country : 'GB';
  const city = 'city' in p ? p.city : 'London';
  const address = 'address' in p ? p.address : '10 Downing Street';
  return {
    contactInfo: {
      residentialAddress: address,
      residentialAddressCountry: country,
      residentialAddressCity: city,
      mailingAddress: address,
      mailingAddressCountry: country,
      mailingAddressCity: city,
      mailingSameResidential: 'same' in p ? p.same : 1,
      ...p.mailing,
    },
    documentInfo: { proofOfAddress: 'files' in p ? p.files : [file(1)] },
    w8Info: { residenceAddress: 'w8' in p ? p.w8 : typeof address === 'string' ? residenceAddressOf(address) : '' },
  };
}

const ruleOf = (d: Record<string, unknown>, field: string) => validateProofAddress(d, ctx).find((i) => i.field === field)?.rule ?? null;

describe('PROOFADDRESS', () => {
  test('a complete page has no issues; the registry runs the same validator', () => {
    expect(validateProofAddress(data(), ctx)).toEqual([]);
    expect(validateStep('PROOFADDRESS', data({ files: [] }), ctx)).toEqual([{ field: 'documentInfo.proofOfAddress', rule: 'fileRequired' }]);
  });

  test('an empty page names every field', () => {
    expect(validateProofAddress({}, ctx).map((i) => `${i.field}:${i.rule}`)).toEqual([
      'contactInfo.residentialAddressCountry:required',
      'contactInfo.residentialAddressCity:required',
      'contactInfo.residentialAddress:required',
      'contactInfo.mailingSameResidential:mustTick',
      'documentInfo.proofOfAddress:fileRequired',
    ]);
  });

  test.each([
    ['HK', '', null],
    ['MO', '', null],
    ['HK', 'Kowloon', null],
    ['CN', '', 'required'],
    ['GB', '  ', 'required'],
    ['SG', '', 'required'],
    ['CN', '深圳', null],
    ['CN', '深圳市 Futian', null],
    ['GB', "King's Lynn", null],
    ['FR', 'Saint-Étienne', null],
    ['GB', 'London 1', 'city'],
    ['GB', 'London, UK', 'city'],
    ['GB', '#London', 'city'],
    ['GB', 'L'.repeat(100), null],
    ['GB', 'L'.repeat(101), 'tooLong'],
  ])('country %s, city %p → %s', (country, city, rule) => {
    expect(ruleOf(data({ country, city }), 'contactInfo.residentialAddressCity')).toBe(rule);
  });

  test.each([
    ['', 'required'],
    [undefined, 'required'],
    ['gb', 'country'],
    ['GBR', 'country'],
    ['GB', null],
  ])('country %p → %s', (country, rule) => {
    expect(ruleOf(data({ country }), 'contactInfo.residentialAddressCountry')).toBe(rule);
  });

  test.each([
    ['a'.repeat(500), null],
    ['a'.repeat(501), 'tooLong'],
    ['', 'required'],
    ['   ', 'required'],
    ['Flat 1\n10 Downing Street', null],
  ])('address of %#: %s', (address, rule) => {
    expect(ruleOf(data({ address }), 'contactInfo.residentialAddress')).toBe(rule);
  });

  test.each([
    [0, 'fileRequired'],
    [1, null],
    [3, null],
    [4, 'tooManyFiles'],
  ])('%i proof files → %s', (n, rule) => {
    expect(ruleOf(data({ files: Array.from({ length: n }, (_, i) => file(i + 1)) }), 'documentInfo.proofOfAddress')).toBe(rule);
  });

  test('a proof that is not a file reference, or no list at all', () => {
    expect(ruleOf(data({ files: [{ url: 'x' }] }), 'documentInfo.proofOfAddress')).toBe('fileRequired');
    expect(ruleOf(data({ files: undefined }), 'documentInfo.proofOfAddress')).toBe('fileRequired');
  });

  test.each([
    [1, null],
    [0, 'mustTick'],
    [2, 'mustTick'],
    [true, 'mustTick'],
    [undefined, 'mustTick'],
  ])('mailing same as residence %p → %s', (same, rule) => {
    expect(ruleOf(data({ same }), 'contactInfo.mailingSameResidential')).toBe(rule);
  });

  test('with the box ticked the mailing address is the residence', () => {
    expect(ruleOf(data({ mailing: { mailingAddress: 'elsewhere' } }), 'contactInfo.mailingAddress')).toBe('format');
    expect(ruleOf(data({ mailing: { mailingAddressCountry: 'FR' } }), 'contactInfo.mailingAddressCountry')).toBe('format');
    expect(ruleOf(data({ mailing: { mailingAddressCity: 'Paris' } }), 'contactInfo.mailingAddressCity')).toBe('format');
  });

  test('the W-8 residence address: the W-8BEN line of the typed one (the one W-8BEN rule), or a rendering without Chinese', () => {
    expect(residenceAddressOf('  Flat 1\n 10  Downing Street \n\n')).toBe('FLAT 1 10 DOWNING STREET');
    expect(residenceAddressOf('12/F, 88 Harbour Rd.')).toBe('12 F 88 HARBOUR RD');
    expect(hasChinese('深圳市福田区')).toBe(true);
    expect(hasChinese('Flat 1')).toBe(false);
    expect(ruleOf(data({ address: 'Flat 1\n10 Downing St', w8: 'FLAT 1 10 DOWNING ST' }), 'w8Info.residenceAddress')).toBeNull();
    expect(ruleOf(data({ address: 'Flat 1\n10 Downing St', w8: 'FLAT 1, 10 DOWNING ST' }), 'w8Info.residenceAddress')).toBe('format');
    expect(ruleOf(data({ address: '10 Downing St', w8: '10 Downing St' }), 'w8Info.residenceAddress')).toBe('format');
    expect(ruleOf(data({ address: '10 Downing St', w8: '' }), 'w8Info.residenceAddress')).toBe('required');
    expect(ruleOf(data({ address: '', w8: '' }), 'w8Info.residenceAddress')).toBeNull(); // the address carries the issue
    const cn = { country: 'CN', city: '深圳', address: '福田区深南大道1号' };
    expect(ruleOf(data({ ...cn, w8: 'NO. 1 SHENNAN AVENUE, FUTIAN DISTRICT' }), 'w8Info.residenceAddress')).toBeNull();
    expect(ruleOf(data({ ...cn, w8: '福田区' }), 'w8Info.residenceAddress')).toBe('format');
    expect(ruleOf(data({ ...cn, w8: 'Futian District' }), 'w8Info.residenceAddress')).toBe('format');
    expect(checkResidenceAddress('A'.repeat(2000), '深圳')).toBeNull();
    expect(checkResidenceAddress('A'.repeat(2001), '深圳')).toBe('tooLong');
  });
});
