/**
 * INVESTMENT (/Investment, spec part 2 §3 "investmentInfo" and "derivativeInfo", §4 "Investment" and
 * "Derivatives (full questionnaire)", §5 "Investment").
 * Data: {investmentInfo: {hkStock, preciousMetals, foreignExchange, aShares, fund: '1'..'4' within the age's
 * experience options, investGoal: comma list ≥1}, openDerivative: 1|0 (1 iff the applicant intends / has
 * experience), derivativeInfo: the questionnaire, version 2 (full) or 1 (simple), derivativeEvidence?: the files for
 * its ticked boxes (issue 41, derivative-evidence.ts: by the broker's rule)}.
 *
 * checkDerivativeInfo is also the rule of the derivative dialog of SELECTACCOUNT (version 2 only there).
 */
import type { Check } from '../identity';
import {
  applicantAge,
  DERIVATIVE_PRODUCTS,
  DERIVATIVE_VERSION,
  EXPERIENCE_FIELDS,
  EXPERIENCE_LEVELS,
  experienceOptions,
  INSTITUTION_TYPES,
  INVEST_GOALS,
  isQuestionnaireStudent,
  PARTICIPATION_YEARS,
  participationYearsMax,
  TRAINING_SOURCES,
  splitList,
} from '../profile';
import { checkOption, checkOptionList, extraKeys, objectOf } from './jobstatus';
import { savedEmployment } from './finance';
import { at, issuesOf, type StepContext, type StepValidator } from '../step-rules/types';
import { shape, text, num, derivativeInfo, derivativeEvidence, type DataOf } from './schema';
import { checkDerivativeEvidence, DEFAULT_EVIDENCE_RULE } from '../derivative-evidence';
import { derivativeFull, type Data, type StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, m, msg, yesNo, optionParts, derivativeRows, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'INVESTMENT', route: '/Investment', titleKey: 'investment.title', introKey: 'investment.intro', status: 1040, progress: { cn: 3, hk: 4 } });

/** INVESTMENT: experience levels per field, goals (comma-separated), the derivatives questionnaire. */
export const data = shape({
  investmentInfo: shape({ hkStock: text, preciousMetals: text, foreignExchange: text, aShares: text, fund: text, investGoal: text }),
  openDerivative: num,
  derivativeInfo,
  derivativeEvidence,
});
export type InvestmentStep = DataOf<typeof data>;

type Pairs = Array<readonly [string, Check]>;

const FLAGS = [0, 1] as const;
const BOXES = ['trainingCourse', 'experienceRelated', 'derivativeProducts'] as const;

/** What the questionnaire's rules depend on: the related-job box is not offered to a student; years by age. */
export interface DerivativeRules {
  student: boolean;
  age: number | undefined;
  /** the versions accepted (SELECTACCOUNT's dialog writes the full one only) */
  versions: readonly number[];
}

/** The questionnaire rules of an application: degree from the saved JOBSTATUS, age from the identity steps. */
export function derivativeRulesOf(ctx: StepContext, versions: readonly number[] = Object.values(DERIVATIVE_VERSION)): DerivativeRules {
  const age = applicantAge(ctx);
  return { student: isQuestionnaireStudent(savedEmployment(ctx)?.degree, age), age, versions };
}

/** A flag 0|1 ('required' when missing, 'choice' otherwise). */
const checkFlag = (v: unknown): Check => checkOption(v, FLAGS);

/**
 * A radio of an indexed list ({index, key}) as {selectIndex, selectContent}: on a ticked box the index must be
 * one of `offered` and the content its key; on an unticked one both are ''.
 */
function checkSelect(
  box: Record<string, unknown>,
  list: ReadonlyArray<{ index: string; key: string }>,
  ticked: boolean,
  path: string,
  offered: readonly string[] = list.map((l) => l.index),
): Pairs {
  if (!ticked) {
    return [
      [`${path}.selectIndex`, box.selectIndex === '' ? null : 'choice'],
      [`${path}.selectContent`, box.selectContent === '' ? null : 'choice'],
    ];
  }
  const indexRule = checkOption(box.selectIndex, list.map((l) => l.index), offered);
  const key = list.find((l) => l.index === box.selectIndex)?.key;
  return [
    [`${path}.selectIndex`, indexRule],
    [`${path}.selectContent`, indexRule || box.selectContent === key ? null : 'choice'],
  ];
}

