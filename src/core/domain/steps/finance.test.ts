import { validateStep, type StepContext } from '../step-rules';
import { rules as validateFinance } from './finance';

const withJob = (employmentInfo?: Record<string, unknown>): StepContext => ({
  today: '2026-06-15',
  clientType: 'hk',
  strict: false,
  saved: employmentInfo ? { USERINFO: { birthday: '1980-01-01' }, JOBSTATUS: { employmentInfo } } : { USERINFO: { birthday: '1980-01-01' } },
});
const employed = withJob({ degree: '4', employment: '1' });
const retiredNoDebt = withJob({ degree: '4', employment: '3', financialStatus: '1' });
const unemployedHousing = withJob({ degree: '4', employment: '5', financialStatus: '2' });

const page = (over: Record<string, unknown> = {}) => ({
  financialInfo: { fundsSource: '1,2', annualIncome: '2', netAsset: '2', currentAsset: '1', annualAverageInvestAmount: '1', houseType: '3', ...over },
});
const rulesOf = (d: Record<string, unknown>, c: StepContext = employed) => validateFinance(d, c).map((i) => `${i.field}:${i.rule}`);
const ruleOf = (d: Record<string, unknown>, field: string, c: StepContext = employed) =>
  validateFinance(d, c).find((i) => i.field === `financialInfo.${field}`)?.rule ?? null;

describe('FINANCE', () => {
  it('a complete page has no issues; the registry runs the same validator', () => {
    expect(validateFinance(page(), employed)).toEqual([]);
    expect(validateStep('FINANCE', page({ annualIncome: '7' }), employed)).toEqual([{ field: 'financialInfo.annualIncome', rule: 'choice' }]);
  });

  it('an empty page names every field', () =>
    expect(rulesOf({})).toEqual([
      'financialInfo:required',
      'financialInfo.fundsSource:needOne',
      'financialInfo.annualIncome:required',
      'financialInfo.netAsset:required',
      'financialInfo.currentAsset:required',
      'financialInfo.annualAverageInvestAmount:required',
      'financialInfo.houseType:required',
    ]));

  it.each([
    ['salary for the employed', employed, '1', null],
    ['salary for the self-employed', withJob({ employment: '2' }), '1,5', null],
    ['salary for a retired applicant', retiredNoDebt, '1,2', 'notOffered'],
    ['salary for the unemployed', unemployedHousing, '1', 'notOffered'],
    ['savings for the unemployed', unemployedHousing, '2,3,4,5', null],
    ['salary before JOBSTATUS is saved', withJob(), '1', null],
    ['none', employed, '', 'needOne'],
    ['a duplicate', employed, '2,2', 'choice'],
    ['an unknown source', employed, '6', 'choice'],
    ['an array', employed, ['1'], 'choice'],
  ])('fund sources: %s', (_, c, fundsSource, rule) => expect(ruleOf(page({ fundsSource }), 'fundsSource', c)).toBe(rule));

  it.each([
    ['annualIncome', '6', null],
    ['annualIncome', '7', 'choice'],
    ['annualIncome', 2, 'choice'],
    ['annualAverageInvestAmount', '6', null],
    ['annualAverageInvestAmount', '0', 'choice'],
    ['netAsset', '4', null],
    ['netAsset', '5', 'choice'],
    ['netAsset', null, 'required'],
  ])('%s %p', (field, v, rule) => expect(ruleOf(page({ [field]: v, currentAsset: '1' }), field)).toBe(rule));

  it.each([
    ['1', '1', null],
    ['1', '2', 'assetsInverted'],
    ['2', '2', null],
    ['2', '3', 'assetsInverted'],
    ['3', '4', 'assetsInverted'],
    ['4', '4', null],
    ['4', '1', null],
    ['4', '5', 'choice'],
    ['4', 4, 'choice'],
    ['9', '4', null],
  ])('net assets %p, investable %p → %p', (netAsset, currentAsset, rule) => expect(ruleOf(page({ netAsset, currentAsset }), 'currentAsset')).toBe(rule));

  it.each([
    ['mortgaged with no liabilities', retiredNoDebt, '4', 'notOffered'],
    ['mortgaged with a housing loan', unemployedHousing, '4', null],
    ['mortgaged, employed (no debt answer)', employed, '4', null],
    ['self-owned with no liabilities', retiredNoDebt, '5', null],
    ['unknown type', employed, '6', 'choice'],
    ['zero', employed, '0', 'choice'],
    ['a number', employed, 3, 'choice'],
  ])('house type: %s', (_, c, houseType, rule) => expect(ruleOf(page({ houseType, fundsSource: '2' }), 'houseType', c)).toBe(rule));

  it('unknown fields are refused', () => expect(rulesOf(page({ wealth: '1' }))).toEqual(['financialInfo.wealth:choice']));
});
