/**
 * What the review desk's rows of a step are made of (issue 36; case-words.ts): the labelled rows of a step's saved
 * data, each value as parts (typed text, a message, a country, a moment, a file, a name in each language), and the
 * row groups several steps share (an address, a person, the statements' settings, the derivatives questionnaire).
 * Each step's own rows are its `describe` (steps/<step>.ts); case-words.ts puts them together for the desk.
 */
import {
  DERIVATIVE_PRODUCTS,
  DERIVATIVE_VERSION,
  INSTITUTION_TYPES,
  PARTICIPATION_YEARS,
  TRAINING_SOURCES,
} from '../profile';
import type { CardSides, Choice, ContactInfo, DerivativeEvidence, DerivativeInfo, StoredFile } from './schema';

export interface Msg {
  id: string;
  values?: Record<string, string | number>;
}

/** A piece of a value: typed text, a message, a country by its code, a moment, a file, or a name in each language. */
export type Part =
  | { text: string }
  | { msg: Msg }
  | { country: string }
  | { time: string }
  | { file: string }
  | { named: { en: string; 'zh-CN': string; 'zh-TW': string } };

export interface FieldRow {
  /** stable id of the row within its step (compares versions) */
  key: string;
  label: Msg;
  /** empty: not given */
  parts: Part[];
  /** the data paths the row shows (a path and everything below it) */
  covers: string[];
}


export type ClientKind = 'cn' | 'hk';

export const m = (id: string, values?: Record<string, string | number>): Msg => (values ? { id, values } : { id });
export const txt = (v: string | undefined | null): Part[] => (v ? [{ text: v }] : []);
export const msg = (id: string, values?: Record<string, string | number>): Part[] => [{ msg: m(id, values) }];
export const country = (code: string | undefined): Part[] => (code ? [{ country: code }] : []);
export const yesNo = (yes: boolean): Part[] => msg(yes ? 'documents.values.yes' : 'documents.values.no');
export const optionParts = (group: string, codes: readonly string[]): Part[] => codes.map((c) => ({ msg: m(`${group}.${c}`) }));
export const filesOf = (list: readonly (StoredFile | undefined)[] | undefined): Part[] => (list ?? []).flatMap((f) => (f?.ossId ? [{ file: f.ossId }] : []));
export const sidesOf = (s: CardSides | undefined): Part[] => filesOf([s?.front, s?.back]);

/** Rows of one step under construction. */
export class Rows {
  readonly rows: FieldRow[] = [];
  readonly internal: string[] = [];
  row(key: string, label: Msg | string, parts: Part[], covers: string[] = [key]): this {
    this.rows.push({ key, label: typeof label === 'string' ? m(label) : label, parts, covers });
    return this;
  }
  /** a row only when it has a value */
  rowIf(key: string, label: Msg | string, parts: Part[], covers: string[] = [key]): this {
    return parts.length ? this.row(key, label, parts, covers) : this.skip(...covers);
  }
  skip(...paths: string[]): this {
    this.internal.push(...paths);
    return this;
  }
}

/** "street, city, country" of an address as parts. */
export const addressParts = (street?: string, city?: string, code?: string): Part[] => [...txt(street), ...txt(city), ...country(code)];

export function contactRows(r: Rows, c: ContactInfo | undefined, at = 'contactInfo') {
  const prefix = at ? `${at}.` : '';
  r.row(`${prefix}residential`, 'documents.fields.residential', addressParts(c?.residentialAddress, c?.residentialAddressCity, c?.residentialAddressCountry), [
    `${prefix}residentialAddress`,
    `${prefix}residentialAddressCity`,
    `${prefix}residentialAddressCountry`,
  ]);
  r.row(`${prefix}mailing`, 'documents.fields.mailing', addressParts(c?.mailingAddress, c?.mailingAddressCity, c?.mailingAddressCountry), [
    `${prefix}mailingAddress`,
    `${prefix}mailingAddressCity`,
    `${prefix}mailingAddressCountry`,
  ]);
  r.rowIf(`${prefix}mailingSameResidential`, 'desk.field.mailingSame', c?.mailingSameResidential === undefined ? [] : yesNo(c.mailingSameResidential === 1));
}

