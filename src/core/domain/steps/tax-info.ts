/**
 * TAXINFO (/TaxInfo, spec part 2 §3 "Tax", §4 "Tax", §5 "Tax", §9 limits).
 * Data: {taxInfo: {<countryCode>: <taxNumber>} (the rows' pairs), frontInfo: {RAW_taxInfo: [{countryCode,
 * taxNumber, taxCountry}] (1..5 rows, 2 at least for a non-permanent HK resident)}, w8Info: {country,
 * residenceAddress}, documentInfo: {idCardTaxInfo: [{ossId, description, ossCategory: 'UserApply',
 * taxInfoCountryCode}]} (≤3 a row, ≥1 unless the number is the row country's identity document number)}.
 * The service also checks the files are the caller's UserApply uploads and the countries real ISO codes.
 */
import { checkW8Address } from '../w8-address';
import type { Check } from '../identity';
import { isFileRef } from '../uploads';
import {
  cleanTaxNumber,
  identityDocuments,
  isNonPermanentResident,
  MAX_TAX_FILES,
  MAX_TAX_ROWS,
  minTaxRows,
  taxFileNeeded,
  taxNumberMax,
} from '../profile';
import { extraKeys, objectOf } from './jobstatus';
import { checkCountry } from './userinfo';
import { at, issuesOf, str, type StepContext, type StepValidator } from '../step-rules/types';
import { shape, text, listOf, mapOf, storedFileFields, type DataOf } from './schema';
import type { Data, SampleFile, StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, m, txt, country, filesOf, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'TAXINFO', route: '/TaxInfo', titleKey: 'tax.title', introKey: 'tax.intro', status: 1070, progress: { cn: 4, hk: 5 } });

/** A tax row as the applicant ordered them (frontInfo.RAW_taxInfo). */
const taxRowEntry = shape({ countryCode: text, taxNumber: text, taxCountry: text });
export type TaxRowEntry = DataOf<typeof taxRowEntry>;

/** TAXINFO: country → TIN (taxInfo; the keys come back sorted from the database), the rows in order, the W-8, the files. */
export const data = shape({
  taxInfo: mapOf(text),
  frontInfo: shape({ RAW_taxInfo: listOf(taxRowEntry) }),
  w8Info: shape({ country: text, residenceAddress: text }),
  documentInfo: shape({ idCardTaxInfo: listOf(shape({ ...storedFileFields, taxInfoCountryCode: text })) }),
});
export type TaxInfoStep = DataOf<typeof data>;

type Pairs = Array<readonly [string, Check]>;

export const TAX_FILE_CATEGORY = 'UserApply';
const ROW_FIELDS = ['countryCode', 'taxNumber', 'taxCountry'] as const;
const FILE_FIELDS = ['ossId', 'url', 'description', 'ossCategory', 'taxInfoCountryCode'] as const;

/** A tax number as sent: non-empty, already cleaned (letters, digits, |, ( and ), upper case) and within the limit. */
export function checkTaxNumber(v: unknown, ctx: Pick<StepContext, 'clientType'>): Check {
  if (v === undefined || v === null || v === '') return 'required';
  if (typeof v !== 'string') return 'format';
  if (v.length > taxNumberMax(ctx.clientType)) return 'tooLong';
  return cleanTaxNumber(v, ctx.clientType) === v ? null : 'format';
}

/** The W-8BEN residence address: the one W-8BEN rule (w8-address.ts). */
export { checkW8Address };

/**
 * The first row's fixed identity: a mainland client's is CN with the ID card number; a non-permanent HK
 * resident's is one of the identity documents' countries with that document's number.
 */
function firstRowRules(row: Record<string, unknown>, ctx: StepContext): Pairs {
  const mainland = ctx.clientType === 'cn';
  if (!mainland && !isNonPermanentResident(ctx)) return [];
  const docs = identityDocuments(ctx);
  // only on a well-formed country and number (their own rules report the rest, one rule a field)
  const country = checkCountry(row.countryCode) ? '' : str(row.countryCode);
  const doc = docs.find((d) => d.country === country);
  const countryRule: Check = !country ? null : mainland ? (country === 'CN' ? null : 'identityCountry') : doc ? null : 'identityCountry';
  const number = checkTaxNumber(row.taxNumber, ctx) ? '' : str(row.taxNumber);
  const numberRule: Check = !doc || !number ? null : cleanTaxNumber(doc.number, ctx.clientType) === number ? null : 'identityNumber';
  return [
    ['frontInfo.RAW_taxInfo.0.countryCode', countryRule],
    ['frontInfo.RAW_taxInfo.0.taxNumber', numberRule],
  ];
}

