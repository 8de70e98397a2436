/**
 * The derivatives questionnaire's form state and the derivativeInfo it becomes (spec part 2 §3 "derivativeInfo",
 * §4 "Derivatives (full questionnaire)"), in its two versions:
 * - full (version 2): intend / not intend to trade derivatives; intending needs the risk box and at least one of
 *   three boxes (training course, related job, products traded), each with its sub-choices;
 * - simple (version 1): knowledge of or experience with derivatives yes / no; yes needs at least one box.
 * The form keeps what the applicant is answering; toDerivativeInfo writes exactly the contract's shape. The evidence
 * files of the ticked boxes (issue 41) are kept beside it (toDerivativeEvidence: the step's derivativeEvidence).
 */
import {
  DERIVATIVE_PRODUCTS,
  DERIVATIVE_VERSION,
  derivativeBoxes,
  INSTITUTION_TYPES,
  PARTICIPATION_YEARS,
  participationYearsMax,
  TRAINING_SOURCES,
  type DerivativeVersion,
} from '@core/domain/profile';
import { EVIDENCE_BOXES, type EvidenceBox, type EvidenceRule } from '@core/domain/derivative-evidence';
import { isFileRef, type FileRefData } from '@core/domain/uploads';

type Flag = 1 | 0;
type ProductKey = (typeof DERIVATIVE_PRODUCTS)[number];

/** derivativeInfo, version 2 (the full questionnaire). */
export type DerivativeInfoFull = {
  version: 2;
  derivative: { title: 'intend'; checked: Flag };
  risk: Flag;
  trainingCourse: { checked: Flag; selectIndex: string; selectContent: string };
  experienceRelated: { checked: Flag };
  workExperience: { selectIndex: string; selectContent: string };
  yearsParticipation: { selectIndex: string; selectContent: string };
  derivativeProducts: { checked: Flag; items: Array<{ title: ProductKey; checked: Flag }> };
};

/** derivativeInfo, version 1 (the simple questionnaire). */
export type DerivativeInfoSimple = {
  version: 1;
  derivative: { title: 'experience'; checked: Flag };
  trainingCourse: { checked: Flag };
  experienceRelated: { checked: Flag };
  derivativeProducts: { checked: Flag };
};

export type DerivativeInfo = DerivativeInfoFull | DerivativeInfoSimple;

/** The answer to the first question: intend (full) or knowledge yes (simple), not, or not answered yet. */
export type DerivativeAnswer = 'yes' | 'no' | '';

export interface DerivativeForm {
  answer: DerivativeAnswer;
  /** full: "I understand the risks" */
  risk: boolean;
  training: boolean;
  /** full: TRAINING_SOURCES index, '' when none */
  trainingSource: string;
  related: boolean;
  /** full: INSTITUTION_TYPES index */
  institution: string;
  /** full: PARTICIPATION_YEARS index */
  years: string;
  products: boolean;
  /** full: the DERIVATIVE_PRODUCTS ticked */
  items: ProductKey[];
  /** the evidence files of each box (kept while it is ticked) */
  evidence: Record<DerivativeBox, FileRefData[]>;
}

export type DerivativeBox = 'training' | 'related' | 'products';
/** The form's box of each domain box name (derivativeBoxes). */
const BOX_OF = { trainingCourse: 'training', experienceRelated: 'related', derivativeProducts: 'products' } as const;
/** The data's box name of each form box (the key of its evidence in derivativeEvidence). */
export const DATA_BOX: Record<DerivativeBox, EvidenceBox> = { training: 'trainingCourse', related: 'experienceRelated', products: 'derivativeProducts' };
const noEvidence = (): Record<DerivativeBox, FileRefData[]> => ({ training: [], related: [], products: [] });

export const emptyDerivativeForm = (): DerivativeForm => ({
  answer: '',
  risk: false,
  training: false,
  trainingSource: '',
  related: false,
  institution: '',
  years: '',
  products: false,
  items: [],
  evidence: noEvidence(),
});

