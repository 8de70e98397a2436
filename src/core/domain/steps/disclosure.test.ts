import { AML_CONFIRM_ITEMS, DISCLOSURE_ITEMS } from '../profile';
import { validateStep, type StepContext } from '../step-rules';
import { checkAmlConfirm, checkAmlInfoId, checkIsoTime, rules as validateDisclosure } from './disclosure';

type D = Record<string, unknown>;
const withAccount = (accountType?: number): StepContext => ({
  today: '2026-06-15',
  clientType: 'hk',
  strict: false,
  saved: accountType === undefined ? {} : { SELECTACCOUNT: { accountType } },
});
const cash = withAccount(1);
const margin = withAccount(2);

const answers = (n: number, over: Record<number, unknown> = {}): D =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i + 1), i + 1 in over ? over[i + 1] : { title: DISCLOSURE_ITEMS[i], value: 'yes' }]));
const confirmations = (checked = [1, 1, 1]) => AML_CONFIRM_ITEMS.map((title, i) => ({ index: i + 1, title, value: checked[i] ? 'yes' : 'no', checked: checked[i] }));
const page = (n: number, over: D = {}): D => ({
  identityExposureInfo: answers(n),
  amlInfoId: 'aml_0123456789',
  frontInfo: { RAW_amlConfirmInfoTime: '2026-06-15T02:03:04.000Z' },
  ...over,
});
const rulesOf = (d: D, c: StepContext) => validateDisclosure(d, c).map((i) => `${i.field}:${i.rule}`);

describe('IDENTITYEXPOSURE', () => {
  it('cash answers items 1-6 and margin 1-13; the registry runs the same validator', () => {
    expect(validateDisclosure(page(6), cash)).toEqual([]);
    expect(validateDisclosure(page(13), margin)).toEqual([]);
    expect(validateDisclosure(page(13, { amlConfirmInfo: confirmations() }), withAccount(3))).toEqual([]);
    expect(validateStep('IDENTITYEXPOSURE', page(6, { amlInfoId: '' }), cash)).toEqual([{ field: 'amlInfoId', rule: 'required' }]);
  });

  it('an empty page names every field', () =>
    expect(rulesOf({}, cash)).toEqual([
      'identityExposureInfo:required',
      ...[1, 2, 3, 4, 5, 6].map((n) => `identityExposureInfo.${n}:required`),
      'amlInfoId:required',
      'frontInfo.RAW_amlConfirmInfoTime:required',
    ]));

  it.each([
    ['margin items on a cash account', page(13), cash, [7, 8, 9, 10, 11, 12, 13].map((n) => `identityExposureInfo.${n}:choice`)],
    ['cash items on a margin account', page(6), margin, [7, 8, 9, 10, 11, 12, 13].map((n) => `identityExposureInfo.${n}:required`)],
    ['before SELECTACCOUNT: 6 items are the cash set', page(6), withAccount(), []],
    ['before SELECTACCOUNT: 13 items are the margin set', page(13), withAccount(), []],
    ['before SELECTACCOUNT: 8 items are the margin set missing 5', page(8), withAccount(), [9, 10, 11, 12, 13].map((n) => `identityExposureInfo.${n}:required`)],
    ['an item 0', { ...page(6), identityExposureInfo: { ...answers(6), '0': { title: 'x', value: 'yes' } } }, cash, ['identityExposureInfo.0:choice']],
  ])('%s', (_, d, c, issues) => expect(rulesOf(d, c)).toEqual(issues));

  it.each([
    ['the US-person item answered no', 1, { title: 'notUsPerson', value: 'no' }, 'usPerson'],
    ['item 2 answered no', 2, { title: 'notIntermediaryStaff', value: 'no' }, 'offlineOpening'],
    ['item 13 answered no', 13, { title: 'marginInterest', value: 'no' }, 'offlineOpening'],
    ['an unanswered item', 5, { title: 'notPep', value: '' }, 'required'],
    ['an answer other than yes/no', 5, { title: 'notPep', value: 'maybe' }, 'choice'],
    ['a boolean answer', 5, { title: 'notPep', value: true }, 'choice'],
    ['another item title', 4, { title: 'notPep', value: 'yes' }, 'choice'],
    ['an extra field', 4, { title: 'ownBeneficiary', value: 'yes', note: 'x' }, 'choice'],
    ['a missing item', 6, undefined, 'required'],
    ['a string item', 6, 'yes', 'choice'],
  ])('%s', (_, n, item, rule) => {
    const d = page(13, { identityExposureInfo: answers(13, { [n]: item }) });
    expect(rulesOf(d, margin)).toEqual([`identityExposureInfo.${n}:${rule}`]);
  });

  it.each([
    ['absent (no hit)', undefined, null],
    ['all three ticked', confirmations(), null],
    ['one unticked', confirmations([1, 0, 1]), 'amlConfirm'],
    ['ticked but answered no', confirmations().map((c, i) => (i === 2 ? { ...c, value: 'no' } : c)), 'amlConfirm'],
    ['two items', confirmations().slice(0, 2), 'choice'],
    ['out of order', confirmations().reverse(), 'choice'],
    ['an extra field', confirmations().map((c) => ({ ...c, x: 1 })), 'choice'],
    ['an object', { 1: 'yes' }, 'choice'],
  ])('AML confirmation %s', (_, v, rule) => expect(checkAmlConfirm(v)).toBe(rule));

  it.each([
    ['aml_1', null],
    ['a'.repeat(64), null],
    ['a'.repeat(65), 'tooLong'],
    ['aml 1', 'format'],
    [12, 'format'],
    ['', 'required'],
  ])('amlInfoId %p → %p', (v, rule) => expect(checkAmlInfoId(v)).toBe(rule));

  it.each([
    ['2026-06-15T02:03:04.000Z', null],
    ['2026-06-15T02:03:04Z', null],
    ['2026-06-15T10:03:04+08:00', null],
    ['2026-06-15', 'format'],
    ['2026-06-15 02:03:04', 'format'],
    ['2026-02-30T02:03:04Z', 'format'],
    ['2026-06-15T24:03:04Z', 'format'],
    ['2026-13-01T02:03:04Z', 'format'],
    [Date.parse('2026-06-15T02:03:04Z'), 'format'],
    [undefined, 'required'],
  ])('confirmation time %p → %p', (v, rule) => expect(checkIsoTime(v)).toBe(rule));

  it('frontInfo takes only the confirmation time', () =>
    expect(rulesOf(page(6, { frontInfo: { RAW_amlConfirmInfoTime: '2026-06-15T02:03:04Z', other: 1 } }), cash)).toEqual(['frontInfo.other:choice']));
});
