/**
 * IDENTITYEXPOSURE (/disclosure, spec part 2 §2 "Identity disclosure and AML confirmation", §3 "Disclosure",
 * §4 "Disclosure", §5 "Disclosure").
 * Data: {identityExposureInfo: {'1': {title: 'notUsPerson', value: 'yes'}, …} (items 1-6 for a cash account,
 * 1-13 for margin, by the saved SELECTACCOUNT), amlInfoId (from ApplyAmlCheck), amlConfirmInfo? (the three AML
 * items, all ticked, when the check hit), frontInfo: {RAW_amlConfirmInfoTime: ISO 8601 time}}.
 * The service also checks that amlInfoId is this application's check (and requires amlConfirmInfo on a hit).
 */
import { isIsoDate, type Check } from '../identity';
import { ACCOUNT_TYPE, AML_CONFIRM_ITEMS, AML_HIT, DISCLOSURE_ITEMS, DISCLOSURE_NO, DISCLOSURE_YES, disclosureItemsOf, US_PERSON_ITEM } from '../profile';
import { extraKeys, objectOf } from './jobstatus';
import { at, issuesOf, type StepContext, type StepValidator } from '../step-rules/types';
import { shape, text, num, listOf, mapOf, type DataOf } from './schema';
import type { Data, StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, m, msg, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'IDENTITYEXPOSURE', route: '/disclosure', titleKey: 'disclosure.title', introKey: 'disclosure.intro', status: 1060, progress: { cn: 4, hk: 5 } });

/** One AML confirmation of the disclosure step (on an AML hit). */
const amlConfirmation = shape({ index: num, title: text, value: text, checked: num });
export type AmlConfirmation = DataOf<typeof amlConfirmation>;

/** IDENTITYEXPOSURE: the disclosure items by number (1-based), the AML check and its confirmations. */
export const data = shape({
  identityExposureInfo: mapOf(shape({ title: text, value: text })),
  amlInfoId: text,
  amlConfirmInfo: listOf(amlConfirmation),
  frontInfo: shape({ RAW_amlConfirmInfoTime: text }),
});
export type DisclosureStep = DataOf<typeof data>;

type Pairs = Array<readonly [string, Check]>;

export const AML_INFO_ID_MAX = 64;

/** ISO 8601 date-time with seconds and a zone (Z or ±hh:mm), a real calendar date and instant. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;
export function checkIsoTime(v: unknown): Check {
  if (v === undefined || v === null || v === '') return 'required';
  return typeof v === 'string' && ISO_TIME.test(v) && isIsoDate(v.slice(0, 10)) && !Number.isNaN(Date.parse(v)) ? null : 'format';
}

/**
 * The item numbers to answer: by the saved account type; before one is saved, the item count sent decides
 * between the cash and the margin set.
 */
export function disclosureItemsFor(ctx: Pick<StepContext, 'saved'>, sent: Record<string, unknown>): number[] {
  const accountType = ctx.saved.SELECTACCOUNT?.accountType;
  if (accountType !== undefined) return disclosureItemsOf(accountType);
  const margin = disclosureItemsOf(ACCOUNT_TYPE.MARGIN);
  return Object.keys(sent).length > disclosureItemsOf(ACCOUNT_TYPE.CASH).length ? margin : disclosureItemsOf(ACCOUNT_TYPE.CASH);
}

/** One answered item: its title, then 'yes' (a 'no' blocks: the US-person message or the offline one). */
export function checkDisclosureItem(item: unknown, n: number): Check {
  if (item === undefined || item === null) return 'required';
  const o = objectOf(item);
  if (o.title !== DISCLOSURE_ITEMS[n - 1] || Object.keys(o).some((k) => k !== 'title' && k !== 'value')) return 'choice';
  if (o.value === DISCLOSURE_YES) return null;
  if (o.value === DISCLOSURE_NO) return n === US_PERSON_ITEM ? 'usPerson' : 'offlineOpening';
  return o.value === undefined || o.value === '' ? 'required' : 'choice';
}

/** The AML popup's answers: the three items in order, each ticked 'yes' ('amlConfirm' otherwise). */
export function checkAmlConfirm(v: unknown): Check {
  if (v === undefined) return null;
  if (!Array.isArray(v) || v.length !== AML_CONFIRM_ITEMS.length) return 'choice';
  const shaped = v.every((it, i) => {
    const o = objectOf(it);
    return o.index === i + 1 && o.title === AML_CONFIRM_ITEMS[i] && Object.keys(o).every((k) => ['index', 'title', 'value', 'checked'].includes(k));
  });
  if (!shaped) return 'choice';
  return v.every((it) => objectOf(it).value === DISCLOSURE_YES && objectOf(it).checked === 1) ? null : 'amlConfirm';
}