/** The full questionnaire (version 2). */
function checkFull(d: Record<string, unknown>, r: DerivativeRules, prefix: string): Pairs {
  const p = (field: string) => `${prefix}.${field}`;
  const intent = objectOf(d.derivative);
  const intending = intent.checked === 1;
  const box = (name: (typeof BOXES)[number]) => objectOf(d[name]);
  const ticked = (name: (typeof BOXES)[number]) => box(name).checked === 1;
  const tickRule = (name: (typeof BOXES)[number]): Check => checkFlag(box(name).checked) ?? (!intending && ticked(name) ? 'choice' : null);

  const training = box('trainingCourse');
  const products = box('derivativeProducts');
  const work = objectOf(d.workExperience);
  const years = objectOf(d.yearsParticipation);
  const yearsOffered = PARTICIPATION_YEARS.map((y) => y.index).slice(0, participationYearsMax(r.age));

  const items = products.items;
  const itemsShape =
    Array.isArray(items) &&
    items.length === DERIVATIVE_PRODUCTS.length &&
    items.every((it, i) => objectOf(it).title === DERIVATIVE_PRODUCTS[i] && FLAGS.includes(objectOf(it).checked as 0 | 1) && Object.keys(objectOf(it)).length === 2);
  const anyItem = itemsShape && (items as Array<{ checked: number }>).some((it) => it.checked === 1);
  const itemsRule: Check = !itemsShape ? (items === undefined ? 'required' : 'choice') : ticked('derivativeProducts') ? (anyItem ? null : 'needOne') : anyItem ? 'choice' : null;

  const relatedRule: Check = tickRule('experienceRelated') ?? (r.student && ticked('experienceRelated') ? 'notOffered' : null);
  const noneTicked = intending && !BOXES.some(ticked);

  return [
    [p('derivative.title'), intent.title === 'intend' ? null : 'choice'],
    [p('derivative.checked'), checkFlag(intent.checked)],
    [p('risk'), checkFlag(d.risk) ?? (intending ? (d.risk === 1 ? null : 'mustTick') : d.risk === 0 ? null : 'choice')],
    [p('trainingCourse'), noneTicked ? 'needOne' : null],
    [p('trainingCourse.checked'), tickRule('trainingCourse')],
    ...checkSelect(training, TRAINING_SOURCES, ticked('trainingCourse'), p('trainingCourse')),
    [p('experienceRelated.checked'), relatedRule],
    ...checkSelect(work, INSTITUTION_TYPES, ticked('experienceRelated'), p('workExperience')),
    ...checkSelect(years, PARTICIPATION_YEARS, ticked('experienceRelated'), p('yearsParticipation'), yearsOffered),
    [p('derivativeProducts.checked'), tickRule('derivativeProducts')],
    [p('derivativeProducts.items'), itemsRule],
    ...extraKeys(d, ['version', 'derivative', 'risk', ...BOXES, 'workExperience', 'yearsParticipation'], prefix),
    ...extraKeys(d.derivative, ['title', 'checked'], p('derivative')),
    ...extraKeys(d.trainingCourse, ['checked', 'selectIndex', 'selectContent'], p('trainingCourse')),
    ...extraKeys(d.experienceRelated, ['checked'], p('experienceRelated')),
    ...extraKeys(d.workExperience, ['selectIndex', 'selectContent'], p('workExperience')),
    ...extraKeys(d.yearsParticipation, ['selectIndex', 'selectContent'], p('yearsParticipation')),
    ...extraKeys(d.derivativeProducts, ['checked', 'items'], p('derivativeProducts')),
  ];
}

