import {
  agreementsOf,
  assetTransferBox,
  fastestRiskSpeed,
  heardFromStart,
  heardWholly,
  remainingLabel,
  riskAgreementsOf,
  riskLangOf,
  riskSpeeds,
  signatureFileName,
} from './closing';
import { rules as validateCaApply } from './steps/ca-apply';
import { rules as validateRisk } from './steps/risk';
import { rules as validateSign } from './steps/sign';
import { rules as validateSignature } from './steps/signature';
import type { StepContext } from './step-rules/types';

type R = Array<[number, number]>;

describe('heardWholly: the played ranges cover the track from 0 to the end', () => {
  test.each<[string, R, number, boolean]>([
    ['one range over all of it', [[0, 87]], 87, true],
    ['short of the end by the tolerance', [[0, 86.5]], 87, true],
    ['short of the end by more', [[0, 86.4]], 87, false],
    ['ranges split at a rate change, touching', [[0, 40], [40, 87]], 87, true],
    ['a small gap (0.3 s) between ranges', [[0, 40], [40.3, 87]], 87, true],
    ['a gap of 0.4 s', [[0, 40], [40.4, 87]], 87, false],
    ['seek to the end: a tiny range there only', [[0, 2], [86.9, 87]], 87, false],
    ['not from the start', [[1, 87]], 87, false],
    ['out of order ranges', [[40, 87], [0, 40]], 87, true],
    ['nothing played', [], 87, false],
    ['unknown duration', [[0, 87]], NaN, false],
    ['infinite duration (a stream)', [[0, 87]], Infinity, false],
  ])('%s', (_n, ranges, duration, expected) => expect(heardWholly(ranges, duration)).toBe(expected));

  test('heard from the start stops at the first gap', () => {
    expect(heardFromStart([[0, 10], [10.2, 20], [50, 60]])).toBe(20);
    expect(heardFromStart([[5, 10]])).toBe(0);
  });
});

describe('risk player', () => {
  test.each<[number, number, string]>([
    [87, 0, '1:27'],
    [87, 86.2, '0:01'],
    [87, 87, '0:00'],
    [87, 90, '0:00'],
    [NaN, 0, '0:00'],
    [600, 0, '10:00'],
  ])('remaining of %s at %s is %s', (d, p, label) => expect(remainingLabel(d, p)).toBe(label));

  test('speeds: 10 only outside production; the fastest bounds the confirmation', () => {
    expect(riskSpeeds(true)).toEqual([1, 1.25, 1.5]);
    expect(riskSpeeds(false)).toEqual([1, 1.25, 1.5, 10]);
    expect(fastestRiskSpeed(true)).toBe(1.5);
    expect(fastestRiskSpeed(false)).toBe(10);
  });

  test('Cantonese tracks for hk, Mandarin otherwise', () => {
    expect(riskLangOf('hk')).toBe('yue');
    expect(riskLangOf('cn')).toBe('zh');
  });

  test.each<[string, { aecode?: string | null; channel?: string | null }, string[], boolean]>([
    ['no codes', {}, ['W090'], false],
    ['aecode listed', { aecode: 'W090' }, ['W090'], true],
    ['channel listed, any case', { channel: 'fund' }, ['FUND'], true],
    ['not listed', { aecode: 'A1', channel: 'web' }, ['W090'], false],
    ['empty list', { aecode: 'W090' }, [], false],
  ])('customer authorisation agreement: %s', (_n, app, list, first) => {
    const agreements = riskAgreementsOf(app, list);
    expect(agreements[0] === 'customerAuthorisation').toBe(first);
    expect(agreements.slice(first ? 1 : 0)).toEqual(['riskHeard', 'riskUnderstood', 'riskOwnDecision']);
  });
});

const ctxOf = (accountType: number, marketOpen: number, birthday: string, clientType: 'cn' | 'hk' = 'hk'): StepContext => ({
  today: '2026-11-25',
  clientType,
  strict: false,
  saved: { SELECTACCOUNT: { accountType, marketOpen }, ...(clientType === 'hk' ? { USERINFO: { birthday } } : { IDCARD: { birthday } }) },
});

describe('agreements to sign', () => {
  const base = ['clientAgreement', 'riskDisclosureStatement', 'personalDataNotice', 'electronicServices', 'clientMoneyStandingAuthority'];
  test.each<[string, StepContext, string[]]>([
    ['cash, HK+US, 40', ctxOf(1, 3, '1986-01-01'), []],
    ['margin, HK+US, 40', ctxOf(2, 3, '1986-01-01'), ['marginStandingAuthority']],
    ['margin type 3', ctxOf(3, 3, '1986-01-01'), ['marginStandingAuthority']],
    ['margin with options (16)', ctxOf(2, 19, '1986-01-01'), ['marginStandingAuthority', 'usOptionsAgreement']],
    ['cash with flag 16 set', ctxOf(1, 16 | 3, '1986-01-01'), ['usOptionsAgreement']],
    ['margin, 64 (a day before 65)', ctxOf(2, 3, '1961-11-26'), ['marginStandingAuthority']],
    ['margin, 65 today', ctxOf(2, 3, '1961-11-25'), ['marginStandingAuthority', 'specialClientDisclosure']],
    ['margin, 75', ctxOf(2, 3, '1951-01-01'), ['marginStandingAuthority', 'specialClientDisclosure']],
    ['margin, 76', ctxOf(2, 3, '1950-11-25'), ['marginStandingAuthority']],
    ['cash, 70: no special disclosure', ctxOf(1, 3, '1956-01-01'), []],
    ['cn margin, 70', ctxOf(2, 7, '1956-01-01', 'cn'), ['marginStandingAuthority', 'specialClientDisclosure']],
  ])('%s', (_n, ctx, extra) => {
    expect(agreementsOf(ctx)).toEqual([...base, ...['marginStandingAuthority', 'usOptionsAgreement', 'specialClientDisclosure'].filter((a) => extra.includes(a))]);
    expect(agreementsOf(ctx)).toHaveLength(5 + extra.length);
  });

  test.each<[number, string]>([
    [0, 'hidden'],
    [1, 'open'],
    [3, 'open'],
    [2, 'locked'],
  ])('asset-transfer box for protocol status %s: %s', (s, box) => expect(assetTransferBox(s)).toBe(box));

  test('the signature file name is the phone (masked digits as x) and the suffix', () => {
    expect(signatureFileName('+852 5123 4567')).toBe('85251234567_signature.png');
    expect(signatureFileName('138****5678')).toBe('138xxxx5678_signature.png');
  });
});

