import { validateStep, type StepContext } from '../step-rules';
import { checkOption, checkOptionList, rules as validateJobStatus } from './jobstatus';

const TODAY = '2026-06-15';
/** An hk applicant exactly `age` today (birthday today), or on the last day of `age` with `lastDay`. */
const aged = (age: number, lastDay = false, clientType: 'cn' | 'hk' = 'hk'): StepContext => {
  const birthday = lastDay ? `${2026 - age - 1}-06-16` : `${2026 - age}-06-15`;
  return { today: TODAY, clientType, strict: false, saved: clientType === 'cn' ? { IDCARD: { birthday } } : { USERINFO: { birthday } } };
};
const ctx = aged(40);

const company = (over: Record<string, unknown> = {}) => ({
  employmentInfo: {
    degree: '4',
    employment: '1',
    companyName: 'Harbour View Trading Limited',
    companyNameVendor: '',
    officeAddress: '88 Queensway, Admiralty',
    officeAddressVendor: '',
    industry: '34',
    position: '4',
    workLife: '5',
    ...over,
  },
});
const funds = (over: Record<string, unknown> = {}) => ({
  employmentInfo: { degree: '3', employment: '5', investFundsSource: '1,3', financialStatus: '1', noDispute: '1', ...over },
});

const rulesOf = (d: Record<string, unknown>, c: StepContext = ctx) => validateJobStatus(d, c).map((i) => `${i.field}:${i.rule}`);
const ruleOf = (d: Record<string, unknown>, field: string, c: StepContext = ctx) =>
  validateJobStatus(d, c).find((i) => i.field === `employmentInfo.${field}`)?.rule ?? null;

