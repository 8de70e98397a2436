/**
 * The /TaxInfo form (spec part 2 §3 "Tax", §4 "Tax", §5 "Tax"): its values, where they start from, which
 * parts of a row the applicant may change, and the TAXINFO data they become.
 */
import { w8Address } from '@core/domain/w8-address';
import { CHINA } from '@core/domain/countries';
import { HK } from '@core/domain/hk-identity';
import {
  cleanTaxNumber,
  hasChinese,
  identityDocuments,
  isNonPermanentResident,
  MAX_TAX_FILES,
  MAX_TAX_ROWS,
  minTaxRows,
  PROFILE_MAX_LEN,
  taxFileNeeded,
  taxNumberMax,
  type IdentityDocument,
} from '@core/domain/profile';
import { at, str, type StepContext } from '@core/domain/step-rules/types';
import { isFileRef, type FileRefData } from '@core/domain/uploads';

export const STEP = 'TAXINFO';

export interface TaxRow {
  /** a stable key for the list (rows can be deleted) */
  id: string;
  country: string;
  number: string;
  /** the row's files (sent with taxInfoCountryCode = country when the row needs a file) */
  files: FileRefData[];
}

export interface TaxForm {
  rows: TaxRow[];
  w8Country: string;
  w8Address: string;
}

/** The issue paths of the TAXINFO validator. */
export const FIELD = {
  rows: 'frontInfo.RAW_taxInfo',
  country: (i: number) => `frontInfo.RAW_taxInfo.${i}.countryCode`,
  number: (i: number) => `frontInfo.RAW_taxInfo.${i}.taxNumber`,
  files: (country: string) => `documentInfo.idCardTaxInfo.${country}`,
  w8Country: 'w8Info.country',
  w8Address: 'w8Info.residenceAddress',
} as const;

type Ctx = Pick<StepContext, 'clientType' | 'saved'>;

let seq = 0;
const newId = () => `tax-row-${++seq}`;
export const emptyRow = (): TaxRow => ({ id: newId(), country: '', number: '', files: [] });

/** What the applicant may change in row `i` of `count` rows. */
export interface RowAccess {
  /** 'free': any country; 'identity': only the countries of the identity documents; 'fixed': not editable */
  country: 'free' | 'identity' | 'fixed';
  /** the number is filled from an identity document and cannot be typed */
  numberFixed: boolean;
  deletable: boolean;
}

/**
 * Mainland: row 1 is CN with the ID card number, neither editable nor deletable. Non-permanent Hong Kong
 * resident: two rows, neither deletable; row 1 from the identity documents (number filled from the
 * document). Other rows: editable, deletable while more than the minimum remain.
 */
export function rowAccess(ctx: Ctx, i: number, count: number): RowAccess {
  const nonPermanent = isNonPermanentResident(ctx);
  if (ctx.clientType === 'cn' && i === 0) return { country: 'fixed', numberFixed: true, deletable: false };
  if (nonPermanent && i === 0) return { country: 'identity', numberFixed: true, deletable: false };
  // rows that must stay: the mainland row 1, the non-permanent resident's two rows; otherwise any row above the minimum
  const kept = ctx.clientType === 'cn' ? 1 : nonPermanent ? 2 : 0;
  return { country: 'free', numberFixed: false, deletable: kept ? i >= kept : count > minTaxRows(ctx) };
}

/** The identity documents' countries (the non-permanent resident's row-1 picker). */
export const identityCountries = (ctx: Ctx): string[] => identityDocuments(ctx).map((d) => d.country);

/** A tax number taken from an identity document (cleaned like a typed one). */
export const documentNumber = (ctx: Ctx, country: string): string => {
  const doc = identityDocuments(ctx).find((d) => d.country === country);
  return doc ? cleanTaxNumber(doc.number, ctx.clientType) : '';
};

/** Whether the row needs a file: unless its number is the number of an identity document of its country. */
export const rowNeedsFile = (row: Pick<TaxRow, 'country' | 'number'>, docs: readonly IdentityDocument[]): boolean =>
  !(row.country && row.number) || taxFileNeeded(row.country, row.number, docs);

/** The first row a new form starts with (mainland: CN and the ID number; Hong Kong: the identity document's place). */
function firstRow(ctx: Ctx): TaxRow {
  const docs = identityDocuments(ctx);
  if (ctx.clientType === 'cn') return { ...emptyRow(), country: CHINA, number: documentNumber(ctx, CHINA) };
  const doc = docs[0];
  if (!doc) return emptyRow();
  // the identity document's place is where a resident is taxed; a Hong Kong ID number is the Hong Kong TIN
  const fillNumber = isNonPermanentResident(ctx) || doc.country === HK;
  return { ...emptyRow(), country: doc.country, number: fillNumber ? cleanTaxNumber(doc.number, ctx.clientType) : '' };
}

/** Applies the fixed parts of the rows (mainland row 1, the non-permanent resident's row 1 and minimum rows). */
export function withFixedRows(rows: TaxRow[], ctx: Ctx): TaxRow[] {
  let out = rows.slice(0, MAX_TAX_ROWS);
  if (ctx.clientType === 'cn') {
    const cn = documentNumber(ctx, CHINA);
    if (out[0]?.country === CHINA) out = [{ ...out[0], number: cn }, ...out.slice(1)];
    else out = [{ ...emptyRow(), country: CHINA, number: cn, files: out.find((r) => r.country === CHINA)?.files ?? [] }, ...out.filter((r) => r.country !== CHINA)];
  } else if (isNonPermanentResident(ctx)) {
    const countries = identityCountries(ctx);
    const head = out[0];
    if (!head) out = [firstRow(ctx)];
    else if (countries.includes(head.country)) out = [{ ...head, number: documentNumber(ctx, head.country) }, ...out.slice(1)];
    else out = [{ ...head, country: countries[0] ?? '', number: countries[0] ? documentNumber(ctx, countries[0]) : '' }, ...out.slice(1)];
  }
  out = out.slice(0, MAX_TAX_ROWS);
  while (out.length < minTaxRows(ctx)) out.push(out.length === 0 ? firstRow(ctx) : emptyRow());
  return out;
}

