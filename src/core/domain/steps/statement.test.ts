import { rules as validateStatement } from './statement';
import { validateStep, type StepContext } from '../step-rules';
import { statementVariant, typesOfVariant, normaliseAccount } from '../statement';

const ctx: StepContext = { today: '2026-11-21', clientType: 'cn', saved: {}, strict: true };
const f = (n: number) => ({ ossId: `file${String(n).padStart(4, '0')}`, url: 'https://x/y', description: `f${n}.pdf`, ossCategory: 'UserApply' as const });
const files = (n: number) => Array.from({ length: n }, (_, i) => f(i + 1));

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const statementPart = (over: Data = {}): Data => ({ broker: 1, name: 'ZHANG SAN', account: '123456789', ...over });

function hk(over: { info?: Data; number?: unknown; front?: unknown; extra?: Data } = {}): Data {
  return {
    statementInfo: { type: 1, ...statementPart(over.info) },
    documentInfo: { statement: files(1), idCardHK: { front: 'front' in over ? over.front : f(9) } },
    idExtraInfo: { idcardHK: { idType: 1, idCountry: 'HK', idNumber: 'number' in over ? over.number : 'A1234563' } },
    ...over.extra,
  };
}

function noHk(over: { info?: Data; foreign?: unknown; promise?: unknown; statement?: unknown; extra?: Data } = {}): Data {
  return {
    statementInfo: { type: 0, ...statementPart(over.info) },
    documentInfo: { statement: 'statement' in over ? over.statement : files(1), idCardForeign: 'foreign' in over ? over.foreign : files(1) },
    ...('promise' in over ? (over.promise === undefined ? {} : { promise: over.promise }) : { promise: true }),
    ...over.extra,
  };
}

const old = (over: Data = {}): Data => ({ statementInfo: { type: 2, ...statementPart(over) }, documentInfo: { statement: files(2) } });

const issues = (d: Data) => validateStatement(d, ctx).map((i) => `${i.field}:${i.rule}`);