interface TaxFile {
  ossId: string;
  country: string;
}

/** The tax files, or null when the list is malformed (not file references of UserApply with a country). */
function taxFilesOf(v: unknown): TaxFile[] | null {
  if (v === undefined) return [];
  if (!Array.isArray(v)) return null;
  const files: TaxFile[] = [];
  for (const f of v) {
    const o = objectOf(f);
    if (!isFileRef(f) || o.ossCategory !== TAX_FILE_CATEGORY || typeof o.taxInfoCountryCode !== 'string') return null;
    if ((o.description !== undefined && typeof o.description !== 'string') || (o.url !== undefined && typeof o.url !== 'string')) return null;
    if (Object.keys(o).some((k) => !(FILE_FIELDS as readonly string[]).includes(k))) return null;
    files.push({ ossId: f.ossId, country: o.taxInfoCountryCode });
  }
  return new Set(files.map((f) => f.ossId)).size === files.length ? files : null;
}

export const rules: StepValidator = (data, ctx) => {
  const raw = at(data, 'frontInfo.RAW_taxInfo');
  const rows = Array.isArray(raw) ? raw.map(objectOf) : [];
  const pairs: Pairs = [];
  const rowPath = (i: number, f: string) => `frontInfo.RAW_taxInfo.${i}.${f}`;

  if (!Array.isArray(raw) || rows.length === 0) pairs.push(['frontInfo.RAW_taxInfo', 'required']);
  else if (rows.length > MAX_TAX_ROWS) pairs.push(['frontInfo.RAW_taxInfo', 'tooManyRows']);
  for (let i = Math.max(rows.length, 1); i < minTaxRows(ctx); i++) pairs.push([rowPath(i, 'countryCode'), 'required']);

  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const country = str(row.countryCode);
    const countryRule = checkCountry(row.countryCode) ?? (seen.has(country) ? 'duplicateCountry' : null);
    if (country) seen.add(country);
    pairs.push(
      [rowPath(i, 'countryCode'), countryRule],
      [rowPath(i, 'taxNumber'), checkTaxNumber(row.taxNumber, ctx)],
      [rowPath(i, 'taxCountry'), row.taxCountry === row.countryCode ? null : 'choice'],
      ...extraKeys(row, ROW_FIELDS, `frontInfo.RAW_taxInfo.${i}`),
    );
  });
  if (rows.length) pairs.push(...firstRowRules(rows[0], ctx));
  pairs.push(...extraKeys(data.frontInfo, ['RAW_taxInfo'], 'frontInfo'));

  // taxInfo: the rows' country → number pairs, nothing else
  const taxInfo = data.taxInfo;
  const sameAsRows =
    !!taxInfo &&
    typeof taxInfo === 'object' &&
    !Array.isArray(taxInfo) &&
    Object.keys(taxInfo).length === rows.length &&
    rows.every((r) => typeof r.countryCode === 'string' && (taxInfo as Record<string, unknown>)[r.countryCode] === r.taxNumber);
  pairs.push(['taxInfo', taxInfo === undefined ? 'required' : sameAsRows ? null : 'choice']);

  // W-8BEN
  pairs.push(
    ['w8Info.country', checkCountry(at(data, 'w8Info.country'))],
    ['w8Info.residenceAddress', checkW8Address(at(data, 'w8Info.residenceAddress'))],
    ...extraKeys(data.w8Info, ['country', 'residenceAddress'], 'w8Info'),
  );

  // files: per row country, ≤ 3, ≥ 1 unless the number is the identity document's
  const files = taxFilesOf(at(data, 'documentInfo.idCardTaxInfo'));
  if (!files) pairs.push(['documentInfo.idCardTaxInfo', 'choice']);
  else {
    const docs = identityDocuments(ctx);
    const countries = rows.map((r) => str(r.countryCode)).filter(Boolean);
    for (const country of new Set(countries)) {
      const row = rows.find((r) => r.countryCode === country);
      const count = files.filter((f) => f.country === country).length;
      const needed = taxFileNeeded(country, str(row?.taxNumber), docs);
      pairs.push([`documentInfo.idCardTaxInfo.${country}`, count > MAX_TAX_FILES ? 'tooManyFiles' : needed && count === 0 ? 'fileRequired' : null]);
    }
    for (const stray of new Set(files.map((f) => f.country).filter((c) => !countries.includes(c)))) {
      pairs.push([`documentInfo.idCardTaxInfo.${stray}`, 'choice']);
    }
  }
  pairs.push(...extraKeys(data.documentInfo, ['idCardTaxInfo'], 'documentInfo'));
  return issuesOf(pairs);
};

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<TaxInfoStep> = (s) => {
  const r = new Rows();
  const map = s.taxInfo ?? {};
  const listed = (s.frontInfo?.RAW_taxInfo ?? []).map((x) => x.countryCode ?? '');
  const order = [...listed.filter((c) => c in map), ...Object.keys(map).filter((c) => !listed.includes(c))];
  const proofs = s.documentInfo?.idCardTaxInfo ?? [];
  order.forEach((code, i) => {
    r.row(`taxInfo.${code}`, m('tax.row.title', { n: i + 1 }), [...country(code), ...txt(map[code])], [`taxInfo.${code}`]);
    const files = proofs.filter((f) => f.taxInfoCountryCode === code);
    if (files.length) r.row(`documentInfo.idCardTaxInfo.${code}`, m('desk.field.taxProof', { n: i + 1 }), filesOf(files), ['documentInfo.idCardTaxInfo']);
  });
  const orphans = proofs.filter((f) => !order.includes(f.taxInfoCountryCode ?? ''));
  if (orphans.length) r.row('documentInfo.idCardTaxInfo', m('desk.field.taxProof', { n: '' }), filesOf(orphans), ['documentInfo.idCardTaxInfo']);
  if (!proofs.length) r.skip('documentInfo.idCardTaxInfo');
  r.skip('frontInfo.RAW_taxInfo');
  r.rowIf('w8Info.country', 'tax.w8.country', country(s.w8Info?.country));
  r.rowIf('w8Info.residenceAddress', 'tax.w8.address', txt(s.w8Info?.residenceAddress));
  return r;
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

// ------------------------------------------------------------------------------------------- sample

export interface TaxRow {
  countryCode: string;
  taxNumber: string;
}

export type TaxSampleFile = SampleFile & { taxInfoCountryCode: string };

/** TAXINFO data of rows: taxInfo and RAW_taxInfo of the same pairs, the files given, a W-8 in the first row's country. */
export function taxPage(rows: readonly TaxRow[], files: readonly TaxSampleFile[] = [], over: Data = {}): Data {
  return {
    taxInfo: Object.fromEntries(rows.map((r) => [r.countryCode, r.taxNumber])),
    frontInfo: { RAW_taxInfo: rows.map((r) => ({ ...r, taxCountry: r.countryCode })) },
    w8Info: { country: rows[0]?.countryCode ?? 'HK', residenceAddress: '10 HARBOUR ROAD WAN CHAI' },
    documentInfo: { idCardTaxInfo: files.map((f) => ({ ossId: f.ossId, description: f.description, ossCategory: f.ossCategory, taxInfoCountryCode: f.taxInfoCountryCode })) },
    ...over,
  };
}

/**
 * TAXINFO rows of an application: the identity documents' countries and numbers first (no file needed), as many as
 * the minimum (a non-permanent resident's two); without identity documents one row with a typed number and a file.
 */
export async function taxInfoSample(ctx: StepContext, file: (country: string) => Promise<TaxSampleFile>): Promise<Data> {
  const rows: TaxRow[] = identityDocuments(ctx)
    .slice(0, minTaxRows(ctx))
    .map((d) => ({ countryCode: d.country, taxNumber: cleanTaxNumber(d.number, ctx.clientType) }));
  const files: TaxSampleFile[] = [];
  for (const country of ['HK', 'GB', 'SG']) {
    if (rows.length >= minTaxRows(ctx)) break;
    if (rows.some((r) => r.countryCode === country)) continue;
    rows.push({ countryCode: ctx.clientType === 'cn' && !rows.length ? 'CN' : country, taxNumber: `TIN${100000 + rows.length}` });
    files.push(await file(rows[rows.length - 1].countryCode));
  }
  return taxPage(rows, files);
}

export const sample: StepSample = async (src) => taxInfoSample(await src.context(), async (country) => ({ ...(await src.file('UserApply', 'pdf')), taxInfoCountryCode: country }));
