import { DERIVATIVE_PRODUCTS } from '../profile';
import { validateStep, type StepContext } from '../step-rules';
import { checkDerivativeInfo, rules as validateInvestment, type DerivativeRules } from './investment';

const TODAY = '2026-06-15';
/** An hk applicant of `age` (birthday today, or the day after with lastDay) with the given education. */
const aged = (age: number, lastDay = false, degree = '4'): StepContext => ({
  today: TODAY,
  clientType: 'hk',
  strict: false,
  saved: { USERINFO: { birthday: lastDay ? `${2026 - age - 1}-06-16` : `${2026 - age}-06-15` }, JOBSTATUS: { employmentInfo: { degree, employment: '4' } } },
});
const ctx = aged(40);

type D = Record<string, unknown>;
const full = (intending: boolean, over: D = {}): D => ({
  version: 2,
  derivative: { title: 'intend', checked: intending ? 1 : 0 },
  risk: intending ? 1 : 0,
  trainingCourse: intending ? { checked: 1, selectIndex: '1', selectContent: 'seminar' } : { checked: 0, selectIndex: '', selectContent: '' },
  experienceRelated: { checked: 0 },
  workExperience: { selectIndex: '', selectContent: '' },
  yearsParticipation: { selectIndex: '', selectContent: '' },
  derivativeProducts: { checked: 0, items: DERIVATIVE_PRODUCTS.map((title) => ({ title, checked: 0 })) },
  ...over,
});
/** Intending with only the related job ticked: institution `work`, years `years`. */
const related = (work: string, workKey: string, years: string, yearsKey: string): D =>
  full(true, {
    trainingCourse: { checked: 0, selectIndex: '', selectContent: '' },
    experienceRelated: { checked: 1 },
    workExperience: { selectIndex: work, selectContent: workKey },
    yearsParticipation: { selectIndex: years, selectContent: yearsKey },
  });
const items = (ticked: number[]) => DERIVATIVE_PRODUCTS.map((title, i) => ({ title, checked: ticked.includes(i) ? 1 : 0 }));
const simple = (yes: boolean, boxes: Partial<Record<'trainingCourse' | 'experienceRelated' | 'derivativeProducts', number>> = {}): D => ({
  version: 1,
  derivative: { title: 'experience', checked: yes ? 1 : 0 },
  trainingCourse: { checked: boxes.trainingCourse ?? 0 },
  experienceRelated: { checked: boxes.experienceRelated ?? 0 },
  derivativeProducts: { checked: boxes.derivativeProducts ?? 0 },
});

const page = (over: D = {}, derivativeInfo: unknown = full(false), openDerivative: unknown = 0): D => ({
  investmentInfo: { hkStock: '2', preciousMetals: '1', foreignExchange: '1', aShares: '1', fund: '1', investGoal: '1,2', ...over },
  openDerivative,
  derivativeInfo,
});
const rulesOf = (d: D, c: StepContext = ctx) => validateInvestment(d, c).map((i) => `${i.field}:${i.rule}`);
const ruleOf = (d: D, field: string, c: StepContext = ctx) => validateInvestment(d, c).find((i) => i.field === field)?.rule ?? null;
const adult: DerivativeRules = { student: false, age: 40, versions: [1, 2] };
const derivRules = (d: unknown, r: DerivativeRules = adult) => checkDerivativeInfo(d, r).filter((p) => p[1] !== null).map(([f, r2]) => `${f}:${r2}`);

