/**
 * What the broker asks an opened client to complete (issue 13, the improve-info page): staff open a request naming
 * items (`ops improve-request`), the client answers every item on pages/improveInfo.html, and the request closes.
 * The items are what a Hong Kong broker's periodic KYC review asks after opening: occupation and employer, the
 * source of funds and of wealth, the tax residencies (CRS self-certification) and a new identity document. The rules
 * reuse the opening steps' where they match (employment: JOBSTATUS; funds: FINANCE; tax rows: TAXINFO; files and
 * dates: the identity steps). Pure and zod-free: the page and the service run the same validator.
 */
import type { ClientType } from './client-type';
import { ageOn, checkDate, isIsoDate, LONG_TERM, type Check } from './identity';
import {
  EMPLOYMENTS,
  FUNDS_SOURCES,
  INDUSTRIES,
  MAX_TAX_ROWS,
  employmentOptions,
  fundsSourceOptions,
  hasCompany,
  positionOptions,
} from './profile';
import { checkCompanyName, checkOfficeAddress, checkOption, checkOptionList, extraKeys, objectOf } from './steps/jobstatus';
import { checkTaxNumber } from './steps/tax-info';
import { checkCountry } from './steps/userinfo';
import { issuesOf, str, type FieldIssue } from './step-rules/types';
import { checkFiles, MAX_FILES } from './uploads';

/** The items a request can name, in the order the page shows them. */
export const IMPROVE_ITEMS = ['employment', 'funds', 'taxResidency', 'idDocument'] as const;
export type ImproveItem = (typeof IMPROVE_ITEMS)[number];
export const isImproveItem = (v: unknown): v is ImproveItem => (IMPROVE_ITEMS as readonly unknown[]).includes(v);

/** A request's status: 1 open (the client is asked), 2 completed by the client, 3 withdrawn by staff. */
export const IMPROVE_STATUS = { OPEN: 1, COMPLETED: 2, WITHDRAWN: 3 } as const;

/** The longest note staff may add to a request (shown to the client). */
export const IMPROVE_MESSAGE_MAX = 300;

/** What the rules need besides the answers: today (HK), the client's type and birthday, the employment on file. */
export interface ImproveContext {
  /** YYYY-MM-DD in Hong Kong */
  today: string;
  clientType: ClientType;
  /** the birthday of the application the account was opened with (null for an account brought over) */
  birthday: string | null;
  /** the employment (EMPLOYMENT) on file, used when the request does not ask for it (salary is a source only for the employed) */
  employment: string | null;
}

// ---------------------------------------------------------------- occupation and employer (JOBSTATUS's rules)

export const EMPLOYMENT_ITEM_FIELDS = ['employment', 'companyName', 'officeAddress', 'industry', 'position'] as const;
export const COMPANY_ITEM_FIELDS = ['companyName', 'officeAddress', 'industry', 'position'] as const;

/**
 * {employment, then for the employed and self-employed: companyName (the employer or own business, typed: at least
 * 4 characters), officeAddress (not the name again), industry, position (by employment)}; every value a string. Retired
 * is offered from 30, as on the employment step.
 */
export function validateEmploymentItem(data: unknown, ctx: ImproveContext): FieldIssue[] {
  const d = objectOf(data);
  const age = ctx.birthday && isIsoDate(ctx.birthday) ? ageOn(ctx.birthday, ctx.today) : undefined;
  const pairs: Array<readonly [string, Check]> = [['employment', checkOption(d.employment, EMPLOYMENTS, employmentOptions(age))]];
  if (EMPLOYMENTS.includes(d.employment as string) && hasCompany(d.employment)) {
    pairs.push(
      ['companyName', checkCompanyName(d.companyName, '')],
      ['officeAddress', checkOfficeAddress(d.officeAddress, d.companyName)],
      ['industry', checkOption(d.industry, INDUSTRIES)],
      ['position', checkOption(d.position, positionOptions(d.employment))],
    );
  } else if (EMPLOYMENTS.includes(d.employment as string)) {
    pairs.push(...COMPANY_ITEM_FIELDS.map((f) => [f, d[f] === undefined ? null : 'choice'] as const));
  }
  pairs.push(...extraKeys(data, EMPLOYMENT_ITEM_FIELDS, '').map(([k, r]) => [k.slice(1), r] as const));
  return issuesOf(pairs);
}