export function checkAmlInfoId(v: unknown): Check {
  if (v === undefined || v === null || v === '') return 'required';
  if (typeof v !== 'string' || /\s/.test(v)) return 'format';
  return v.length > AML_INFO_ID_MAX ? 'tooLong' : null;
}

export const rules: StepValidator = (data, ctx) => {
  const sent = objectOf(data.identityExposureInfo);
  const items = disclosureItemsFor(ctx, sent);
  const pairs: Pairs = [
    ['identityExposureInfo', data.identityExposureInfo !== null && typeof data.identityExposureInfo === 'object' && !Array.isArray(data.identityExposureInfo) ? null : 'required'],
    ...items.map((n) => [`identityExposureInfo.${n}`, checkDisclosureItem(sent[String(n)], n)] as const),
    ...extraKeys(sent, items.map(String), 'identityExposureInfo'),
    ['amlInfoId', checkAmlInfoId(data.amlInfoId)],
    ['amlConfirmInfo', checkAmlConfirm(data.amlConfirmInfo)],
    ['frontInfo.RAW_amlConfirmInfoTime', checkIsoTime(at(data, 'frontInfo.RAW_amlConfirmInfoTime'))],
    ...extraKeys(data.frontInfo, ['RAW_amlConfirmInfoTime'], 'frontInfo'),
  ];
  return issuesOf(pairs);
};

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<DisclosureStep> = (s) => {
  const r = new Rows();
  const items = s.identityExposureInfo ?? {};
  for (const [n, item] of Object.entries(items).sort(([x], [y]) => Number(x) - Number(y))) {
    const key = DISCLOSURE_ITEMS[Number(n) - 1];
    r.row(`identityExposureInfo.${n}`, key ? m(`disclosure.items.${key}`) : m('desk.field.disclosureItem', { n }), msg(item.value === DISCLOSURE_YES ? 'documents.values.trueOfMe' : 'documents.values.notTrueOfMe'));
  }
  r.skip('amlInfoId');
  const confirmations = s.amlConfirmInfo ?? [];
  if (!confirmations.length) r.row('amlConfirmInfo', 'disclosure.aml.items', msg('documents.values.amlNotAsked'));
  AML_CONFIRM_ITEMS.forEach((key) => {
    const c = confirmations.find((x) => x.title === key);
    if (c) r.row(`amlConfirmInfo.${key}`, `disclosure.aml.${key}`, msg(c.checked === 1 && c.value === DISCLOSURE_YES ? 'documents.values.confirmed' : 'documents.values.no'), ['amlConfirmInfo']);
  });
  r.rowIf('frontInfo.RAW_amlConfirmInfoTime', 'desk.field.answeredAt', s.frontInfo?.RAW_amlConfirmInfoTime ? [{ time: s.frontInfo.RAW_amlConfirmInfoTime }] : []);
  return r;
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

// ------------------------------------------------------------------------------------------- sample

/** IDENTITYEXPOSURE: every item of the account type answered yes, with an AML check (confirmed on a hit). */
export function disclosureSample(accountType: number, aml: { hitStatus: number; amlInfoId: string }, confirmedAt: Date): Data {
  return {
    identityExposureInfo: Object.fromEntries(disclosureItemsOf(accountType).map((n) => [String(n), { title: DISCLOSURE_ITEMS[n - 1], value: 'yes' }])),
    amlInfoId: aml.amlInfoId,
    ...(aml.hitStatus === AML_HIT ? { amlConfirmInfo: AML_CONFIRM_ITEMS.map((title, i) => ({ index: i + 1, title, value: 'yes', checked: 1 })) } : {}),
    frontInfo: { RAW_amlConfirmInfoTime: confirmedAt.toISOString() },
  };
}

export const sample: StepSample = async (src, opts) => {
  const ctx = await src.context();
  const accountType = Number((ctx.saved.SELECTACCOUNT as Data | undefined)?.accountType ?? opts.accountType ?? 2);
  return disclosureSample(accountType, await src.amlCheck(), src.now());
};