describe('JOBSTATUS', () => {
  it('a complete employed page and a complete unemployed page have no issues; the registry runs the same validator', () => {
    expect(validateJobStatus(company(), ctx)).toEqual([]);
    expect(validateJobStatus(funds(), ctx)).toEqual([]);
    expect(validateStep('JOBSTATUS', company({ industry: '99' }), ctx)).toEqual([{ field: 'employmentInfo.industry', rule: 'choice' }]);
  });

  it('an empty page names the object, education and employment', () =>
    expect(rulesOf({})).toEqual(['employmentInfo:required', 'employmentInfo.degree:required', 'employmentInfo.employment:required']));

  it.each([
    ['primary or below: offline opening', '1', 'offlineOpening'],
    ['secondary', '2', null],
    ['master', '5', null],
    ['unknown level', '6', 'choice'],
    ['a number', 4, 'choice'],
    ['empty', '', 'required'],
  ])('degree %s', (_, degree, rule) => expect(ruleOf(company({ degree }), 'degree')).toBe(rule));

  it.each([
    ['retired at 29 (last day): not offered', aged(29, true), 'notOffered'],
    ['retired at 30 (birthday): accepted', aged(30), null],
    ['retired at 29 for cn (ID card birthday): not offered', aged(29, true, 'cn'), 'notOffered'],
    ['retired at 30 for cn: accepted', aged(30, false, 'cn'), null],
    ['retired before any birthday is saved: accepted', { ...ctx, saved: {} }, null],
  ])('%s', (_, c, rule) => expect(ruleOf(funds({ employment: '3', investFundsSource: '4' }), 'employment', c)).toBe(rule));

  it.each([
    ['unknown employment', '6', 'choice'],
    ['a number', 1, 'choice'],
  ])('%s', (_, employment, rule) => expect(ruleOf(company({ employment }), 'employment')).toBe(rule));

  describe('company branch (employed, self-employed)', () => {
    it.each([
      ['typed by hand, 4 characters', { companyName: 'ABCD' }, null],
      ['typed by hand, 3 characters', { companyName: 'ABC' }, 'tooShort'],
      ['from the registry, 2 characters', { companyName: '华为', companyNameVendor: '华为' }, null],
      ['200 characters', { companyName: 'A'.repeat(200) }, null],
      ['201 characters', { companyName: 'A'.repeat(201) }, 'tooLong'],
      ['blank', { companyName: '   ' }, 'required'],
      ['missing', { companyName: undefined }, 'required'],
      ['a number', { companyName: 1234 }, 'required'],
    ])('company name %s', (_, over, rule) => expect(ruleOf(company(over), 'companyName')).toBe(rule));

    it.each([
      ['500 characters', { officeAddress: 'A'.repeat(500) }, null],
      ['501 characters', { officeAddress: 'A'.repeat(501) }, 'tooLong'],
      ['the company name again', { officeAddress: 'Harbour View Trading Limited' }, 'sameAsName'],
      ['the company name with other case and spaces', { officeAddress: ' harbour view trading limited ' }, 'sameAsName'],
      ['empty', { officeAddress: '' }, 'required'],
    ])('office address %s', (_, over, rule) => expect(ruleOf(company(over), 'officeAddress')).toBe(rule));

    it.each([
      ['companyNameVendor', 5, 'choice'],
      ['companyNameVendor', undefined, 'choice'],
      ['companyNameVendor', 'A'.repeat(201), 'tooLong'],
      ['officeAddressVendor', null, 'choice'],
      ['officeAddressVendor', 'A'.repeat(501), 'tooLong'],
    ])('%s %p', (field, v, rule) => expect(ruleOf(company({ [field]: v }), field)).toBe(rule));

    it.each([
      ['11', null],
      ['24', null],
      ['57', null],
      ['61', null],
      ['25', 'choice'],
      ['62', 'choice'],
      [11, 'choice'],
    ])('industry %p', (industry, rule) => expect(ruleOf(company({ industry }), 'industry')).toBe(rule));

    it.each([
      ['employed', '1', '4', null],
      ['employed', '1', '5', 'choice'],
      ['self-employed', '2', '5', null],
      ['self-employed', '2', '8', null],
      ['self-employed', '2', '1', 'choice'],
      ['employed', '1', '', 'required'],
    ])('%s position %p', (_, employment, position, rule) => expect(ruleOf(company({ employment, position }), 'position')).toBe(rule));

    it.each([
      [22, true, '2', null],
      [22, true, '3', 'notOffered'],
      [23, false, '3', null],
      [23, false, '4', 'notOffered'],
      [25, true, '3', null],
      [25, true, '4', 'notOffered'],
      [26, false, '4', null],
      [29, true, '4', null],
      [29, true, '5', 'notOffered'],
      [30, false, '5', null],
      [30, false, '6', 'choice'],
    ])('working years at %p (last day %p): option %p → %p', (age, lastDay, workLife, rule) =>
      expect(ruleOf(company({ workLife }), 'workLife', aged(age, lastDay))).toBe(rule));

    it('the fund-source fields are refused on the company branch', () =>
      expect(rulesOf(company({ investFundsSource: '1', financialStatus: '1', noDispute: '1' }))).toEqual([
        'employmentInfo.investFundsSource:choice',
        'employmentInfo.financialStatus:choice',
        'employmentInfo.noDispute:choice',
      ]));
  });

  describe('fund-source branch (retired, student, unemployed)', () => {
    it.each([
      ['unemployed, all seven', 'hk', '5', '1,2,3,4,5,6,7', null],
      ['none ticked', 'hk', '5', '', 'needOne'],
      ['missing', 'hk', '5', undefined, 'needOne'],
      ['a duplicate', 'hk', '5', '1,1', 'choice'],
      ['an unknown source', 'hk', '5', '8', 'choice'],
      ['a number', 'hk', '5', 1, 'choice'],
      ['rent for a cn student', 'cn', '4', '3', 'notOffered'],
      ['rent for a cn retired applicant', 'cn', '3', '1,3', 'notOffered'],
      ['rent for a cn unemployed applicant', 'cn', '5', '3', null],
      ['rent for an hk student', 'hk', '4', '3', null],
    ] as const)('fund sources: %s', (_, clientType, employment, investFundsSource, rule) =>
      expect(ruleOf(funds({ employment, investFundsSource }), 'investFundsSource', aged(40, false, clientType))).toBe(rule));

    it.each([
      ['no liabilities', { financialStatus: '1' }, []],
      ['housing loan', { financialStatus: '2' }, []],
      ['other debt with its text', { financialStatus: '3', financialStatusDetail: 'Car loan' }, []],
      ['housing and other debt with the text', { financialStatus: '2,3', financialStatusDetail: 'A'.repeat(200) }, []],
      ['other debt without the text', { financialStatus: '3' }, ['employmentInfo.financialStatusDetail:required']],
      ['other debt with a blank text', { financialStatus: '2,3', financialStatusDetail: '  ' }, ['employmentInfo.financialStatusDetail:required']],
      ['other debt with 201 characters', { financialStatus: '3', financialStatusDetail: 'A'.repeat(201) }, ['employmentInfo.financialStatusDetail:tooLong']],
      ['a text without other debt', { financialStatus: '2', financialStatusDetail: 'Car loan' }, ['employmentInfo.financialStatusDetail:choice']],
      ['none with a debt', { financialStatus: '1,2' }, ['employmentInfo.financialStatus:choice']],
      ['missing', { financialStatus: undefined }, ['employmentInfo.financialStatus:required']],
      ['a number', { financialStatus: 1 }, ['employmentInfo.financialStatus:choice']],
    ])('debts: %s', (_, over, issues) => expect(rulesOf(funds(over))).toEqual(issues));

    it.each([
      ['ticked', '1', null],
      ['unticked', '0', 'debtDispute'],
      ['missing', undefined, 'debtDispute'],
      ['a number', 1, 'choice'],
    ])('no-dispute box %s', (_, noDispute, rule) => expect(ruleOf(funds({ noDispute }), 'noDispute')).toBe(rule));

    it('the company fields are refused on the fund-source branch', () =>
      expect(rulesOf(funds({ companyName: 'ACME', workLife: '1' }))).toEqual(['employmentInfo.companyName:choice', 'employmentInfo.workLife:choice']));
  });

  it('unknown fields are refused', () => expect(rulesOf(company({ nickname: 'x' }))).toEqual(['employmentInfo.nickname:choice']));
  it('an array is not the object', () => expect(rulesOf({ employmentInfo: [] })[0]).toBe('employmentInfo:required'));
});

describe('shared option checks', () => {
  it.each([
    [undefined, 'required'],
    ['', 'required'],
    ['2', 'notOffered'],
    ['1', null],
    ['9', 'choice'],
  ])('checkOption(%p) of 1,2 offering 1', (v, rule) => expect(checkOption(v, ['1', '2'], ['1'])).toBe(rule));
  it.each([
    ['', 'needOne'],
    ['1', null],
    ['2,1', null],
    ['1,3', 'notOffered'],
    ['1,1', 'choice'],
    ['4', 'choice'],
  ])('checkOptionList(%p) of 1-3 offering 1,2', (v, rule) => expect(checkOptionList(v, ['1', '2', '3'], ['1', '2'])).toBe(rule));
});
