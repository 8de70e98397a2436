import {
  applicantAge,
  assetsInverted,
  cashCardOpen,
  cleanTaxNumber,
  currentAssetOptions,
  derivativeBoxes,
  disclosureItemsOf,
  employmentOptions,
  experienceMax,
  experienceOptions,
  fixedMarketMask,
  fundsSourceOptions,
  fundTradeForced,
  hasChinese,
  hasOtherDebt,
  houseTypeOptions,
  identityDocuments,
  investFundsSourceOptions,
  isDebtStatus,
  isListOf,
  isNonPermanentResident,
  isQuestionnaireStudent,
  isSenior,
  joinList,
  minTaxRows,
  needsDisclosureCountdown,
  optionsOffered,
  participationYearsMax,
  positionOptions,
  splitList,
  stockConnectOffered,
  taxFileNeeded,
  taxNumberMax,
  toggleDebt,
  workLifeMax,
  workLifeOptions,
} from './profile';
import type { StepContext } from './step-rules/types';

const TODAY = '2026-06-15';
/** A birthday making the applicant exactly `age` today (the birthday itself) or `age` on its last day (`lastDay`). */
const bornFor = (age: number, lastDay = false) => (lastDay ? `${2026 - age - 1}-06-16` : `${2026 - age}-06-15`);
const hkAged = (age: number, lastDay = false): Pick<StepContext, 'saved' | 'clientType' | 'today'> => ({
  today: TODAY,
  clientType: 'hk',
  saved: { USERINFO: { birthday: bornFor(age, lastDay) } },
});

describe('lists', () => {
  it.each([
    ['', []],
    ['1', ['1']],
    ['1,3', ['1', '3']],
    [3, []],
  ])('splitList(%p) → %p', (v, out) => expect(splitList(v)).toEqual(out));

  it('joinList keeps the options order and drops unknown values', () => expect(joinList(['3', '1', '9'], ['1', '2', '3'])).toBe('1,3'));

  it.each([
    ['1,2', true],
    ['2', true],
    ['', false],
    ['1,1', false],
    ['1,4', false],
    ['1,', false],
    [' 1', false],
    [1, false],
    [['1'], false],
  ])('isListOf(%p, 1-3) → %p', (v, ok) => expect(isListOf(v, ['1', '2', '3'])).toBe(ok));
});

describe('age of the applicant', () => {
  it.each([
    ['cn from the ID card', { clientType: 'cn' as const, saved: { IDCARD: { birthday: '1996-06-16' }, USERINFO: { birthday: '1950-01-01' } } }, 29],
    ['hk from the user info', { clientType: 'hk' as const, saved: { IDCARD: { birthday: '1950-01-01' }, USERINFO: { birthday: '1996-06-15' } } }, 30],
    ['undefined before the identity step', { clientType: 'hk' as const, saved: {} }, undefined],
    ['undefined with a malformed birthday', { clientType: 'cn' as const, saved: { IDCARD: { birthday: '1996-13-01' } } }, undefined],
  ])('%s', (_, c, age) => expect(applicantAge({ ...c, today: TODAY })).toBe(age));
});

describe('employment', () => {
  it.each([
    ['hidden at 29 (last day)', applicantAge(hkAged(29, true)), false],
    ['offered at 30 (birthday)', applicantAge(hkAged(30)), true],
    ['offered before any birthday is known', undefined, true],
    ['hidden at 18', 18, false],
  ])('retired is %s', (_, age, offered) => {
    expect(employmentOptions(age).includes('3')).toBe(offered);
    expect(employmentOptions(age).filter((e) => e !== '3')).toEqual(['1', '2', '4', '5']);
  });

  it.each([
    [22, 2],
    [23, 3],
    [25, 3],
    [26, 4],
    [29, 4],
    [30, 5],
    [undefined, 5],
  ])('working years at age %p go up to option %p', (age, max) => {
    expect(workLifeMax(age)).toBe(max);
    expect(workLifeOptions(age)).toEqual(['1', '2', '3', '4', '5'].slice(0, max));
  });

  it.each([
    ['1', ['1', '2', '3', '4']],
    ['2', ['5', '6', '7', '8']],
    ['3', []],
    [1, []],
  ])('positions of employment %p', (e, out) => expect(positionOptions(e)).toEqual(out));

  it.each([
    ['cn', '3', false],
    ['cn', '4', false],
    ['cn', '5', true],
    ['hk', '3', true],
    ['hk', '4', true],
  ] as const)('%s employment %s: rent offered %p', (clientType, employment, rent) => {
    const options = investFundsSourceOptions(employment, clientType);
    expect(options.includes('3')).toBe(rent);
    expect(options.length).toBe(rent ? 7 : 6);
  });
});