export function personRows(r: Rows, p: { chineseName?: string; lastName?: string; firstName?: string; englishName?: string; gender?: number; birthday?: string; birthCity?: string; birthCountry?: string }, genderGroup: 'idcard' | 'userinfo') {
  r.rowIf('chineseName', `${genderGroup}.chineseName`, txt(p.chineseName));
  r.row('lastName', `${genderGroup}.lastName`, txt(p.lastName));
  r.row('firstName', `${genderGroup}.firstName`, txt(p.firstName));
  r.rowIf('englishName', 'documents.fields.englishName', txt(p.englishName));
  r.row('gender', `${genderGroup}.gender`, p.gender === 1 ? msg(`${genderGroup}.male`) : p.gender === 2 ? msg(`${genderGroup}.female`) : []);
  r.row('birthday', `${genderGroup}.birthday`, txt(p.birthday));
  r.row('birthPlace', 'documents.fields.birthPlace', [...txt(p.birthCity), ...country(p.birthCountry)], ['birthCity', 'birthCountry']);
}

export function statementsRows(r: Rows, s: { email?: string; defaultLanguage?: string; statementDeliveryWay?: string }, group: 'bankcard' | 'userinfo') {
  r.row('email', `${group}.email`, txt(s.email));
  r.rowIf('defaultLanguage', `${group}.language`, s.defaultLanguage === 'zhTc' || s.defaultLanguage === 'en' ? msg(`${group}.${s.defaultLanguage}`) : txt(s.defaultLanguage));
  r.rowIf('statementDeliveryWay', 'documents.fields.statementDelivery', s.statementDeliveryWay === 'email' ? msg('documents.values.byEmail') : txt(s.statementDeliveryWay));
}

/** The answers of the derivatives questionnaire, with `prefix` the path of derivativeInfo. */
export function derivativeRows(r: Rows, q: DerivativeInfo | undefined, prefix: string, evidence?: DerivativeEvidence, evidencePrefix = 'derivativeEvidence') {
  // each box's evidence files (issue 41) right under the box's answer
  const evidenceRow = (box: keyof DerivativeEvidence) => r.rowIf(`${evidencePrefix}.${box}`, `derivative.evidence.${box}`, filesOf(evidence?.[box]));
  if (!q || !Object.keys(q).length) return;
  const full = q.version === DERIVATIVE_VERSION.FULL;
  const yes = q.derivative?.checked === 1;
  r.skip(`${prefix}.version`);
  r.row(`${prefix}.derivative`, full ? 'derivative.full.question' : 'derivative.simple.question', msg(full ? `derivative.full.${yes ? 'intend' : 'notIntend'}` : `derivative.simple.${yes ? 'yes' : 'no'}`));
  r.rowIf(`${prefix}.risk`, 'derivative.full.risk', full && yes ? yesNo(q.risk === 1) : []);
  const pick = (list: ReadonlyArray<{ index: string; key: string }>, v: Choice | undefined, group: string): Part[] => {
    const item = list.find((l) => l.index === (v?.selectIndex ?? ''));
    return item ? msg(`derivative.${group}.${item.key}`) : [];
  };
  const training = q.trainingCourse?.checked === 1;
  r.row(`${prefix}.trainingCourse`, 'derivative.training', training ? [...yesNo(true), ...(full ? pick(TRAINING_SOURCES, q.trainingCourse, 'sources') : [])] : yesNo(false));
  evidenceRow('trainingCourse');
  const related = q.experienceRelated?.checked === 1;
  r.row(`${prefix}.experienceRelated`, 'derivative.related', yesNo(related));
  r.rowIf(`${prefix}.workExperience`, 'derivative.institution', related ? pick(INSTITUTION_TYPES, q.workExperience, 'institutions') : []);
  r.rowIf(`${prefix}.yearsParticipation`, 'derivative.years', related ? pick(PARTICIPATION_YEARS, q.yearsParticipation, 'yearsOptions') : []);
  evidenceRow('experienceRelated');
  const items = q.derivativeProducts?.items ?? [];
  const products = DERIVATIVE_PRODUCTS.filter((p) => items.some((it) => it.title === p && it.checked === 1));
  r.row(
    `${prefix}.derivativeProducts`,
    'derivative.products',
    q.derivativeProducts?.checked === 1 ? (products.length ? optionParts('derivative.productNames', products) : yesNo(true)) : yesNo(false),
  );
  evidenceRow('derivativeProducts');
}

/** How the desk shows a step's saved data (`T`, read by its schema; `{}` when the step is not saved): its rows. */
export type Describe<T> = (saved: T, kind: ClientKind) => Rows;