/** The rows of saved or draft TAXINFO data (files matched to their row by taxInfoCountryCode). */
function rowsOf(src: Record<string, unknown>): TaxRow[] {
  const raw = at(src, 'frontInfo.RAW_taxInfo');
  const files = at(src, 'documentInfo.idCardTaxInfo');
  const fileList = Array.isArray(files) ? files.filter(isFileRef) : [];
  const used = new Set<string>();
  return (Array.isArray(raw) ? raw : []).map((r) => {
    const country = str(at(r, 'countryCode'));
    const own = used.has(country) ? [] : fileList.filter((f) => str(at(f, 'taxInfoCountryCode')) === country);
    used.add(country);
    return {
      id: newId(),
      country,
      number: str(at(r, 'taxNumber')),
      files: own.map((f) => ({ ossId: f.ossId, description: f.description ?? '', ossCategory: 'UserApply' as const })),
    };
  });
}

/** The W-8BEN country a new form starts with: the nationality (Hong Kong route) or CN (mainland). */
export function defaultW8Country(ctx: Ctx): string {
  return ctx.clientType === 'cn' ? CHINA : str(ctx.saved.HK_IDCARD?.nationality);
}

/**
 * Where a new form's W-8BEN address comes from: the proof-of-address step's W-8 line (Hong Kong route), or the
 * mainland ID address, which needs the service's English rendering (KYCKeyValue type 4) when it has Chinese.
 */
export function w8AddressSource(ctx: Ctx): { value: string; generated?: boolean } | { translate: string } {
  if (ctx.clientType !== 'cn') {
    // the proof-of-address step translated a residence typed in Chinese: a machine's English, to be checked
    const generated = hasChinese(str(at(ctx.saved.PROOFADDRESS, 'contactInfo.residentialAddress')));
    return { value: w8Address(str(at(ctx.saved.PROOFADDRESS, 'w8Info.residenceAddress'))), generated };
  }
  const idCard = ctx.saved.IDCARD;
  const address = (str(at(idCard, 'contactInfo.residentialAddress')) || str(at(idCard, 'idAddress'))).trim();
  if (!address) return { value: '' };
  return hasChinese(address) ? { translate: address } : { value: w8Address(address) };
}

/** The form a visit starts with (the draft, else the saved step, else the defaults) and whether it is new. */
export function initialTaxForm(src: Record<string, unknown> | undefined, ctx: Ctx): { form: TaxForm; fresh: boolean } {
  if (!src || typeof src !== 'object') {
    const w8 = w8AddressSource(ctx);
    return {
      form: { rows: withFixedRows([], ctx), w8Country: defaultW8Country(ctx), w8Address: 'value' in w8 ? w8.value : '' },
      fresh: true,
    };
  }
  return {
    form: {
      rows: withFixedRows(rowsOf(src), ctx),
      w8Country: str(at(src, 'w8Info.country')),
      w8Address: str(at(src, 'w8Info.residenceAddress')),
    },
    fresh: false,
  };
}

/** The TAXINFO step data (common contract): the rows as a map and as a list, the W-8BEN lines and the files. */
/** The form at first (initialTaxForm without the "new" flag). */
export const startTaxForm = (src: Record<string, unknown> | undefined, ctx: Ctx): TaxForm => initialTaxForm(src, ctx).form;

/** The TAX data of the form in the applicant's context (the identity documents of the saved steps). */
export const taxDataOf = (form: TaxForm, ctx: StepContext): Record<string, unknown> => toTaxData(form, identityDocuments(ctx));

/** The form limits' {max}: the tax number's length for the applicant kind, the rows and files. */
export function taxLimitsOf(form: TaxForm, clientType: StepContext['clientType']): Record<string, number> {
  const l: Record<string, number> = { [FIELD.rows]: MAX_TAX_ROWS, [FIELD.w8Address]: PROFILE_MAX_LEN.w8Address };
  const numberMax = taxNumberMax(clientType);
  form.rows.forEach((r, i) => {
    l[FIELD.number(i)] = numberMax;
    l[FIELD.files(r.country)] = MAX_TAX_FILES;
  });
  return l;
}

export function toTaxData(form: TaxForm, docs: readonly IdentityDocument[]): Record<string, unknown> {
  const taxInfo: Record<string, string> = {};
  for (const r of form.rows) taxInfo[r.country] = r.number;
  return {
    taxInfo,
    frontInfo: { RAW_taxInfo: form.rows.map((r) => ({ countryCode: r.country, taxNumber: r.number, taxCountry: r.country })) },
    // the address is shown upper case as it is typed (CSS: changing the value would break a Chinese IME) and sent so
    w8Info: { country: form.w8Country, residenceAddress: w8Address(form.w8Address) },
    documentInfo: {
      idCardTaxInfo: form.rows.flatMap((r) =>
        rowNeedsFile(r, docs)
          ? r.files.map((f) => ({ ossId: f.ossId, description: f.description ?? '', ossCategory: 'UserApply', taxInfoCountryCode: r.country }))
          : [],
      ),
    },
  };
}

/** Another row with the same tax number (the screen warns; two places rarely issue the same number). */
export const repeatedNumber = (rows: readonly TaxRow[], i: number): boolean =>
  !!rows[i]?.number && rows.some((r, j) => j !== i && r.number === rows[i].number);