describe('INVESTMENT', () => {
  it('complete pages (not intending, intending, simple no, simple yes) have no issues; the registry runs the same validator', () => {
    expect(validateInvestment(page(), ctx)).toEqual([]);
    expect(validateInvestment(page({}, full(true), 1), ctx)).toEqual([]);
    expect(validateInvestment(page({}, simple(false), 0), ctx)).toEqual([]);
    expect(validateInvestment(page({}, simple(true, { trainingCourse: 1, experienceRelated: 1, derivativeProducts: 1 }), 1), ctx)).toEqual([]);
    expect(validateStep('INVESTMENT', page({ investGoal: '' }), ctx)).toEqual([{ field: 'investmentInfo.investGoal', rule: 'needOne' }]);
  });

  it('an empty page names every field', () =>
    expect(rulesOf({})).toEqual([
      'investmentInfo:required',
      'investmentInfo.hkStock:required',
      'investmentInfo.preciousMetals:required',
      'investmentInfo.foreignExchange:required',
      'investmentInfo.aShares:required',
      'investmentInfo.fund:required',
      'investmentInfo.investGoal:needOne',
      'derivativeInfo:required',
      'openDerivative:required',
    ]));

  it.each([
    [24, true, '2', null],
    [24, true, '3', 'notOffered'],
    [25, false, '3', null],
    [25, false, '4', 'notOffered'],
    [29, true, '3', null],
    [29, true, '4', 'notOffered'],
    [30, false, '4', null],
    [30, false, '5', 'choice'],
    [30, false, 4, 'choice'],
  ])('experience at %p (last day %p): level %p → %p', (age, lastDay, level, rule) => {
    for (const field of ['hkStock', 'preciousMetals', 'foreignExchange', 'aShares', 'fund']) {
      expect(ruleOf(page({ [field]: level }), `investmentInfo.${field}`, aged(age, lastDay))).toBe(rule);
    }
  });

  it.each([
    ['1,2,3,4,5,6', null],
    ['6', null],
    ['', 'needOne'],
    ['7', 'choice'],
    ['1,1', 'choice'],
    [1, 'choice'],
  ])('goals %p → %p', (investGoal, rule) => expect(ruleOf(page({ investGoal }), 'investmentInfo.investGoal')).toBe(rule));

  it.each([
    ['1 when intending', full(true), 1, null],
    ['0 when intending', full(true), 0, 'choice'],
    ['1 when not intending', full(false), 1, 'choice'],
    ['"1" as a string', full(true), '1', 'choice'],
    ['1 with simple yes', simple(true, { trainingCourse: 1 }), 1, null],
    ['0 with simple yes', simple(true, { trainingCourse: 1 }), 0, 'choice'],
  ])('openDerivative %s', (_, d, open, rule) => expect(ruleOf(page({}, d, open), 'openDerivative')).toBe(rule));

  it('unknown fields are refused', () => expect(rulesOf(page({ bonds: '1' }))).toEqual(['investmentInfo.bonds:choice']));

  it.each([
    ['degree 2 at 24 (last day): the related job is not offered', aged(24, true, '2'), 'notOffered'],
    ['degree 2 at 25: offered', aged(25, false, '2'), null],
    ['degree 3 at 24: offered', aged(24, true, '3'), null],
    ['degree 3 at 25: offered', aged(25, false, '3'), null],
  ])('student rule, full: %s', (_, c, rule) =>
    expect(ruleOf(page({}, related('1', 'bank', '1', 'under1'), 1), 'derivativeInfo.experienceRelated.checked', c)).toBe(rule));

  it.each([
    ['student', aged(24, true, '2'), 'notOffered'],
    ['not a student', aged(24, true, '3'), null],
  ])('student rule, simple: %s', (_, c, rule) =>
    expect(ruleOf(page({}, simple(true, { trainingCourse: 1, experienceRelated: 1 }), 1), 'derivativeInfo.experienceRelated.checked', c)).toBe(rule));
});

describe("evidence of derivatives knowledge on the step (issue 41): the broker's rule from the step context", () => {
  const file = { ossId: 'ev_training_abcdef', url: 'https://x/y', description: 'certificate.pdf', ossCategory: 'UserApply' };
  const withRule = (rule?: 'off' | 'optional' | 'required'): StepContext => (rule ? { ...ctx, settings: { derivativeEvidence: rule } } : ctx);
  test.each([
    ['no rule in the context: optional', undefined, undefined, []],
    ['optional, no file', 'optional', undefined, []],
    ['required, no file for the ticked training box', 'required', undefined, ['derivativeEvidence.trainingCourse:fileRequired']],
    ['required, the certificate given', 'required', { trainingCourse: [file] }, []],
    ['off, a file given', 'off', { trainingCourse: [file] }, ['derivativeEvidence.trainingCourse:notOffered']],
    ['a file for the related job, not ticked', 'optional', { experienceRelated: [file] }, ['derivativeEvidence.experienceRelated:choice']],
  ] as const)('%s', (_, rule, evidence, expected) => {
    expect(rulesOf({ ...page({}, full(true), 1), ...(evidence ? { derivativeEvidence: evidence } : {}) }, withRule(rule))).toEqual(expected);
  });
  test('not intending: nothing is asked whatever the rule', () => {
    expect(rulesOf(page(), withRule('required'))).toEqual([]);
  });
});

