/**
 * The improve-info form's values, where they start from (what the opening recorded) and the answers they become (the
 * requested items only, each with its own fields, as the service and the domain's validateImproveAnswers take them).
 * Pure: the screen keeps the form in useRuleForm, the rules are the domain's (src/core/domain/improve-info.ts).
 */
import { OTHER_WEALTH, WEALTH_DETAIL_MAX, WEALTH_SOURCES, type ImproveContext, type ImproveItem } from '@core/domain/improve-info';
import { MIN_LEN } from '@core/domain/identity';
import { FUNDS_SOURCES, MAX_TAX_ROWS, PROFILE_MAX_LEN, hasCompany, joinList, positionOptions, splitList, taxNumberMax } from '@core/domain/profile';
import { MAX_FILES, type FileRefData } from '@core/domain/uploads';

export interface TaxRowValue {
  countryCode: string;
  taxNumber: string;
}

/** One flat form for every item (a field's issue path is `<item>.<field>`, see FIELD). */
export interface ImproveForm {
  employment: string;
  companyName: string;
  officeAddress: string;
  industry: string;
  position: string;
  fundsSource: string[];
  wealthSource: string[];
  wealthDetail: string;
  taxRows: TaxRowValue[];
  taxConfirmed: boolean;
  idFiles: FileRefData[];
  idValidUntil: string;
}

/** The issue path (validateImproveAnswers) of each form field. */
export const FIELD = {
  employment: 'employment.employment',
  companyName: 'employment.companyName',
  officeAddress: 'employment.officeAddress',
  industry: 'employment.industry',
  position: 'employment.position',
  fundsSource: 'funds.fundsSource',
  wealthSource: 'funds.wealthSource',
  wealthDetail: 'funds.wealthDetail',
  taxRows: 'taxResidency.rows',
  taxCountry: (i: number) => `taxResidency.rows.${i}.countryCode`,
  taxNumber: (i: number) => `taxResidency.rows.${i}.taxNumber`,
  taxConfirmed: 'taxResidency.confirmed',
  idFiles: 'idDocument.files',
  idValidUntil: 'idDocument.validUntil',
} as const;

/** What the opening recorded, by item (the service's `prefill`). */
export type ImprovePrefill = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

const text = (v: unknown) => (typeof v === 'string' ? v : '');
export const emptyTaxRow = (): TaxRowValue => ({ countryCode: '', taxNumber: '' });

/** The form at first: what the opening recorded, else empty (one empty tax row). */
export function initialImproveForm(prefill: ImprovePrefill): ImproveForm {
  const e = prefill.employment ?? {};
  const tax = prefill.taxResidency?.rows;
  const rows = Array.isArray(tax) ? (tax as { countryCode?: unknown; taxNumber?: unknown }[]) : [];
  return {
    employment: text(e.employment),
    companyName: text(e.companyName),
    officeAddress: text(e.officeAddress),
    industry: text(e.industry),
    position: text(e.position),
    fundsSource: splitList(prefill.funds?.fundsSource),
    wealthSource: [],
    wealthDetail: '',
    taxRows: rows.length ? rows.map((r) => ({ countryCode: text(r.countryCode), taxNumber: text(r.taxNumber) })) : [emptyTaxRow()],
    taxConfirmed: false,
    idFiles: [],
    idValidUntil: '',
  };
}

/** A new employment keeps the position only when it is still offered. */
export const withImproveEmployment = (f: ImproveForm, employment: string): ImproveForm => ({
  ...f,
  employment,
  position: positionOptions(employment).includes(f.position) ? f.position : '',
});

/** The answers as the service takes them: the requested items only, each with its own fields. */
export function improveAnswersOf(items: readonly ImproveItem[], f: ImproveForm): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (items.includes('employment')) {
    out.employment = hasCompany(f.employment)
      ? { employment: f.employment, companyName: f.companyName.trim(), officeAddress: f.officeAddress.trim(), industry: f.industry, position: f.position }
      : { employment: f.employment };
  }
  if (items.includes('funds')) {
    const other = f.wealthSource.includes(OTHER_WEALTH);
    out.funds = { fundsSource: joinList(f.fundsSource, FUNDS_SOURCES), wealthSource: joinList(f.wealthSource, WEALTH_SOURCES), ...(other ? { wealthDetail: f.wealthDetail.trim() } : {}) };
  }
  if (items.includes('taxResidency')) out.taxResidency = { rows: f.taxRows, confirmed: f.taxConfirmed };
  if (items.includes('idDocument')) out.idDocument = { files: f.idFiles.map((x) => ({ ossId: x.ossId, description: x.description ?? '' })), validUntil: f.idValidUntil };
  return out;
}

/** The {max} / {min} of the fields' messages. */
export function improveLimitsOf(form: ImproveForm, ctx: Pick<ImproveContext, 'clientType'>): Record<string, number | { max: number; min: number }> {
  const l: Record<string, number | { max: number; min: number }> = {
    [FIELD.companyName]: { max: PROFILE_MAX_LEN.companyName, min: MIN_LEN.companyNameManual },
    [FIELD.officeAddress]: PROFILE_MAX_LEN.officeAddress,
    [FIELD.wealthDetail]: WEALTH_DETAIL_MAX,
    [FIELD.taxRows]: MAX_TAX_ROWS,
    [FIELD.idFiles]: MAX_FILES.default,
  };
  const numberMax = taxNumberMax(ctx.clientType);
  form.taxRows.forEach((_, i) => {
    l[FIELD.taxNumber(i)] = numberMax;
  });
  return l;
}