describe('validateStatement', () => {
  test.each([
    ['type 1 with an HK ID', hk()],
    ['type 1 with a 9-character HK ID', hk({ number: 'AB9876543' })],
    ['type 0 with one proof file and the promise', noHk()],
    ['type 0 with 4 proof files', noHk({ foreign: files(4) })],
    ['type 2 (old): only the statement part', old()],
    ['broker 32 with a name', old({ broker: 32, brokerName: 'Some Securities Ltd' })],
    ['broker 46', old({ broker: 46 })],
    ['3 statement files', noHk({ statement: files(3) })],
  ])('%s: no issues', (_, data) => {
    expect(issues(data)).toEqual([]);
  });

  test.each([
    ['broker missing', old({ broker: undefined }), 'statementInfo.broker:required'],
    ['broker 0', old({ broker: 0 }), 'statementInfo.broker:broker'],
    ['broker 47', old({ broker: 47 }), 'statementInfo.broker:broker'],
    ['broker "1" (a string)', old({ broker: '1' }), 'statementInfo.broker:broker'],
    ['broker 32 without a name', old({ broker: 32 }), 'statementInfo.brokerName:required'],
    ['broker 32 with a blank name', old({ broker: 32, brokerName: '   ' }), 'statementInfo.brokerName:required'],
    ['broker 32 with a 101-character name', old({ broker: 32, brokerName: 'x'.repeat(101) }), 'statementInfo.brokerName:tooLong'],
    ['a broker name with a listed broker', old({ broker: 3, brokerName: 'Other name' }), 'statementInfo.brokerName:format'],
    ['no name', old({ name: '' }), 'statementInfo.name:required'],
    ['name 101', old({ name: 'x'.repeat(101) }), 'statementInfo.name:tooLong'],
    ['no account', old({ account: '' }), 'statementInfo.account:required'],
    ['account with a space', old({ account: '1234 5678' }), 'statementInfo.account:format'],
    ['account 51', old({ account: '1'.repeat(51) }), 'statementInfo.account:tooLong'],
  ])('%s → %s', (_, data, issue) => {
    expect(issues(data)).toEqual([issue]);
  });

  test.each([
    [0, 'documentInfo.statement:fileRequired'],
    [1, null],
    [3, null],
    [4, 'documentInfo.statement:tooManyFiles'],
  ])('%i statement files', (n, issue) => {
    expect(issues(noHk({ statement: files(n) }))).toEqual(issue ? [issue] : []);
  });

  test('a statement file that is not a file reference', () => {
    expect(issues(noHk({ statement: [{ ossId: 'x' }] }))).toEqual(['documentInfo.statement:fileRequired']);
  });

  test.each([
    ['A123456', 'idExtraInfo.idcardHK.idNumber:hkId'],
    ['A1234563', null],
    ['AB9876543', null],
    ['AB12345678', 'idExtraInfo.idcardHK.idNumber:hkId'],
    ['a1234567', 'idExtraInfo.idcardHK.idNumber:hkId'],
    ['A123456(7)', 'idExtraInfo.idcardHK.idNumber:hkId'],
    ['', 'idExtraInfo.idcardHK.idNumber:required'],
    [undefined, 'idExtraInfo.idcardHK.idNumber:required'],
  ])('HK ID %p', (number, issue) => {
    expect(issues(hk({ number }))).toEqual(issue ? [issue] : []);
  });

  test('with an HK document the front image is required', () => {
    expect(issues(hk({ front: undefined }))).toEqual(['documentInfo.idCardHK.front:fileRequired']);
  });

  test('with an HK document: type and country of the HK ID are fixed', () => {
    const d = hk();
    d.idExtraInfo.idcardHK.idType = 2;
    d.idExtraInfo.idcardHK.idCountry = 'MO';
    expect(issues(d)).toEqual(['idExtraInfo.idcardHK.idType:choice', 'idExtraInfo.idcardHK.idCountry:country']);
  });

  test('without an HK document: a proof file and the promise box are needed', () => {
    expect(issues(noHk({ foreign: [] }))).toEqual(['documentInfo.idCardForeign:fileRequired']);
    expect(issues(noHk({ foreign: undefined }))).toEqual(['documentInfo.idCardForeign:fileRequired']);
    expect(issues(noHk({ promise: undefined }))).toEqual(['promise:mustTick']);
    expect(issues(noHk({ promise: false }))).toEqual(['promise:mustTick']);
    expect(issues(noHk({ foreign: files(5) }))).toEqual(['documentInfo.idCardForeign:tooManyFiles']);
  });

  test('each branch refuses the other branch data', () => {
    expect(issues(hk({ extra: { promise: true } }))).toEqual(['promise:format']);
    const both = hk();
    both.documentInfo.idCardForeign = files(1);
    expect(issues(both)).toEqual(['documentInfo.idCardForeign:format']);
    expect(issues(noHk({ extra: { idExtraInfo: { idcardHK: { idType: 1, idCountry: 'HK', idNumber: 'A1234563' } } } }))).toEqual(['idExtraInfo:format']);
    const oldWithPromise = old();
    oldWithPromise.promise = true;
    expect(issues(oldWithPromise)).toEqual(['promise:format']);
  });

  test.each([
    [undefined, 'statementInfo.type:required'],
    [3, 'statementInfo.type:choice'],
    ['1', 'statementInfo.type:choice'],
  ])('type %p', (type, issue) => {
    const d = old();
    d.statementInfo.type = type;
    expect(issues(d)).toEqual([issue]);
  });

  test('an empty payload: every required part', () => {
    expect(issues({})).toEqual([
      'statementInfo.broker:required',
      'statementInfo.name:required',
      'statementInfo.account:required',
      'documentInfo.statement:fileRequired',
      'statementInfo.type:required',
    ]);
  });

  test('registered for STATEMENT', () => {
    expect(validateStep('STATEMENT', {}, ctx).length).toBeGreaterThan(0);
    expect(validateStep('STATEMENT', hk(), ctx)).toEqual([]);
  });
});

describe('statementVariant', () => {
  const rejected = 1900;
  test.each([
    ['fresh application', 1000, {}, 'new'],
    ['in progress with an old-looking save', 1010, { STATEMENT: old() }, 'new'],
    ['rejected, statement only', rejected, { STATEMENT: old() }, 'old'],
    ['rejected, nothing saved', rejected, {}, 'old'],
    ['rejected, overseas proof files', rejected, { STATEMENT: noHk() }, 'new'],
    ['rejected, empty overseas proof list', 1901, { STATEMENT: noHk({ foreign: [] }) }, 'old'],
    ['rejected, HK document front', 1902, { STATEMENT: hk() }, 'new'],
    ['rejected, tax files on the tax step', 1904, { STATEMENT: old(), TAXINFO: { documentInfo: { idCardTaxInfo: files(1) } } }, 'new'],
  ])('%s → %s', (_, applyStatus, data, variant) => {
    expect(statementVariant({ applyStatus, data })).toBe(variant);
  });

  test('types a variant sends', () => {
    expect(typesOfVariant('old')).toEqual([2]);
    expect(typesOfVariant('new')).toEqual([0, 1]);
  });

  test('account numbers lose their spaces', () => {
    expect(normaliseAccount(' 12 34\t56 ')).toBe('123456');
  });
});
