import { modulesToCorrect as modulesToCorrectOf, updateRejectReasonKey as updateRejectReasonKeyOf } from './account-update';
import {
  isRecentLogin,
  UPDATE_MODULE,
  addressFieldsOf,
  addressPartIssues,
  addressSaveBlock,
  w8NeedsReview,
  addressLine,
  type AddressData,
  canSubmitUpdate,
  changed,
  checkTradePassword,
  moduleButton,
  needsAllDataCheck,
  unrevisedModules,
  updateLanding,
  validateAddressUpdate,
  validateW8Update,
  type UpdateMasks,
} from './account-update';

const A = UPDATE_MODULE.ADDRESS;
const W = UPDATE_MODULE.W8;
const u = (over: Partial<UpdateMasks>): UpdateMasks => ({ status: 1000, module: 0, reUpdateModule: 0, rejectModule: 0, ...over });

describe('where the update area opens', () => {
  it.each([
    [null, '/accountInfo'],
    [undefined, '/accountInfo'],
    [1000, '/accountInfo'],
    [4000, '/accountInfo'],
    [5000, '/accountInfo'],
    [1900, '/status'],
    [1901, '/status'],
    [1902, '/status'],
    [1200, '/status'],
    [3000, '/status'],
  ])('status %s → %s', (status, route) => {
    expect(updateLanding(status)).toBe(route);
  });
});

describe('module buttons, submit and the confirmations', () => {
  it.each([
    ['no update yet', null, A, 'edit'],
    ['address saved while editing', u({ module: A }), A, 'saved'],
    ['W-8 not saved while editing', u({ module: A }), W, 'edit'],
    ['sent back: saved before the rejection counts for nothing', u({ status: 1900, module: A | W, rejectModule: A }), A, 'edit'],
    ['sent back, saved again', u({ status: 1900, module: A, rejectModule: A, reUpdateModule: A }), A, 'saved'],
  ] as const)('%s: %s', (_n, upd, m, button) => {
    expect(moduleButton(upd, m)).toBe(button);
  });

  it.each([
    ['nothing saved', u({}), false],
    ['a module saved', u({ module: W }), true],
    ['submitted: nothing more to submit', u({ status: 1200, module: W }), false],
    ['sent back, nothing saved again', u({ status: 1901, module: A, rejectModule: A }), false],
    ['sent back, one saved again', u({ status: 1901, module: A | W, rejectModule: A | W, reUpdateModule: W }), true],
    ['no update', null, false],
  ] as const)('submit: %s → %s', (_n, upd, ok) => {
    expect(canSubmitUpdate(upd)).toBe(ok);
  });

  it.each([
    ['editing: never', u({ module: A }), [], false],
    ['both sent back, W-8 saved again', u({ status: 1900, rejectModule: A | W, reUpdateModule: W }), [A], true],
    ['W-8 sent back and not saved again', u({ status: 1902, rejectModule: W }), [W], false],
    ['all saved again', u({ status: 1900, rejectModule: A | W, reUpdateModule: A | W }), [], false],
  ] as const)('%s', (_n, upd, unrevised, allDataCheck) => {
    expect(unrevisedModules(upd)).toEqual(unrevised);
    expect(needsAllDataCheck(upd)).toBe(allDataCheck);
  });
});

describe('the address module', () => {
  const proof = [{ ossId: 'file0001', description: 'proof', ossCategory: 'UserApply' }];
  const good = (over: Record<string, unknown> = {}) => ({
    residentialAddress: 'Flat A, 12/F, 88 Harbour Road',
    residentialAddressCity: '',
    residentialAddressCountry: 'HK',
    mailingSameResidential: 1,
    mailingAddress: '',
    mailingAddressCity: '',
    mailingAddressCountry: '',
    proofOfAddress: { residence: proof, mailing: [] },
    ...over,
  });
  const rules = (d: unknown) => validateAddressUpdate(d).map((i) => `${i.field}:${i.rule}`);
  it.each([
    ['Hong Kong without a city', good(), []],
    ['Macau without a city', good({ residentialAddressCountry: 'MO' }), []],
    ['elsewhere the city is required', good({ residentialAddressCountry: 'SG' }), ['residentialAddressCity:required']],
    ['a city in Chinese', good({ residentialAddressCountry: 'CN', residentialAddressCity: '深圳' }), []],
    ['a city with digits', good({ residentialAddressCountry: 'CN', residentialAddressCity: 'Shenzhen 1' }), ['residentialAddressCity:city']],
    ['a city of 101 letters', good({ residentialAddressCountry: 'SG', residentialAddressCity: 'a'.repeat(101) }), ['residentialAddressCity:tooLong']],
    ['an address of 500', good({ residentialAddress: '址'.repeat(500) }), []],
    ['an address of 501', good({ residentialAddress: '址'.repeat(501) }), ['residentialAddress:tooLong']],
    ['no proof', good({ proofOfAddress: { residence: [], mailing: [] } }), ['proofOfAddress.residence:fileRequired']],
    ['four proofs', good({ proofOfAddress: { residence: [...proof, ...proof, ...proof, ...proof], mailing: [] } }), ['proofOfAddress.residence:tooManyFiles']],
    ['no country (nor the city a country without one would need)', good({ residentialAddressCountry: '' }), ['residentialAddressCountry:required', 'residentialAddressCity:required']],
    [
      'a different mailing address needs its own country, address and proof',
      good({ mailingSameResidential: 2 }),
      ['mailingAddressCountry:required', 'mailingAddressCity:required', 'mailingAddress:required', 'proofOfAddress.mailing:fileRequired'],
    ],
    ['a different mailing address, complete', good({ mailingSameResidential: 2, mailingAddress: '1 Main St', mailingAddressCountry: 'MO', proofOfAddress: { residence: proof, mailing: proof } }), []],
    ['mailing neither 1 nor 2', good({ mailingSameResidential: 0 }), ['mailingSameResidential:choice']],
  ])('%s', (_n, d, expected) => {
    expect(rules(d)).toEqual(expected);
  });
});

