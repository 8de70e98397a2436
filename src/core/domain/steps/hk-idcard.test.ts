import { validateStep, type StepContext } from '../step-rules';
import { checkNationality, rules as validateHkIdcard } from './hk-idcard';
import {
  allowedDocTypes,
  docPayload,
  docTypeOf,
  fixedIssuingCountry,
  HK_DOC,
  issuingCountryEditable,
  mainlandProofRefused,
  normaliseDocNumber,
  normalisePermanentIdNumber,
  passportNationality,
} from '../hk-identity';

const ctx = (strict = false): StepContext => ({ today: '2026-11-21', clientType: 'hk', saved: {}, strict });
const file = (id: string) => ({ ossId: `file_${id}_abcdef`, url: 'https://x/y', description: `${id}.jpg`, ossCategory: 'UserInfo' });

/** a permanent HK resident with an HK ID */
const hkPermanent = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  permanentResident: 1,
  nationality: 'HK',
  idType: 1,
  idCountry: 'HK',
  idNumber: 'A1234563',
  defaultLanguage: 'zhTc',
  documentInfo: { nonMainlandDocument: { front: file('front') } },
  ...over,
});

const macauPermanent = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  permanentResident: 1,
  nationality: 'MO',
  idType: 1,
  idCountry: 'MO',
  idNumber: '1234567(8)',
  defaultLanguage: 'zhTc',
  documentInfo: { nonMainlandDocument: { front: file('front'), back: file('back') } },
  ...over,
});

const passportPermanent = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  permanentResident: 1,
  nationality: 'GB',
  idType: 2,
  idCountry: 'GB',
  idNumber: '123456789',
  defaultLanguage: 'en',
  documentInfo: { nonMainlandDocument: { front: file('front') } },
  ...over,
});

const nonPermanent = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  permanentResident: 2,
  nationality: 'SG',
  idType: 1,
  idCountry: 'HK',
  idNumber: 'R123456A',
  defaultLanguage: 'en',
  documentInfo: { nonMainlandDocument: { front: file('front') }, idCard: [file('p1')] },
  idExtraInfo: { permanent: { idType: null, idNumber: 'S1234567D', idCountry: 'SG' } },
  ...over,
});

const ruleOf = (data: Record<string, unknown>, field: string, c = ctx()) =>
  validateHkIdcard(data, c).find((i) => i.field === field)?.rule ?? null;

describe('HK_IDCARD good data per branch', () => {
  test.each([
    ['permanent HK ID', hkPermanent()],
    ['permanent HK, passport issued by HK', hkPermanent({ idType: 2, idNumber: 'K12345678' })],
    ['permanent Macau ID with both sides', macauPermanent()],
    ['permanent MO, passport issued by MO', macauPermanent({ idType: 2, documentInfo: { nonMainlandDocument: { front: file('f') } } })],
    ['permanent GB passport', passportPermanent()],
    ['permanent SG passport issued elsewhere', passportPermanent({ nationality: 'SG', idCountry: 'AU' })],
    ['non-permanent HK ID', nonPermanent()],
    ['non-permanent passport', nonPermanent({ idType: 2, idCountry: 'GB', idNumber: 'P-12/34(5)' })],
    ['non-permanent Macau ID', nonPermanent({ idCountry: 'MO', idNumber: '1234567', documentInfo: { nonMainlandDocument: { front: file('f'), back: file('b') }, idCard: [file('p')] } })],
    ['non-permanent, mainland permanent ID', nonPermanent({ idExtraInfo: { permanent: { idType: null, idNumber: '11010519491231002X', idCountry: 'CN' } } })],
    ['non-permanent, HK permanent ID', nonPermanent({ idExtraInfo: { permanent: { idType: null, idNumber: 'AB9876543', idCountry: 'HK' } } })],
    ['non-permanent, four proof files', nonPermanent({ documentInfo: { nonMainlandDocument: { front: file('f') }, idCard: [file('1'), file('2'), file('3'), file('4')] } })],
  ])('%s', (_, data) => {
    expect(validateHkIdcard(data, ctx())).toEqual([]);
    expect(validateStep('HK_IDCARD', data, ctx())).toEqual([]);
  });
});