/** The boxes a form may tick: the related-job box is not offered to a questionnaire student. */
export const offeredBoxes = (student: boolean): DerivativeBox[] => derivativeBoxes(student).map((b) => BOX_OF[b]);

/** The years-in-the-related-job options for an age. */
export const yearsOptions = (age: number | undefined) => PARTICIPATION_YEARS.slice(0, participationYearsMax(age));

/** Answering yes (intend / has knowledge): every offered box is ticked, as the spec says; the rest is kept. */
export function answerYes(form: DerivativeForm, student: boolean): DerivativeForm {
  const boxes = offeredBoxes(student);
  return { ...form, answer: 'yes', training: boxes.includes('training'), related: boxes.includes('related'), products: boxes.includes('products') };
}

/** Answering no: nothing of the questionnaire stays (no derivatives permission, nothing to keep). */
export const answerNo = (): DerivativeForm => ({ ...emptyDerivativeForm(), answer: 'no' });

/** Ticks or unticks a box; unticking drops its sub-choices. */
export function setBox(form: DerivativeForm, box: DerivativeBox, checked: boolean): DerivativeForm {
  // an unticked box's evidence goes with it
  if (!checked && form.evidence[box].length) form = { ...form, evidence: { ...form.evidence, [box]: [] } };
  if (box === 'training') return { ...form, training: checked, trainingSource: checked ? form.trainingSource : '' };
  if (box === 'related') return { ...form, related: checked, institution: checked ? form.institution : '', years: checked ? form.years : '' };
  return { ...form, products: checked, items: checked ? form.items : [] };
}

/** Ticks or unticks a product (kept in the DERIVATIVE_PRODUCTS order). */
export function setProduct(form: DerivativeForm, product: ProductKey, checked: boolean): DerivativeForm {
  const set = new Set(form.items);
  if (checked) set.add(product);
  else set.delete(product);
  return { ...form, items: DERIVATIVE_PRODUCTS.filter((p) => set.has(p)) };
}

const flag = (b: boolean): Flag => (b ? 1 : 0);
const choice = (list: ReadonlyArray<{ index: string; key: string }>, index: string) => {
  const found = list.find((o) => o.index === index);
  return found ? { selectIndex: found.index, selectContent: found.key } : { selectIndex: '', selectContent: '' };
};

/**
 * The derivativeInfo of a form (undefined while the first question is not answered). A student's related-job
 * box is never ticked; the sub-choices of an unticked box, and everything when the answer is no, are ''/0.
 */
export function toDerivativeInfo(form: DerivativeForm, version: DerivativeVersion, student: boolean): DerivativeInfo | undefined {
  if (form.answer === '') return undefined;
  const yes = form.answer === 'yes';
  const offered = offeredBoxes(student);
  const training = yes && form.training && offered.includes('training');
  const related = yes && form.related && offered.includes('related');
  const products = yes && form.products && offered.includes('products');
  if (version === DERIVATIVE_VERSION.SIMPLE) {
    return {
      version: 1,
      derivative: { title: 'experience', checked: flag(yes) },
      trainingCourse: { checked: flag(training) },
      experienceRelated: { checked: flag(related) },
      derivativeProducts: { checked: flag(products) },
    };
  }
  const items = new Set(products ? form.items : []);
  return {
    version: 2,
    derivative: { title: 'intend', checked: flag(yes) },
    risk: flag(yes && form.risk),
    trainingCourse: { checked: flag(training), ...choice(TRAINING_SOURCES, training ? form.trainingSource : '') },
    experienceRelated: { checked: flag(related) },
    workExperience: choice(INSTITUTION_TYPES, related ? form.institution : ''),
    yearsParticipation: choice(PARTICIPATION_YEARS, related ? form.years : ''),
    derivativeProducts: { checked: flag(products), items: DERIVATIVE_PRODUCTS.map((title) => ({ title, checked: flag(items.has(title)) })) },
  };
}