describe('the address editor', () => {
  const proof = [{ ossId: 'file0001', description: 'proof', ossCategory: 'UserApply' }];
  const held = { residentialAddress: '88 Harbour Road', residentialAddressCity: '', residentialAddressCountry: 'HK', mailingSameResidential: 1, mailingAddress: '88 Harbour Road', mailingAddressCity: '', mailingAddressCountry: 'HK' };
  const form = (over: Partial<AddressData> = {}): AddressData => ({ ...held, proofOfAddress: { residence: proof, mailing: [] }, ...over });

  it.each([
    ['nothing changed', form(), 'noChange'],
    ['only spaces added', form({ residentialAddress: ' 88 Harbour Road  ' }), 'noChange'],
    ['a new address with its proof', form({ residentialAddress: '1 Queen\'s Road' }), null],
    ['a new address without a proof', form({ residentialAddress: '1 Queen\'s Road', proofOfAddress: { residence: [], mailing: [] } }), 'proofNeeded'],
    ['a different mailing address without its proof', form({ mailingSameResidential: 2, mailingAddress: 'PO Box 1', mailingAddressCountry: 'HK' }), 'proofNeeded'],
    ['a different mailing address with both proofs', form({ mailingSameResidential: 2, mailingAddress: 'PO Box 1', mailingAddressCountry: 'HK', proofOfAddress: { residence: proof, mailing: proof } }), null],
    ['no address on file: any complete form', { ...form(), residentialAddress: 'x' }, null],
  ])('%s → %s', (_n, f, expected) => {
    expect(addressSaveBlock(_n.startsWith('no address') ? null : held, f)).toBe(expected);
  });

  it('a same mailing address is the residence, whatever the form still holds', () => {
    expect(addressFieldsOf({ ...held, mailingAddress: 'old', mailingAddressCountry: 'SG' })).toMatchObject({ mailingAddress: '88 Harbour Road', mailingAddressCountry: 'HK', mailingSameResidential: 1 });
    expect(addressFieldsOf({ ...held, mailingSameResidential: 0 }).mailingSameResidential).toBe(1);
    expect(addressFieldsOf({ ...held, mailingSameResidential: 2, mailingAddress: ' PO Box 1 ' })).toMatchObject({ mailingAddress: 'PO Box 1', mailingSameResidential: 2 });
  });

  it.each([
    ['residential', form({ residentialAddressCountry: 'SG' }), ['residentialAddressCity:required']],
    ['residential', form({ proofOfAddress: { residence: [], mailing: [] } }), ['proofOfAddress.residence:fileRequired']],
    ['mailing', form(), ['proofOfAddress.mailing:fileRequired']],
    ['mailing', form({ mailingAddress: '', mailingAddressCountry: 'SG' }), ['mailingAddressCity:required', 'mailingAddress:required', 'proofOfAddress.mailing:fileRequired']],
  ] as const)('one address at a time: %s', (part, f, expected) => {
    expect(addressPartIssues(f, part).map((i) => `${i.field}:${i.rule}`)).toEqual(expected);
  });

  it.each([
    ['no address saved in the update', null, false, false],
    ['the residential address changed', { ...held, residentialAddress: '1 Queen\'s Road' }, false, true],
    ['the residential country changed', { ...held, residentialAddressCountry: 'MO' }, false, true],
    ['only the mailing address changed', { ...held, mailingSameResidential: 2, mailingAddress: 'PO Box 1' }, false, false],
    ['the W-8BEN saved in the same update', { ...held, residentialAddress: '1 Queen\'s Road' }, true, false],
  ])('the W-8BEN to look at again: %s', (_n, saved, w8Saved, expected) => {
    expect(w8NeedsReview(held, saved, w8Saved)).toBe(expected);
  });
});