describe('debts', () => {
  it.each([
    ['ticking none clears the debts', ['2', '3'], '1', true, ['1']],
    ['ticking housing clears none', ['1'], '2', true, ['2']],
    ['ticking other keeps housing', ['2'], '3', true, ['2', '3']],
    ['unticking one of two keeps the other', ['2', '3'], '2', false, ['3']],
    ['unticking the last debt re-ticks none', ['3'], '3', false, ['1']],
    ['unticking none re-ticks none', ['1'], '1', false, ['1']],
  ])('%s', (_, current, box, checked, out) => expect(toggleDebt(current, box, checked)).toEqual(out));

  it.each([
    ['1', true],
    ['2', true],
    ['3', true],
    ['2,3', true],
    ['1,2', false],
    ['1,3', false],
    ['3,2', true],
    ['', false],
    ['4', false],
    [1, false],
  ])('isDebtStatus(%p) → %p', (v, ok) => expect(isDebtStatus(v)).toBe(ok));

  it.each([
    ['3', true],
    ['2,3', true],
    ['2', false],
    ['1', false],
  ])('hasOtherDebt(%p) → %p', (v, other) => expect(hasOtherDebt(v)).toBe(other));
});

describe('finance', () => {
  it.each([
    ['1', true],
    ['2', true],
    ['3', false],
    ['4', false],
    ['5', false],
    [undefined, false],
  ])('salary offered for employment %p: %p', (e, salary) => expect(fundsSourceOptions(e)).toEqual(salary ? ['1', '2', '3', '4', '5'] : ['2', '3', '4', '5']));

  it.each([
    ['1', ['1']],
    ['2', ['1', '2']],
    ['3', ['1', '2', '3']],
    ['4', ['1', '2', '3', '4']],
    [undefined, ['1', '2', '3', '4']],
    ['9', ['1', '2', '3', '4']],
  ])('investable assets up to net-asset band %p', (net, out) => expect(currentAssetOptions(net)).toEqual(out));

  it.each([
    ['1', '2', true],
    ['2', '4', true],
    ['2', '2', false],
    ['4', '1', false],
    [undefined, '4', false],
    ['2', 4, false],
  ])('net %p, investable %p: inverted %p', (net, current, inverted) => expect(assetsInverted(net, current)).toBe(inverted));

  it.each([
    ['1', false],
    ['2', true],
    ['2,3', true],
    ['3', true],
    [undefined, true],
  ])('mortgaged home offered with financialStatus %p: %p', (status, offered) => expect(houseTypeOptions(status).includes('4')).toBe(offered));
});

describe('investment experience and the questionnaire', () => {
  it.each([
    [24, 2],
    [25, 3],
    [29, 3],
    [30, 4],
    [undefined, 4],
  ])('experience and years of participation at age %p go up to %p', (age, max) => {
    expect(experienceMax(age)).toBe(max);
    expect(experienceOptions(age)).toEqual(['1', '2', '3', '4'].slice(0, max));
    expect(participationYearsMax(age)).toBe(max);
  });

  it('the bands follow the exact age: 24 on the last day before the 25th birthday, 25 on it', () => {
    expect(experienceMax(applicantAge(hkAged(24, true)))).toBe(2);
    expect(experienceMax(applicantAge(hkAged(25)))).toBe(3);
    expect(experienceMax(applicantAge(hkAged(29, true)))).toBe(3);
    expect(experienceMax(applicantAge(hkAged(30)))).toBe(4);
  });

  it.each([
    ['degree 2 at 24: student', '2', 24, true],
    ['degree 2 at 25: not a student', '2', 25, false],
    ['degree 3 at 24: not a student', '3', 24, false],
    ['degree 3 at 25: not a student', '3', 25, false],
    ['degree 1 at 20: student', '1', 20, true],
    ['degree 2 with no known age: not a student', '2', undefined, false],
    ['no degree at 20: not a student', undefined, 20, false],
    ['a number degree: not a student', 2, 20, false],
  ])('%s', (_, degree, age, student) => expect(isQuestionnaireStudent(degree, age)).toBe(student));

  it.each([
    [true, ['trainingCourse', 'derivativeProducts']],
    [false, ['trainingCourse', 'experienceRelated', 'derivativeProducts']],
  ])('boxes offered to a student %p', (student, boxes) => expect(derivativeBoxes(student)).toEqual(boxes));
});

describe('account and markets', () => {
  it.each([
    ['cn', {}, false, 3],
    ['hk permanent', { HK_IDCARD: { permanentResident: 1 } }, true, 7],
    ['hk non-permanent', { HK_IDCARD: { permanentResident: 2 } }, false, 3],
    ['hk before the identity step', {}, false, 3],
  ])('%s: stock-connect %p, fixed mask %p', (who, saved, connect, mask) => {
    const ctx = { clientType: who.startsWith('cn') ? ('cn' as const) : ('hk' as const), saved };
    expect(stockConnectOffered(ctx)).toBe(connect);
    expect(fixedMarketMask(ctx)).toBe(mask);
  });

  it('stock-connect is not offered to a cn applicant even with an HK permanent identity saved', () =>
    expect(stockConnectOffered({ clientType: 'cn', saved: { HK_IDCARD: { permanentResident: 1 } } })).toBe(false));

  it.each([
    [1, false],
    [2, true],
    [3, true],
    ['2', false],
    [undefined, false],
  ])('options offered on account type %p: %p', (t, offered) => expect(optionsOffered(t)).toBe(offered));

  it.each([
    [{ aecode: 'B1', channel: 'fund' }, true],
    [{ aecode: 'B1', channel: 'web' }, false],
    [{ aecode: 'B2', channel: 'fund' }, false],
    [{ aecode: null, channel: null }, false],
    [undefined, false],
  ])('fund trade forced for %p: %p', (app, forced) => expect(fundTradeForced(app)).toBe(forced));

  it.each([
    [64, false],
    [65, true],
    [75, true],
    [76, false],
    [undefined, false],
  ])('senior at %p: %p', (age, senior) => {
    expect(isSenior(age)).toBe(senior);
    expect(cashCardOpen(2, age)).toBe(senior);
    expect(cashCardOpen(1, age)).toBe(true);
  });
});