describe('derivatives questionnaire, full (version 2)', () => {
  it.each([
    ['not intending, all boxes 0', full(false), []],
    ['intending with training', full(true), []],
    ['intending with products', full(true, { trainingCourse: { checked: 0, selectIndex: '', selectContent: '' }, derivativeProducts: { checked: 1, items: items([5]) } }), []],
    ['intending with the related job', related('5', 'insurance', '4', 'over5'), []],
    ['intending without the risk box', full(true, { risk: 0 }), ['derivativeInfo.risk:mustTick']],
    ['not intending with the risk box', full(false, { risk: 1 }), ['derivativeInfo.risk:choice']],
    [
      'intending with no box',
      full(true, { trainingCourse: { checked: 0, selectIndex: '', selectContent: '' } }),
      ['derivativeInfo.trainingCourse:needOne'],
    ],
    [
      'not intending with a ticked box',
      full(false, { trainingCourse: { checked: 1, selectIndex: '1', selectContent: 'seminar' } }),
      ['derivativeInfo.trainingCourse.checked:choice'],
    ],
    ['training without its source', full(true, { trainingCourse: { checked: 1, selectIndex: '', selectContent: '' } }), ['derivativeInfo.trainingCourse.selectIndex:required']],
    ['training with an unknown source', full(true, { trainingCourse: { checked: 1, selectIndex: '3', selectContent: 'x' } }), ['derivativeInfo.trainingCourse.selectIndex:choice']],
    [
      'training with the content of the other index',
      full(true, { trainingCourse: { checked: 1, selectIndex: '1', selectContent: 'course' } }),
      ['derivativeInfo.trainingCourse.selectContent:choice'],
    ],
    [
      'unticked training keeping a source',
      full(true, { trainingCourse: { checked: 0, selectIndex: '1', selectContent: 'seminar' }, derivativeProducts: { checked: 1, items: items([0]) } }),
      ['derivativeInfo.trainingCourse.selectIndex:choice', 'derivativeInfo.trainingCourse.selectContent:choice'],
    ],
    [
      'the related job without job type and years',
      related('', '', '', ''),
      ['derivativeInfo.workExperience.selectIndex:required', 'derivativeInfo.yearsParticipation.selectIndex:required'],
    ],
    ['the related job with a wrong content', related('2', 'bank', '1', 'under1'), ['derivativeInfo.workExperience.selectContent:choice']],
    ['products ticked with no product', full(true, { derivativeProducts: { checked: 1, items: items([]) } }), ['derivativeInfo.derivativeProducts.items:needOne']],
    ['a product without its box', full(true, { derivativeProducts: { checked: 0, items: items([1]) } }), ['derivativeInfo.derivativeProducts.items:choice']],
    [
      'products out of order',
      full(true, { derivativeProducts: { checked: 1, items: items([0]).reverse() } }),
      ['derivativeInfo.derivativeProducts.items:choice'],
    ],
    ['five products', full(true, { derivativeProducts: { checked: 1, items: items([0]).slice(0, 5) } }), ['derivativeInfo.derivativeProducts.items:choice']],
    ['no products list', full(false, { derivativeProducts: { checked: 0 } }), ['derivativeInfo.derivativeProducts.items:required']],
    ['the intent title', full(false, { derivative: { title: 'experience', checked: 0 } }), ['derivativeInfo.derivative.title:choice']],
    ['the intent as a string', full(false, { derivative: { title: 'intend', checked: '0' } }), ['derivativeInfo.derivative.checked:choice']],
    ['a boolean box', full(true, { trainingCourse: { checked: true, selectIndex: '1', selectContent: 'seminar' } }), ['derivativeInfo.trainingCourse:needOne', 'derivativeInfo.trainingCourse.checked:choice', 'derivativeInfo.trainingCourse.selectIndex:choice', 'derivativeInfo.trainingCourse.selectContent:choice']],
    ['an unknown field', full(false, { extra: 1 }), ['derivativeInfo.extra:choice']],
    ['no version', { ...full(false), version: undefined }, ['derivativeInfo.version:required']],
    ['version 3', full(false, { version: 3 }), ['derivativeInfo.version:choice']],
    ['null', null, ['derivativeInfo:required']],
    ['an array', [], ['derivativeInfo:required']],
  ])('%s', (_, d, issues) => expect(derivRules(d)).toEqual(issues));

  it.each([
    [24, '2', null],
    [24, '3', 'notOffered'],
    [25, '3', null],
    [25, '4', 'notOffered'],
    [29, '3', null],
    [29, '4', 'notOffered'],
    [30, '4', null],
    [30, '5', 'choice'],
  ])('years of participation at %p: option %p → %p', (age, years, rule) => {
    const key = { '1': 'under1', '2': 'y1to3', '3': 'y3to5', '4': 'over5' }[years] ?? 'x';
    const found = checkDerivativeInfo(related('1', 'bank', years, key), { student: false, age, versions: [2] }).find((p) => p[0] === 'derivativeInfo.yearsParticipation.selectIndex');
    expect(found?.[1]).toBe(rule);
  });

  it('the dialog of SELECTACCOUNT (full only) refuses the simple version', () =>
    expect(derivRules(simple(false), { ...adult, versions: [2] })).toEqual(['derivativeInfo.version:choice']));
});

describe('derivatives questionnaire, simple (version 1)', () => {
  it.each([
    ['no, all boxes 0', simple(false), []],
    ['yes with one box', simple(true, { derivativeProducts: 1 }), []],
    ['yes with no box', simple(true), ['derivativeInfo.trainingCourse:needOne']],
    ['no with a box', simple(false, { trainingCourse: 1 }), ['derivativeInfo.trainingCourse.checked:choice']],
    ['the full title', { ...simple(false), derivative: { title: 'intend', checked: 0 } }, ['derivativeInfo.derivative.title:choice']],
    ['a full-only field', { ...simple(false), risk: 0 }, ['derivativeInfo.risk:choice']],
    ['a box with a sub-choice', { ...simple(true, { trainingCourse: 1 }), trainingCourse: { checked: 1, selectIndex: '1' } }, ['derivativeInfo.trainingCourse.selectIndex:choice']],
    ['a missing box', { ...simple(false), experienceRelated: undefined }, ['derivativeInfo.experienceRelated.checked:required']],
  ])('%s', (_, d, issues) => expect(derivRules(d)).toEqual(issues));
});