describe('HK ID number at its edges', () => {
  test.each([
    ['A123456', 'hkId'], // 7: format error
    ['A1234563', null], // 8
    ['AB9876543', null], // 9
    ['AB12345678', 'hkId'], // 10
    ['A123456(7)', 'hkId'], // brackets are not kept
    ['a1234567', 'hkId'], // lower case is upper-cased as typed, never sent
    ['A 1234567', 'hkId'],
    ['', 'required'],
  ])('%j → %s', (idNumber, rule) => {
    expect(ruleOf(hkPermanent({ idNumber }), 'idNumber')).toBe(rule);
  });

  test('typing is upper-cased, brackets and spaces dropped, cut at 9', () => {
    expect(normaliseDocNumber(HK_DOC.HK_ID, 'a123456(7)')).toBe('A1234567');
    expect(normaliseDocNumber(HK_DOC.HK_ID, 'ab 12345678 9')).toBe('AB1234567');
    expect(normaliseDocNumber(HK_DOC.PASSPORT, 'k12/34-5(6) 7')).toBe('K12/34-5(6)7');
  });
});

describe('passport and Macau ID numbers', () => {
  test.each([
    ['P'.repeat(50), null],
    ['P'.repeat(51), 'tooLong'],
    ['AB(1)-2/3', null],
    ['AB#1', 'otherId'],
    ['', 'required'],
  ])('passport %j → %s', (idNumber, rule) => {
    expect(ruleOf(passportPermanent({ idNumber }), 'idNumber')).toBe(rule);
  });

  test('a Macau ID needs both images', () => {
    expect(ruleOf(macauPermanent({ documentInfo: { nonMainlandDocument: { front: file('f') } } }), 'documentInfo.nonMainlandDocument.back')).toBe('fileRequired');
    expect(ruleOf(macauPermanent({ documentInfo: { nonMainlandDocument: { back: file('b') } } }), 'documentInfo.nonMainlandDocument.front')).toBe('fileRequired');
  });

  test('an HK ID or passport carries no back image', () => {
    expect(ruleOf(hkPermanent({ documentInfo: { nonMainlandDocument: { front: file('f'), back: file('b') } } }), 'documentInfo.nonMainlandDocument.back')).toBe('choice');
  });

  test('the front image is required and must be a file reference', () => {
    expect(ruleOf(hkPermanent({ documentInfo: {} }), 'documentInfo.nonMainlandDocument.front')).toBe('fileRequired');
    expect(ruleOf(hkPermanent({ documentInfo: { nonMainlandDocument: { front: { ossId: '../x' } } } }), 'documentInfo.nonMainlandDocument.front')).toBe('fileRequired');
  });
});

describe('nationality', () => {
  test.each([
    ['HK', null],
    ['GB', null],
    ['CN', 'nationalityChina'],
    ['US', 'nationalityNotAllowed'],
    ['RU', 'nationalityNotAllowed'],
    ['gb', 'country'],
    ['', 'required'],
    [undefined, 'required'],
  ])('%j → %s', (nationality, rule) => {
    expect(checkNationality(nationality)).toBe(rule);
    expect(ruleOf(passportPermanent({ nationality }), 'nationality')).toBe(rule);
  });

  test('the statement language follows the nationality', () => {
    expect(ruleOf(passportPermanent({ defaultLanguage: 'zhTc' }), 'defaultLanguage')).toBe('choice');
    expect(ruleOf(passportPermanent({ nationality: 'TW', defaultLanguage: 'zhTc' }), 'defaultLanguage')).toBeNull();
    expect(ruleOf(passportPermanent({ nationality: 'TW', defaultLanguage: 'en' }), 'defaultLanguage')).toBe('choice');
  });
});