const fields = (issues: { field: string; rule: string }[]) => issues.map((i) => `${i.field}:${i.rule}`);
const hk = ctxOf(2, 3, '1986-01-01');
const file = { ossId: 'abcdef123', description: 'sig.png', ossCategory: 'UserApply' };

describe('closing step validators', () => {
  test.each<[string, Record<string, unknown>, string[]]>([
    ['valid', { disclosureId: 'r1', agreements: ['riskHeard', 'riskUnderstood', 'riskOwnDecision'] }, []],
    ['valid with the authorisation', { disclosureId: 'r1', agreements: ['customerAuthorisation', 'riskHeard', 'riskUnderstood', 'riskOwnDecision'] }, []],
    ['one not ticked', { disclosureId: 'r1', agreements: ['riskHeard', 'riskUnderstood'] }, ['agreements:mustTick']],
    ['unknown key', { disclosureId: 'r1', agreements: ['riskHeard', 'riskUnderstood', 'riskOwnDecision', 'x'] }, ['agreements:choice']],
    ['twice', { disclosureId: 'r1', agreements: ['riskHeard', 'riskHeard', 'riskUnderstood', 'riskOwnDecision'] }, ['agreements:choice']],
    ['no disclosure', { agreements: ['riskHeard', 'riskUnderstood', 'riskOwnDecision'] }, ['disclosureId:required']],
    ['bad disclosure id', { disclosureId: 'a b', agreements: ['riskHeard', 'riskUnderstood', 'riskOwnDecision'] }, ['disclosureId:format']],
    ['extra field', { disclosureId: 'r1', agreements: ['riskHeard', 'riskUnderstood', 'riskOwnDecision'], heard: true }, ['heard:choice']],
  ])('RISK %s', (_n, data, expected) => expect(fields(validateRisk(data, hk))).toEqual(expected));

  const list = agreementsOf(hk);
  test.each<[string, Record<string, unknown>, string[]]>([
    ['valid', { agreements: list, readAll: 1 }, []],
    ['valid with the transfer box', { agreements: list, readAll: 1, assetTransfer: 1 }, []],
    ['read-all unticked', { agreements: list, readAll: 0 }, ['readAll:mustTick']],
    ['one missing', { agreements: list.slice(1), readAll: 1 }, ['agreements:mustTick']],
    ['one not offered (options)', { agreements: [...list, 'usOptionsAgreement'], readAll: 1 }, ['agreements:notOffered']],
    ['bad transfer value', { agreements: list, readAll: 1, assetTransfer: 2 }, ['assetTransfer:choice']],
  ])('SIGN %s', (_n, data, expected) => expect(fields(validateSign(data, hk))).toEqual(expected));

  test.each<[string, Record<string, unknown>, string[]]>([
    ['valid', { documentInfo: { customerSignature: [file] } }, []],
    ['none', { documentInfo: { customerSignature: [] } }, ['documentInfo.customerSignature:fileRequired']],
    ['two', { documentInfo: { customerSignature: [file, file] } }, ['documentInfo.customerSignature:tooManyFiles']],
    ['identity category', { documentInfo: { customerSignature: [{ ...file, ossCategory: 'UserInfo' }] } }, ['documentInfo.customerSignature:fileRequired']],
    ['missing', {}, ['documentInfo.customerSignature:fileRequired']],
  ])('SIGNATURE %s', (_n, data, expected) => expect(fields(validateSignature(data, hk))).toEqual(expected));

  const docs = { accountOpeningForm: 'aaaaaa1', w8ben: 'bbbbbb2', selfCertificationForm: 'cccccc3' };
  test.each<[string, Record<string, unknown>, string[]]>([
    ['valid', { agreed: true, documents: docs }, []],
    ['not agreed', { agreed: false, documents: docs }, ['agreed:mustTick']],
    ['a document missing', { agreed: true, documents: { ...docs, w8ben: undefined } }, ['documents.w8ben:required']],
    ['an unknown document', { agreed: true, documents: { ...docs, other: 'x' } }, ['documents.other:choice']],
    ['no documents', { agreed: true }, ['documents:required', 'documents.accountOpeningForm:required', 'documents.w8ben:required', 'documents.selfCertificationForm:required']],
  ])('CAAPPLY %s', (_n, data, expected) => expect(fields(validateCaApply(data, hk))).toEqual(expected));
});