describe('disclosure', () => {
  it.each([
    ['cash', 1, 6],
    ['margin', 2, 13],
    ['special margin', 3, 13],
    ['no account type yet', undefined, 6],
  ])('%s answers items 1-%p', (_, type, n) => expect(disclosureItemsOf(type)).toEqual(Array.from({ length: n }, (__, i) => i + 1)));

  const now = Date.parse('2026-06-15T08:00:00.000Z');
  const DAY = 86_400_000;
  it.each([
    ['no earlier confirmation', undefined, true],
    ['a time that is not a date', 'yesterday', true],
    ['a number, not a time string', now, true],
    ['exactly 7 days ago', new Date(now - 7 * DAY).toISOString(), false],
    ['7 days and 1 ms ago', new Date(now - 7 * DAY - 1).toISOString(), true],
    ['1 day ago', new Date(now - DAY).toISOString(), false],
    ['this instant', new Date(now).toISOString(), false],
    ['in the future', new Date(now + 1000).toISOString(), true],
  ])('countdown with %s: %p', (_, last, countdown) => expect(needsDisclosureCountdown(last, now)).toBe(countdown));
});

describe('tax', () => {
  it.each([
    ['cn', 18],
    ['hk', 100],
  ] as const)('%s tax numbers go up to %p characters', (clientType, max) => {
    expect(taxNumberMax(clientType)).toBe(max);
    expect(cleanTaxNumber('A'.repeat(max + 5), clientType)).toHaveLength(max);
  });

  it.each([
    ['a12-345 678', 'A12345678'],
    ['(ab)|12', '(AB)|12'],
    ['税号 123', '123'],
    ['  ', ''],
    ['x.y/z', 'XYZ'],
  ])('cleanTaxNumber(%p) → %p', (raw, clean) => expect(cleanTaxNumber(raw, 'hk')).toBe(clean));

  const cn: Pick<StepContext, 'clientType' | 'saved'> = { clientType: 'cn', saved: { IDCARD: { idNumber: '11010519491231002X' } } };
  const hkPermanent: Pick<StepContext, 'clientType' | 'saved'> = { clientType: 'hk', saved: { HK_IDCARD: { permanentResident: 1, idCountry: 'HK', idNumber: 'A1234567' } } };
  const hkNonPermanent: Pick<StepContext, 'clientType' | 'saved'> = {
    clientType: 'hk',
    saved: { HK_IDCARD: { permanentResident: 2, idCountry: 'GB', idNumber: 'P-123/456', idExtraInfo: { permanent: { idCountry: 'CN', idType: null, idNumber: '11010519491231002X' } } } },
  };

  it.each([
    ['cn: the ID card', cn, [{ country: 'CN', number: '11010519491231002X' }], 1, false],
    ['hk permanent: the HK ID', hkPermanent, [{ country: 'HK', number: 'A1234567' }], 1, false],
    ['hk non-permanent: the passport and the permanent-residence ID', hkNonPermanent, [{ country: 'GB', number: 'P-123/456' }, { country: 'CN', number: '11010519491231002X' }], 2, true],
    ['nothing saved yet', { clientType: 'hk' as const, saved: {} }, [], 1, false],
  ])('%s', (_, ctx, docs, rows, nonPermanent) => {
    expect(identityDocuments(ctx)).toEqual(docs);
    expect(minTaxRows(ctx)).toBe(rows);
    expect(isNonPermanentResident(ctx)).toBe(nonPermanent);
  });

  it.each([
    ['the ID number itself', 'CN', '11010519491231002X', false],
    ['the ID number in lower case', 'CN', '11010519491231002x', false],
    ['another number', 'CN', '110105194912310021', true],
    ['the ID number under another country', 'HK', '11010519491231002X', true],
    ['the passport number as cleaned (no "-" or "/")', 'GB', 'P123456', false],
    ['an empty number', 'GB', '', true],
  ])('file needed for %s: %p', (_, country, number, needed) => expect(taxFileNeeded(country, number, identityDocuments(hkNonPermanent).concat(identityDocuments(cn)))).toBe(needed));


  it.each([
    ['香港', true],
    ['Hong Kong 灣仔', true],
    ['Hong Kong', false],
    ['ＡＢＣ', false],
  ])('hasChinese(%p) → %p', (s, han) => expect(hasChinese(s)).toBe(han));
});