describe('document type and issuing country', () => {
  test.each([
    // permanent: by nationality
    [true, 'HK', undefined, [HK_DOC.HK_ID, HK_DOC.PASSPORT]],
    [true, 'MO', undefined, [HK_DOC.MACAU_ID, HK_DOC.PASSPORT]],
    [true, 'GB', undefined, [HK_DOC.PASSPORT]],
    [true, undefined, undefined, []],
    // non-permanent: by issuing country
    [false, 'GB', 'HK', [HK_DOC.HK_ID, HK_DOC.PASSPORT]],
    [false, 'GB', 'MO', [HK_DOC.MACAU_ID, HK_DOC.PASSPORT]],
    [false, 'GB', 'GB', [HK_DOC.PASSPORT]],
    [false, 'GB', undefined, [HK_DOC.HK_ID, HK_DOC.MACAU_ID, HK_DOC.PASSPORT]],
  ])('permanent %s, nationality %s, issuing %s → %j', (permanent, nationality, issuing, types) => {
    expect(allowedDocTypes(permanent, nationality, issuing)).toEqual(types);
  });

  test.each([
    [true, 'HK', HK_DOC.PASSPORT, 'HK', false],
    [true, 'MO', HK_DOC.PASSPORT, 'MO', false],
    [true, 'HK', HK_DOC.HK_ID, 'HK', false],
    [true, 'GB', HK_DOC.PASSPORT, null, true],
    [false, 'HK', HK_DOC.PASSPORT, null, true],
    [false, 'GB', HK_DOC.HK_ID, 'HK', false],
    [false, 'GB', HK_DOC.MACAU_ID, 'MO', false],
  ])('permanent %s, nationality %s, doc %s → fixed %s, editable %s', (permanent, nationality, doc, fixed, editable) => {
    expect(fixedIssuingCountry(permanent, nationality, doc)).toBe(fixed);
    expect(issuingCountryEditable(permanent, nationality, doc)).toBe(editable);
  });

  test('payload ↔ internal index', () => {
    expect(docPayload(HK_DOC.HK_ID, 'GB')).toEqual({ idType: 1, idCountry: 'HK' });
    expect(docPayload(HK_DOC.MACAU_ID, '')).toEqual({ idType: 1, idCountry: 'MO' });
    expect(docPayload(HK_DOC.PASSPORT, 'GB')).toEqual({ idType: 2, idCountry: 'GB' });
    expect(docTypeOf(1, 'HK')).toBe(HK_DOC.HK_ID);
    expect(docTypeOf(1, 'MO')).toBe(HK_DOC.MACAU_ID);
    expect(docTypeOf(2, 'FR')).toBe(HK_DOC.PASSPORT);
    expect(docTypeOf(1, 'GB')).toBeNull();
    expect(docTypeOf(3, 'HK')).toBeNull();
  });

  test.each([
    ['permanent HK with a Macau ID', hkPermanent({ idCountry: 'MO' }), 'idType', 'idTypeNotAllowed'],
    ['permanent MO with an HK ID', macauPermanent({ idCountry: 'HK', idNumber: 'A1234563' }), 'idType', 'idTypeNotAllowed'],
    ['permanent GB with an HK ID', passportPermanent({ idType: 1, idCountry: 'HK', idNumber: 'A1234563' }), 'idType', 'idTypeNotAllowed'],
    ['permanent HK passport issued by GB', hkPermanent({ idType: 2, idCountry: 'GB' }), 'idCountry', 'issuingCountry'],
    ['permanent MO passport issued by HK', macauPermanent({ idType: 2, idCountry: 'HK' }), 'idCountry', 'issuingCountry'],
    ['passport issued by CN', passportPermanent({ idCountry: 'CN' }), 'idCountry', 'issuingCountry'],
    ['non-permanent passport issued by CN', nonPermanent({ idType: 2, idCountry: 'CN' }), 'idCountry', 'issuingCountry'],
    ['an ID card of another country', nonPermanent({ idCountry: 'GB' }), 'idCountry', 'issuingCountry'],
    ['no issuing country', passportPermanent({ idCountry: '' }), 'idCountry', 'required'],
    ['issuing country not a code', passportPermanent({ idCountry: 'Britain' }), 'idCountry', 'country'],
    ['idType 3', passportPermanent({ idType: 3 }), 'idType', 'choice'],
    ['no idType', passportPermanent({ idType: undefined }), 'idType', 'required'],
    ['permanent answer 3', hkPermanent({ permanentResident: 3 }), 'permanentResident', 'choice'],
    ['no permanent answer', hkPermanent({ permanentResident: undefined }), 'permanentResident', 'required'],
  ])('%s → %s %s', (_, data, field, rule) => {
    expect(ruleOf(data, field)).toBe(rule);
  });
});

