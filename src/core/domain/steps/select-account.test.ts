import { DERIVATIVE_PRODUCTS, MARKET } from '../profile';
import { validateStep, type StepContext } from '../step-rules';
import { checkMarketOpen, rules as validateSelectAccount } from './select-account';

type D = Record<string, unknown>;
const base = { today: '2026-06-15', strict: false, app: { aecode: null, channel: null } };
const hkPermanent: StepContext = { ...base, clientType: 'hk', saved: { USERINFO: { birthday: '1980-01-01' }, HK_IDCARD: { permanentResident: 1 } } };
const hkNonPermanent: StepContext = { ...base, clientType: 'hk', saved: { USERINFO: { birthday: '1980-01-01' }, HK_IDCARD: { permanentResident: 2 } } };
const cn: StepContext = { ...base, clientType: 'cn', saved: { IDCARD: { birthday: '1980-01-01' } } };
const withInvestmentDerivatives = (c: StepContext): StepContext => ({ ...c, saved: { ...c.saved, INVESTMENT: { openDerivative: 1 } } });
const forced = (c: StepContext): StepContext => ({ ...c, app: { aecode: 'B1', channel: 'fund' } });

const { HK, US, STOCK_CONNECT: SC, OPTIONS: OPT } = MARKET;
const intend = (checked: 0 | 1): D => ({
  version: 2,
  derivative: { title: 'intend', checked },
  risk: checked,
  trainingCourse: checked ? { checked: 1, selectIndex: '2', selectContent: 'course' } : { checked: 0, selectIndex: '', selectContent: '' },
  experienceRelated: { checked: 0 },
  workExperience: { selectIndex: '', selectContent: '' },
  yearsParticipation: { selectIndex: '', selectContent: '' },
  derivativeProducts: { checked: 0, items: DERIVATIVE_PRODUCTS.map((title) => ({ title, checked: 0 })) },
});
const page = (over: D = {}): D => ({ accountType: 2, marketOpen: HK | US | SC, openFundTrade: 0, openDerivative: 0, ...over });
const rulesOf = (d: D, c: StepContext = hkPermanent) => validateSelectAccount(d, c).map((i) => `${i.field}:${i.rule}`);

describe('SELECTACCOUNT', () => {
  it('a margin and a cash choice with the fixed markets have no issues; the registry runs the same validator', () => {
    expect(validateSelectAccount(page(), hkPermanent)).toEqual([]);
    expect(validateSelectAccount(page({ accountType: 1, openFundTrade: 1 }), hkPermanent)).toEqual([]);
    expect(validateStep('SELECTACCOUNT', page({ accountType: 3 }), hkPermanent)).toEqual([{ field: 'accountType', rule: 'choice' }]);
  });

  it('an empty page names every field', () =>
    expect(rulesOf({})).toEqual(['accountType:required', 'marketOpen:required', 'openFundTrade:required', 'openDerivative:required']));

  it.each([
    [1, null],
    [2, null],
    [3, 'choice'],
    [0, 'choice'],
    ['2', 'choice'],
  ])('account type %p → %p', (accountType, rule) => expect(validateSelectAccount(page({ accountType }), hkPermanent).find((i) => i.field === 'accountType')?.rule ?? null).toBe(rule));

  it.each([
    ['hk permanent: HK+US+stock-connect', hkPermanent, HK | US | SC, null],
    ['hk permanent without stock-connect', hkPermanent, HK | US, 'choice'],
    ['hk non-permanent: HK+US', hkNonPermanent, HK | US, null],
    ['hk non-permanent with stock-connect', hkNonPermanent, HK | US | SC, 'notOffered'],
    ['cn: HK+US', cn, HK | US, null],
    ['cn with stock-connect', cn, HK | US | SC, 'notOffered'],
    ['without US', cn, HK, 'choice'],
    ['without HK', cn, US, 'choice'],
    ['bit 8 (not a market)', cn, HK | US | 8, 'choice'],
    ['bit 32 (not a market)', cn, HK | US | 32, 'choice'],
    ['negative', cn, -1, 'choice'],
    ['a fraction', cn, 3.5, 'choice'],
    ['a string', cn, '3', 'choice'],
    ['missing', cn, undefined, 'required'],
  ])('markets, %s', (_, c, mask, rule) => expect(checkMarketOpen(mask, 2, false, c)).toBe(rule));

  it.each([
    ['margin with derivative information', 2, true, null],
    ['margin without derivative information', 2, false, 'derivativeInfo'],
    ['cash, even with derivative information', 1, true, 'notOffered'],
  ])('options on %s', (_, accountType, info, rule) => expect(checkMarketOpen(HK | US | OPT, accountType, info, cn)).toBe(rule));

  it.each([
    ['the saved INVESTMENT opened derivatives', withInvestmentDerivatives(cn), {}, []],
    ['this step brings the questionnaire (intending)', cn, { derivativeInfo: intend(1) }, []],
    ['this step brings a questionnaire saying no', cn, { derivativeInfo: intend(0) }, ['marketOpen:derivativeInfo']],
    ['no information anywhere', cn, {}, ['marketOpen:derivativeInfo']],
    ['a broken questionnaire', cn, { derivativeInfo: { ...intend(1), risk: 0 } }, ['derivativeInfo.risk:mustTick']],
    ['a simple questionnaire', cn, { derivativeInfo: { version: 1, derivative: { title: 'experience', checked: 1 } } }, ['marketOpen:derivativeInfo', 'derivativeInfo.version:choice']],
    ['a questionnaire although INVESTMENT opened derivatives', withInvestmentDerivatives(cn), { derivativeInfo: intend(1) }, ['derivativeInfo:choice']],
  ])('options: %s', (_, c, over, issues) => expect(rulesOf(page({ marketOpen: HK | US | OPT, openDerivative: 1, ...over }), c)).toEqual(issues));

  it('options on a cash account are not offered', () =>
    expect(rulesOf(page({ accountType: 1, marketOpen: HK | US | OPT, openDerivative: 1 }), withInvestmentDerivatives(cn))).toEqual(['marketOpen:notOffered']));

  it('a questionnaire without options is refused', () => expect(rulesOf(page({ derivativeInfo: intend(1) }))).toEqual(['derivativeInfo:choice']));

  it.each([
    ['1 with options', HK | US | OPT, 1, null],
    ['0 with options', HK | US | OPT, 0, 'choice'],
    ['1 without options', HK | US, 1, 'choice'],
    ['0 without options', HK | US, 0, null],
    ['a string', HK | US, '0', 'choice'],
  ])('openDerivative %s', (_, marketOpen, openDerivative, rule) =>
    expect(validateSelectAccount(page({ marketOpen, openDerivative }), withInvestmentDerivatives(cn)).find((i) => i.field === 'openDerivative')?.rule ?? null).toBe(rule));

  it.each([
    ['forced, on', forced(cn), 1, null],
    ['forced, off', forced(cn), 0, 'mustTick'],
    ['agent B1 on another channel, off', { ...cn, app: { aecode: 'B1', channel: 'web' } }, 0, null],
    ['not forced, on', cn, 1, null],
    ['not forced, off', cn, 0, null],
    ['a boolean', cn, true, 'choice'],
  ])('fund trade %s', (_, c, openFundTrade, rule) =>
    expect(validateSelectAccount(page({ marketOpen: HK | US, openFundTrade }), c).find((i) => i.field === 'openFundTrade')?.rule ?? null).toBe(rule));
});