// ---------------------------------------------------------------- source of funds (FINANCE's list) and of wealth

/** wealthSource: 1 employment income and savings, 2 business, 3 investments, 4 inheritance or gifts, 5 sale of property, 6 other. */
export const WEALTH_SOURCES = ['1', '2', '3', '4', '5', '6'] as const;
export const OTHER_WEALTH = '6';
export const WEALTH_DETAIL_MAX = 200;

/**
 * {fundsSource: the money used to trade (FINANCE's list: salary only for the employed and self-employed), wealthSource:
 * how the client's wealth came about, wealthDetail: what "other" is (only with other, at most 200)}; lists comma joined.
 * `employment`: the request's own answer when it asks for employment, else the one on file.
 */
export function validateFundsItem(data: unknown, employment: string | null): FieldIssue[] {
  const d = objectOf(data);
  const other = typeof d.wealthSource === 'string' && d.wealthSource.split(',').includes(OTHER_WEALTH);
  const detail: Check = !other
    ? d.wealthDetail === undefined || d.wealthDetail === ''
      ? null
      : 'choice'
    : typeof d.wealthDetail !== 'string' || !d.wealthDetail.trim()
      ? 'required'
      : d.wealthDetail.length > WEALTH_DETAIL_MAX
        ? 'tooLong'
        : null;
  return issuesOf([
    ['fundsSource', checkOptionList(d.fundsSource, FUNDS_SOURCES, employment ? fundsSourceOptions(employment) : FUNDS_SOURCES)],
    ['wealthSource', checkOptionList(d.wealthSource, WEALTH_SOURCES)],
    ['wealthDetail', detail],
    ...extraKeys(data, ['fundsSource', 'wealthSource', 'wealthDetail'], '').map(([k, r]) => [k.slice(1), r] as const),
  ]);
}

// ---------------------------------------------------------------- tax residencies (TAXINFO's row rules)

/**
 * {rows: 1..5 of {countryCode, taxNumber} (a country once; the number as the tax step keeps it: letters, digits, |, ( ),
 * upper case), confirmed: true (the self-certification: these are all the client's tax residences, and a change is
 * told within 30 days)}.
 */
export function validateTaxItem(data: unknown, ctx: Pick<ImproveContext, 'clientType'>): FieldIssue[] {
  const d = objectOf(data);
  const rows = Array.isArray(d.rows) ? d.rows.map(objectOf) : [];
  const pairs: Array<readonly [string, Check]> = [['rows', !Array.isArray(d.rows) || rows.length === 0 ? 'required' : rows.length > MAX_TAX_ROWS ? 'tooManyRows' : null]];
  const seen = new Set<string>();
  rows.slice(0, MAX_TAX_ROWS).forEach((row, i) => {
    const country = str(row.countryCode);
    pairs.push(
      [`rows.${i}.countryCode`, checkCountry(row.countryCode) ?? (seen.has(country) ? 'duplicateCountry' : null)],
      [`rows.${i}.taxNumber`, checkTaxNumber(row.taxNumber, ctx)],
      ...extraKeys(row, ['countryCode', 'taxNumber'], `rows.${i}`),
    );
    if (country) seen.add(country);
  });
  pairs.push(['confirmed', d.confirmed === true ? null : 'mustTick'], ...extraKeys(data, ['rows', 'confirmed'], '').map(([k, r]) => [k.slice(1), r] as const));
  return issuesOf(pairs);
}

// ---------------------------------------------------------------- a new identity document

/**
 * {files: 1..3 of the client's uploads (the document's photos or a scan), validUntil: its expiry (YYYY-MM-DD after
 * today) or LONG_TERM for a document without one (a permanent HK identity card)}.
 */
export function checkValidUntil(v: unknown, today: string): Check {
  if (v === LONG_TERM) return null;
  const date = checkDate(v);
  if (date) return date;
  return (v as string) <= today ? 'idExpired' : null;
}

export function validateIdDocumentItem(data: unknown, ctx: Pick<ImproveContext, 'today'>): FieldIssue[] {
  const d = objectOf(data);
  return issuesOf([
    ['files', checkFiles(d.files, MAX_FILES.default)],
    ['validUntil', checkValidUntil(d.validUntil, ctx.today)],
    ...extraKeys(data, ['files', 'validUntil'], '').map(([k, r]) => [k.slice(1), r] as const),
  ]);
}