describe('non-permanent resident', () => {
  test.each([
    [[], 'fileRequired'],
    [undefined, 'fileRequired'],
    [[file('1'), file('2'), file('3'), file('4'), file('5')], 'tooManyFiles'],
    [[file('1'), { ossId: 'bad id!' }], 'fileRequired'],
  ])('proof files %j → %s', (idCard, rule) => {
    expect(ruleOf(nonPermanent({ documentInfo: { nonMainlandDocument: { front: file('f') }, idCard } }), 'documentInfo.idCard')).toBe(rule);
  });

  test.each([
    ['CN', '11010519491231002X', null],
    ['CN', '110105194912310021', null],
    ['CN', '11010519491231002', 'permanentCnId'],
    ['CN', '11010519491231002Y', 'permanentCnId'],
    ['HK', 'A123456', 'hkId'],
    ['HK', 'A1234563', null],
    ['SG', 'S1234567D', null],
    ['SG', 'X'.repeat(51), 'tooLong'],
    ['SG', '', 'required'],
  ])('%s permanent ID %j → %s', (idCountry, idNumber, rule) => {
    expect(ruleOf(nonPermanent({ idExtraInfo: { permanent: { idType: null, idNumber, idCountry } } }), 'idExtraInfo.permanent.idNumber')).toBe(rule);
  });

  test('permanent-residence country required and a code; idType null', () => {
    expect(ruleOf(nonPermanent({ idExtraInfo: { permanent: { idType: null, idNumber: 'X1', idCountry: '' } } }), 'idExtraInfo.permanent.idCountry')).toBe('required');
    expect(ruleOf(nonPermanent({ idExtraInfo: { permanent: { idType: null, idNumber: 'X1', idCountry: 'xx' } } }), 'idExtraInfo.permanent.idCountry')).toBe('country');
    expect(ruleOf(nonPermanent({ idExtraInfo: { permanent: { idType: 1, idNumber: 'X1', idCountry: 'SG' } } }), 'idExtraInfo.permanent.idType')).toBe('choice');
    expect(ruleOf(nonPermanent({ idExtraInfo: undefined }), 'idExtraInfo.permanent.idCountry')).toBe('required');
  });

  test('a permanent resident sends no permanent-residence data', () => {
    expect(ruleOf(hkPermanent({ idExtraInfo: { permanent: { idType: null, idNumber: 'A1234563', idCountry: 'HK' } } }), 'idExtraInfo')).toBe('choice');
    expect(ruleOf(hkPermanent({ documentInfo: { nonMainlandDocument: { front: file('f') }, idCard: [file('p')] } }), 'documentInfo.idCard')).toBe('choice');
  });

  test('restricted area: mainland permanent residence is refused, other countries are not', () => {
    const mainland = nonPermanent({ idExtraInfo: { permanent: { idType: null, idNumber: '11010519491231002X', idCountry: 'CN' } } });
    expect(ruleOf(mainland, 'documentInfo.idCard', ctx(true))).toBe('mainlandInvestor');
    expect(ruleOf(mainland, 'documentInfo.idCard', ctx(false))).toBeNull();
    expect(ruleOf(nonPermanent(), 'documentInfo.idCard', ctx(true))).toBeNull();
    expect(mainlandProofRefused(true, true, 'CN')).toBe(false);
  });

  test('permanent ID typing', () => {
    expect(normalisePermanentIdNumber('CN', '110105 19491231002x')).toBe('11010519491231002X');
    expect(normalisePermanentIdNumber('HK', 'a123456(7)')).toBe('A1234567');
    expect(normalisePermanentIdNumber('SG', 's1234567d')).toBe('S1234567D');
  });
});

describe("a passport's nationality as the page lists it (passportNationality)", () => {
  test.each([
    ['an HKSAR passport: Chinese nationality listed as HK', 'HK', 'CN', 'HK'],
    ['a Macau SAR passport: MO', 'MO', 'CN', 'MO'],
    ['a British passport: GB', 'GB', 'GB', 'GB'],
    ['a British National (Overseas) passport of a Hong Konger: GB', 'GB', 'GB', 'GB'],
    ['a mainland passport stays CN (not offered on this page)', 'CN', 'CN', 'CN'],
    ['unread nationality stays unread', 'HK', '', ''],
  ])('%s', (_, issuing, nationality, expected) => expect(passportNationality(issuing, nationality)).toBe(expected));
});