/** openDerivative of the step: 1 iff the applicant intends to trade (full) or answered yes (simple). */
export const openDerivativeOf = (info: DerivativeInfo | undefined): Flag => (info?.derivative.checked === 1 ? 1 : 0);

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const checked = (v: unknown): boolean => obj(v).checked === 1;
const indexIn = (list: ReadonlyArray<{ index: string }>, v: unknown): string => {
  const i = obj(v).selectIndex;
  return typeof i === 'string' && list.some((o) => o.index === i) ? i : '';
};

/**
 * The form of a saved or drafted derivativeInfo of `version`. Anything else (none, or the other version, whose
 * first question is a different one) starts unanswered.
 */
export function fromDerivativeInfo(info: unknown, version: DerivativeVersion): DerivativeForm {
  const src = obj(info);
  const answer = obj(src.derivative).checked;
  if (src.version !== version || (answer !== 1 && answer !== 0)) return emptyDerivativeForm();
  if (answer === 0) return answerNo();
  const form: DerivativeForm = {
    ...emptyDerivativeForm(),
    answer: 'yes',
    training: checked(src.trainingCourse),
    related: checked(src.experienceRelated),
    products: checked(src.derivativeProducts),
  };
  if (version === DERIVATIVE_VERSION.SIMPLE) return form;
  const items = obj(src.derivativeProducts).items;
  const ticked = new Set(Array.isArray(items) ? items.filter((i) => checked(i)).map((i) => obj(i).title) : []);
  return {
    ...form,
    risk: src.risk === 1,
    trainingSource: form.training ? indexIn(TRAINING_SOURCES, src.trainingCourse) : '',
    institution: form.related ? indexIn(INSTITUTION_TYPES, src.workExperience) : '',
    years: form.related ? indexIn(PARTICIPATION_YEARS, src.yearsParticipation) : '',
    items: form.products ? DERIVATIVE_PRODUCTS.filter((p) => ticked.has(p)) : [],
  };
}

/**
 * A form as this applicant may answer it: a student's related-job box unticked, a years choice beyond the age's
 * options dropped (the age or degree may have changed since the answer was saved).
 */
export function fitDerivativeForm(form: DerivativeForm, student: boolean, age: number | undefined): DerivativeForm {
  let f = form;
  if (f.related && !offeredBoxes(student).includes('related')) f = setBox(f, 'related', false);
  if (f.years && !yearsOptions(age).some((o) => o.index === f.years)) f = { ...f, years: '' };
  return f;
}

/**
 * The step's derivativeEvidence of a form: the files of each ticked box the applicant may tick, under the broker's
 * rule; undefined when the rule is off or no ticked box has a file (the field is left out).
 */
export function toDerivativeEvidence(form: DerivativeForm, student: boolean, rule: EvidenceRule): Partial<Record<EvidenceBox, FileRefData[]>> | undefined {
  if (rule === 'off' || form.answer !== 'yes') return undefined;
  const offered = offeredBoxes(student);
  const out: Partial<Record<EvidenceBox, FileRefData[]>> = {};
  for (const box of offered) if (form[box] && form.evidence[box].length) out[DATA_BOX[box]] = form.evidence[box];
  return Object.keys(out).length ? out : undefined;
}

/** A form with the saved or drafted evidence of its ticked boxes. */
export function withEvidence(form: DerivativeForm, evidence: unknown): DerivativeForm {
  const src = obj(evidence);
  const files = (box: DerivativeBox) => (form[box] && Array.isArray(src[DATA_BOX[box]]) ? (src[DATA_BOX[box]] as unknown[]).filter(isFileRef) : []);
  return { ...form, evidence: { training: files('training'), related: files('related'), products: files('products') } };
}

/** The evidence fields of the step's data (for their errors), each box's. */
export const evidenceFields = (prefix = 'derivativeEvidence'): string[] => EVIDENCE_BOXES.map((b) => `${prefix}.${b}`);