describe('the W-8BEN module', () => {
  const rules = (d: unknown) => validateW8Update(d).map((i) => `${i.field}:${i.rule}`);
  it.each([
    ['upper case, digits and spaces', { country: 'HK', residenceAddress: 'FLAT A 12 F 88 HARBOUR ROAD' }, []],
    ['lower case', { country: 'HK', residenceAddress: 'Flat A' }, ['residenceAddress:w8Address']],
    ['as typed on /CheckW8', { country: 'HK', residenceAddress: '12/F, 88 Harbour Rd.' }, ['residenceAddress:w8Address']],
    ['the same cleaned', { country: 'HK', residenceAddress: '12 F 88 HARBOUR RD' }, []],
    ['punctuation', { country: 'HK', residenceAddress: 'FLAT A, 12/F' }, ['residenceAddress:w8Address']],
    ['Chinese', { country: 'HK', residenceAddress: '灣仔' }, ['residenceAddress:noChinese']],
    ['500 characters', { country: 'HK', residenceAddress: 'A'.repeat(500) }, []],
    ['501 characters', { country: 'HK', residenceAddress: 'A'.repeat(501) }, ['residenceAddress:tooLong']],
    ['empty', { country: '', residenceAddress: ' ' }, ['country:required', 'residenceAddress:required']],
  ])('%s', (_n, d, expected) => {
    expect(rules(d)).toEqual(expected);
  });

  it.each([
    ['the city and the country name repeat a piece', "Room 8, 20/F, 1 Queen's Road Central", 'Hong Kong', 'Hong Kong, China', "Room 8, 20/F, 1 Queen's Road Central, Hong Kong, China"],
    ['the address ends with the city, no city given', '1 Queen’s Road Central, Hong Kong', '', 'Hong Kong, China', '1 Queen’s Road Central, Hong Kong, China'],
    ['case and full stops do not make a piece new', 'Flat 1, 10 Downing St., LONDON', 'London', 'United Kingdom', 'Flat 1, 10 Downing St., LONDON, United Kingdom'],
    ['a district inside a street name stays', '1 Queen’s Road Central', 'Central', 'Hong Kong, China', '1 Queen’s Road Central, Central, Hong Kong, China'],
    ['Chinese: the city inside the address and the country name', '香港中環皇后大道中1號', '香港', '中國香港', '香港中環皇后大道中1號, 中國香港'],
    ['Chinese: the country name at the start of the address', '中国香港九龙弥敦道1号', '', '中国香港', '中国香港九龙弥敦道1号'],
    ['nothing repeated: all three', '1 Keji Road, Nanshan', 'Shenzhen', 'China', '1 Keji Road, Nanshan, Shenzhen, China'],
    ['empty parts', '10 Harbour Road', '', '', '10 Harbour Road'],
  ])('the address summary says each part once: %s', (_n, address, city, country, line) => {
    expect(addressLine(address, city, country)).toBe(line);
  });
});

describe('a change', () => {
  it.each([
    [{ a: 'x', b: [1] }, { b: [1], a: 'x ' }, false],
    [{ a: 'x' }, { a: 'y' }, true],
    [{ a: { c: 1 } }, { a: { c: 2 } }, true],
  ])('%j → %j: %s', (a, b, yes) => {
    expect(changed(a, b)).toBe(yes);
  });
});

describe('the trading password', () => {
  it.each([
    ['', 'required'],
    ['12345', 'tradePassword'],
    ['1234567', 'tradePassword'],
    ['12a456', 'tradePassword'],
    ['１２３４５６', 'tradePassword'],
    ['111111', 'tradePasswordWeak'],
    ['123456', 'tradePasswordWeak'],
    ['654321', 'tradePasswordWeak'],
    ['135790', null],
    ['123457', null],
  ])('%j → %s', (pw, rule) => {
    expect(checkTradePassword(pw)).toBe(rule);
  });
});

describe('the recent-login rule of the first trading password', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  test.each<[string, Date | null | undefined, boolean]>([
    ['just now', ago(0), true],
    ['9 minutes ago', ago(9), true],
    ['exactly 10 minutes ago', ago(10), true],
    ['10 minutes and a second ago', new Date(ago(10).getTime() - 1000), false],
    ['an hour ago', ago(60), false],
    ['no login known', null, false],
    ['no session', undefined, false],
  ])('%s → %s', (_n, at, recent) => expect(isRecentLogin(at, now)).toBe(recent));
});

describe('modulesToCorrect: a sent-back update always offers something to correct', () => {
  const u = (rejectModule: number, module: number) => ({ status: 1902, module, reUpdateModule: 0, rejectModule });
  test.each([
    ['the reviewer named the address', u(8, 520), [8]],
    ['the reviewer named both', u(520, 8), [8, 512]],
    ['none named: what the update holds', u(0, 512), [512]],
    ['none named, none held: every module', u(0, 0), [8, 512]],
  ])('%s', (_n, masks, expected) => expect(modulesToCorrectOf(masks)).toEqual(expected));
  test.each([
    [1900, null],
    [1901, 'accountUpdate.status.reasonDocument'],
    [1902, 'accountUpdate.status.reasonExpired'],
  ])('the reason of %s without a message → %s', (status, key) => expect(updateRejectReasonKeyOf(status)).toBe(key));
});