// ---------------------------------------------------------------- the answers of a request

/** The employment the funds rules go by: the answer's own when the request asks employment, else the one on file. */
export function employmentFor(items: readonly ImproveItem[], answers: Record<string, unknown>, ctx: ImproveContext): string | null {
  if (items.includes('employment')) {
    const e = objectOf(answers.employment).employment;
    return typeof e === 'string' && EMPLOYMENTS.includes(e) ? e : null;
  }
  return ctx.employment;
}

/** One item's issues (paths inside the item). */
export function validateImproveItem(item: ImproveItem, data: unknown, answers: Record<string, unknown>, items: readonly ImproveItem[], ctx: ImproveContext): FieldIssue[] {
  switch (item) {
    case 'employment':
      return validateEmploymentItem(data, ctx);
    case 'funds':
      return validateFundsItem(data, employmentFor(items, answers, ctx));
    case 'taxResidency':
      return validateTaxItem(data, ctx);
    case 'idDocument':
      return validateIdDocumentItem(data, ctx);
  }
}

/**
 * Every requested item answered by its rules (paths `<item>.<field>`; an item not answered is `<item>: required`),
 * and nothing else (an answer to an item not asked is `<item>: choice`).
 */
export function validateImproveAnswers(items: readonly ImproveItem[], answers: unknown, ctx: ImproveContext): FieldIssue[] {
  const a = objectOf(answers);
  const out: FieldIssue[] = [];
  for (const item of IMPROVE_ITEMS.filter((i) => items.includes(i))) {
    if (a[item] === undefined || a[item] === null || typeof a[item] !== 'object' || Array.isArray(a[item])) {
      out.push({ field: item, rule: 'required' });
      continue;
    }
    out.push(...validateImproveItem(item, a[item], a, items, ctx).map((i) => ({ field: `${item}.${i.field}`, rule: i.rule })));
  }
  for (const k of Object.keys(a)) if (!items.includes(k as ImproveItem)) out.push({ field: k, rule: 'choice' });
  return out;
}

/** The items named by staff (`--items employment,funds`): known, each once, in the page's order; null when none or an unknown one. */
export function parseImproveItems(list: string): ImproveItem[] | null {
  const parts = list.split(',').map((s) => s.trim()).filter(Boolean);
  if (!parts.length || parts.some((p) => !isImproveItem(p))) return null;
  return IMPROVE_ITEMS.filter((i) => parts.includes(i));
}

/** Where the rules' inputs come from for an account opened with an application: its birthday and employment. */
export function improveContextOf(clientType: ClientType, data: Record<string, unknown> | null | undefined, today: string): ImproveContext {
  const d = objectOf(data);
  const birthday = str(objectOf(clientType === 'cn' ? d.IDCARD : d.USERINFO).birthday);
  const employment = str(objectOf(objectOf(d.JOBSTATUS).employmentInfo).employment);
  return { today, clientType, birthday: isIsoDate(birthday) ? birthday : null, employment: EMPLOYMENTS.includes(employment) ? employment : null };
}

/** What the page starts each item from: the answers on file from the opening (employment, funds, tax rows), none for the document. */
export function improvePrefillOf(data: Record<string, unknown> | null | undefined): Partial<Record<ImproveItem, Record<string, unknown>>> {
  const d = objectOf(data);
  const job = objectOf(objectOf(d.JOBSTATUS).employmentInfo);
  const fin = objectOf(objectOf(d.FINANCE).financialInfo);
  const rows = objectOf(objectOf(d.TAXINFO).frontInfo).RAW_taxInfo;
  const out: Partial<Record<ImproveItem, Record<string, unknown>>> = {};
  if (typeof job.employment === 'string') {
    out.employment = Object.fromEntries(EMPLOYMENT_ITEM_FIELDS.filter((f) => typeof job[f] === 'string').map((f) => [f, job[f]]));
  }
  if (typeof fin.fundsSource === 'string') out.funds = { fundsSource: fin.fundsSource };
  if (Array.isArray(rows)) {
    out.taxResidency = { rows: rows.map(objectOf).map((r) => ({ countryCode: str(r.countryCode), taxNumber: str(r.taxNumber) })) };
  }
  return out;
}