/** The simple questionnaire (version 1): experience yes/no and the three boxes. */
function checkSimple(d: Record<string, unknown>, r: DerivativeRules, prefix: string): Pairs {
  const p = (field: string) => `${prefix}.${field}`;
  const answer = objectOf(d.derivative);
  const yes = answer.checked === 1;
  const ticked = (name: (typeof BOXES)[number]) => objectOf(d[name]).checked === 1;
  const tickRule = (name: (typeof BOXES)[number]): Check => checkFlag(objectOf(d[name]).checked) ?? (!yes && ticked(name) ? 'choice' : null);
  return [
    [p('derivative.title'), answer.title === 'experience' ? null : 'choice'],
    [p('derivative.checked'), checkFlag(answer.checked)],
    [p('trainingCourse'), yes && !BOXES.some(ticked) ? 'needOne' : null],
    [p('trainingCourse.checked'), tickRule('trainingCourse')],
    [p('experienceRelated.checked'), tickRule('experienceRelated') ?? (r.student && ticked('experienceRelated') ? 'notOffered' : null)],
    [p('derivativeProducts.checked'), tickRule('derivativeProducts')],
    ...extraKeys(d, ['version', 'derivative', ...BOXES], prefix),
    ...extraKeys(d.derivative, ['title', 'checked'], p('derivative')),
    ...BOXES.flatMap((b) => extraKeys(d[b], ['checked'], p(b))),
  ];
}

/** The questionnaire's issues, at paths under `prefix` (the data field holding it). */
export function checkDerivativeInfo(v: unknown, r: DerivativeRules, prefix = 'derivativeInfo'): Pairs {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return [[prefix, 'required']];
  const d = v as Record<string, unknown>;
  const versionRule = checkOption(d.version, Object.values(DERIVATIVE_VERSION), r.versions);
  if (versionRule) return [[`${prefix}.version`, versionRule === 'notOffered' ? 'choice' : versionRule]];
  return d.version === DERIVATIVE_VERSION.FULL ? checkFull(d, r, prefix) : checkSimple(d, r, prefix);
}

/** 1 when the questionnaire says the applicant intends to trade (full) or has the knowledge (simple). */
export const derivativeChecked = (v: unknown): boolean => at(v, 'derivative.checked') === 1;

export const INVESTMENT_FIELDS = [...EXPERIENCE_FIELDS, 'investGoal'] as const;

export const rules: StepValidator = (data, ctx) => {
  const info = objectOf(data.investmentInfo);
  const rules = derivativeRulesOf(ctx);
  const offered = experienceOptions(rules.age);
  const openRule = checkFlag(data.openDerivative);
  return issuesOf([
    ['investmentInfo', data.investmentInfo !== null && typeof data.investmentInfo === 'object' && !Array.isArray(data.investmentInfo) ? null : 'required'],
    ...EXPERIENCE_FIELDS.map((f) => [`investmentInfo.${f}`, checkOption(info[f], EXPERIENCE_LEVELS, offered)] as const),
    ['investmentInfo.investGoal', checkOptionList(info.investGoal, INVEST_GOALS)],
    ...extraKeys(data.investmentInfo, INVESTMENT_FIELDS, 'investmentInfo'),
    ...checkDerivativeInfo(data.derivativeInfo, rules),
    ...checkDerivativeEvidence(data.derivativeEvidence, data.derivativeInfo, ctx.settings?.derivativeEvidence ?? DEFAULT_EVIDENCE_RULE),
    ['openDerivative', openRule ?? (data.openDerivative === (derivativeChecked(data.derivativeInfo) ? 1 : 0) ? null : 'choice')],
  ]);
};

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<InvestmentStep> = (s) => {
  const inv = s.investmentInfo ?? {};
  const r = new Rows();
  for (const field of EXPERIENCE_FIELDS) r.row(`investmentInfo.${field}`, m(`investment.experience.${field}`), inv[field] ? msg(`investment.levels.${inv[field]}`) : []);
  r.row('investmentInfo.investGoal', 'investment.goalsTitle', optionParts('investment.goals', splitList(inv.investGoal)));
  r.rowIf('openDerivative', 'documents.fields.derivativesTrading', s.openDerivative === undefined ? [] : yesNo(s.openDerivative === 1));
  derivativeRows(r, s.derivativeInfo, 'derivativeInfo', s.derivativeEvidence, 'derivativeEvidence');
  return r;
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

// ------------------------------------------------------------------------------------------- sample

/** INVESTMENT: experience levels every adult is offered, two goals, no derivatives (or `intending`). */
export const investmentSample = (over: Data = {}, intending = false): Data => ({
  investmentInfo: { hkStock: '2', preciousMetals: '1', foreignExchange: '1', aShares: '1', fund: '1', investGoal: '1,2', ...over },
  openDerivative: intending ? 1 : 0,
  derivativeInfo: derivativeFull(intending),
});

export const sample: StepSample = () => investmentSample();
