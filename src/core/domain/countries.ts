/**
 * Country rules by ISO 3166-1 alpha-2 code (names come from the i18n-iso-countries package on the
 * screens; the service checks codes against the same package). Spec part 1 §3, §5, §9.
 */

export const isCountryCode = (v: unknown): v is string => typeof v === 'string' && /^[A-Z]{2}$/.test(v);

/** Mainland China: not a nationality of the overseas route, never an issuing country there. */
export const CHINA = 'CN';

/** Birthplace list: China first, then these (part 1 §9). */
export const BIRTH_PRIORITY: readonly string[] = ['CN', 'HK', 'MO', 'TW', 'US', 'GB', 'SG'];
/** Address country list: these first. */
export const ADDRESS_PRIORITY: readonly string[] = ['CN', 'HK', 'MO', 'GB', 'SG'];
/** Nationality list (overseas route): these first; China is not offered. */
export const NATIONALITY_PRIORITY: readonly string[] = ['HK', 'MO', 'TW', 'SG', 'GB'];
export const DEFAULT_BIRTH_COUNTRY = 'CN';

/**
 * Nationalities that may open online on the overseas route. The spec does not show the list: ours holds the
 * places whose residents this broker serves under its licence and the W-8BEN tax form (so not the US, whose
 * citizens need a W-9), without jurisdictions under sanctions or on the FATF lists. Others: offline opening
 * through customer service (docs/decisions.md).
 */
export const NATIONALITY_WHITELIST: readonly string[] = [
  'HK', 'MO', 'TW', 'SG', 'MY', 'TH', 'ID', 'PH', 'VN', 'JP', 'KR', 'IN', 'AU', 'NZ', 'GB', 'IE', 'FR', 'DE',
  'NL', 'BE', 'LU', 'CH', 'AT', 'IT', 'ES', 'PT', 'SE', 'NO', 'DK', 'FI', 'CA',
];

export type NationalityCheck = 'ok' | 'china' | 'offline';

/** China cannot be chosen; outside the whitelist → the offline-opening dialog. */
export function nationalityCheck(code: string): NationalityCheck {
  if (code === CHINA) return 'china';
  return NATIONALITY_WHITELIST.includes(code) ? 'ok' : 'offline';
}

/** Statement language: traditional Chinese for nationality HK, CN, MO, TW; English otherwise. */
export type StatementLang = 'zhTc' | 'en';
export const STATEMENT_LANGS: readonly StatementLang[] = ['zhTc', 'en'];
export const DEFAULT_STATEMENT_LANG: StatementLang = 'zhTc';
export function defaultLanguageFor(nationality: string | undefined): StatementLang {
  return nationality && ['HK', 'CN', 'MO', 'TW'].includes(nationality) ? 'zhTc' : 'en';
}

/**
 * The statement language preselected on a form the applicant has not chosen on (issue 37): the language they read
 * the page in (English → English; simplified or traditional Chinese → traditional Chinese, the statements' only
 * Chinese), else the spec's rule by nationality.
 */
export function defaultStatementLang(pageLang: string | undefined, nationality?: string): StatementLang {
  if (pageLang === 'en') return 'en';
  if (pageLang?.startsWith('zh')) return 'zhTc';
  return defaultLanguageFor(nationality);
}

/** Country of birth preselected: Hong Kong or Macau for its nationals (most were born there); else the spec's CN. */
export function defaultBirthCountry(nationality: string | undefined): string {
  return nationality === 'HK' || nationality === 'MO' ? nationality : 'CN';
}

/**
 * Residence country preselected on the proof of address from the identity document (HK_IDCARD): a Hong Kong or Macau
 * identity card holder lives there; a passport says nothing of residence (empty: the applicant chooses).
 */
export function defaultResidenceCountry(id: Record<string, unknown> | undefined): string {
  if (!id || id.idType !== 1) return '';
  return id.idCountry === 'HK' || id.idCountry === 'MO' ? (id.idCountry as string) : '';
}

/** Orders codes: the priority ones first (in their order), then the rest as given. */
export function withPriority(codes: readonly string[], priority: readonly string[]): string[] {
  const set = new Set(codes);
  const first = priority.filter((c) => set.has(c));
  return [...first, ...codes.filter((c) => !priority.includes(c))];
}
