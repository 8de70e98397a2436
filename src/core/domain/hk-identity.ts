/**
 * Document rules of the non-mainland identity page (/HK_IDcard, spec part 1 §3, §4, §5): which document types
 * a permanent / non-permanent resident may use, which issuing country goes with each, how the document numbers
 * are typed and checked. Pure and zod-free: the screen and the service (through the HK_IDCARD step rules) use
 * the same functions.
 */
import { CHINA, isCountryCode } from './countries';
import {
  checkHkId,
  checkOtherId,
  checkPermanentCnId,
  MAX_LEN,
  normaliseHkId,
  normaliseOtherId,
  type Check,
} from './identity';

/** The page's internal document indexes (spec: 0 HK ID, 1 Macau ID, 2 passport). */
export const HK_DOC = { HK_ID: 0, MACAU_ID: 1, PASSPORT: 2 } as const;
export type HkDocType = (typeof HK_DOC)[keyof typeof HK_DOC];
export const HK_DOC_TYPES: readonly HkDocType[] = [HK_DOC.HK_ID, HK_DOC.MACAU_ID, HK_DOC.PASSPORT];

/** permanentResident in the payload: 1 yes, 2 no. */
export const PERMANENT = { YES: 1, NO: 2 } as const;
export type PermanentAnswer = (typeof PERMANENT)[keyof typeof PERMANENT];

/** idType in the payload: 1 an HK or Macau identity card (told apart by idCountry HK / MO), 2 a passport. */
export const HK_ID_TYPE = { ID_CARD: 1, PASSPORT: 2 } as const;

export const HK = 'HK';
export const MO = 'MO';

/** The payload's idType and idCountry of a document (a passport carries the chosen issuing country). */
export function docPayload(doc: HkDocType, issuingCountry: string): { idType: 1 | 2; idCountry: string } {
  if (doc === HK_DOC.HK_ID) return { idType: HK_ID_TYPE.ID_CARD, idCountry: HK };
  if (doc === HK_DOC.MACAU_ID) return { idType: HK_ID_TYPE.ID_CARD, idCountry: MO };
  return { idType: HK_ID_TYPE.PASSPORT, idCountry: issuingCountry };
}

/** The internal document index of a payload's idType + idCountry; null when they do not make a document. */
export function docTypeOf(idType: unknown, idCountry: unknown): HkDocType | null {
  if (idType === HK_ID_TYPE.PASSPORT) return HK_DOC.PASSPORT;
  if (idType === HK_ID_TYPE.ID_CARD && idCountry === HK) return HK_DOC.HK_ID;
  if (idType === HK_ID_TYPE.ID_CARD && idCountry === MO) return HK_DOC.MACAU_ID;
  return null;
}

/** The territory whose identity card goes with a country, if any (HK → HK ID, MO → Macau ID). */
const idCardOf = (country: string | undefined): HkDocType | null =>
  country === HK ? HK_DOC.HK_ID : country === MO ? HK_DOC.MACAU_ID : null;

/**
 * The document types offered.
 * Permanent resident: by nationality — HK → HK ID or passport; MO → Macau ID or passport; any other → passport;
 * none chosen yet → nothing (the nationality comes first).
 * Non-permanent: by the issuing country — HK → HK ID or passport; MO → Macau ID or passport; other → passport;
 * none chosen → all three.
 */
export function allowedDocTypes(permanent: boolean, nationality: string | undefined, issuingCountry: string | undefined): HkDocType[] {
  if (permanent) {
    if (!nationality) return [];
    const card = idCardOf(nationality);
    return card === null ? [HK_DOC.PASSPORT] : [card, HK_DOC.PASSPORT];
  }
  if (!issuingCountry) return [...HK_DOC_TYPES];
  const card = idCardOf(issuingCountry);
  return card === null ? [HK_DOC.PASSPORT] : [card, HK_DOC.PASSPORT];
}

/**
 * The issuing country the choices fix, or null when the applicant picks it (only for a passport, and never CN).
 * Permanent: nationality HK fixes HK and MO fixes MO for both of their documents. Non-permanent: an HK ID is
 * issued by HK and a Macau ID by MO.
 */
export function fixedIssuingCountry(permanent: boolean, nationality: string | undefined, doc: HkDocType | null): string | null {
  if (permanent && (nationality === HK || nationality === MO)) return nationality;
  if (doc === HK_DOC.HK_ID) return HK;
  if (doc === HK_DOC.MACAU_ID) return MO;
  return null;
}

/**
 * A passport's nationality as this page's nationality list names it: the Hong Kong and Macau SAR passports carry
 * Chinese nationality (CHN), which the page lists as HK or MO (China itself is not offered here); '' stays ''.
 */
export const passportNationality = (issuingCountry: string, nationality: string) =>
  nationality === CHINA && (issuingCountry === HK || issuingCountry === MO) ? issuingCountry : nationality;

/** Whether the issuing country may be picked by the applicant. */
export const issuingCountryEditable = (permanent: boolean, nationality: string | undefined, doc: HkDocType | null) =>
  doc === HK_DOC.PASSPORT && fixedIssuingCountry(permanent, nationality, doc) === null;

/** An issuing country: a country code, never mainland China. */
export function checkIssuingCountry(v: unknown): Check {
  if (v === undefined || v === null || v === '') return 'required';
  if (!isCountryCode(v)) return 'country';
  return v === CHINA ? 'issuingCountry' : null;
}

/** The document number as typed: HK ID letters and digits upper-cased (8-9); other documents up to 50. */
export const normaliseDocNumber = (doc: HkDocType | null, raw: string) => (doc === HK_DOC.HK_ID ? normaliseHkId(raw) : normaliseOtherId(raw));

export const checkDocNumber = (doc: HkDocType | null, raw: unknown): Check => (doc === HK_DOC.HK_ID ? checkHkId(raw) : checkOtherId(raw));

/** The most characters the document number field takes. */
export const docNumberMax = (doc: HkDocType | null) => (doc === HK_DOC.HK_ID ? MAX_LEN.hkIdNumber : MAX_LEN.otherIdNumber);

/** A Macau ID is photographed on both sides (front and emblem side); the others on the front only. */
export const needsBackImage = (doc: HkDocType | null) => doc === HK_DOC.MACAU_ID;

/**
 * A non-permanent resident's permanent ID number, by the permanent-residence country: mainland 18 digits or
 * 17 digits and X; HK an HK ID (at least 8); elsewhere any document number up to 50.
 */
export function checkPermanentIdNumber(country: string | undefined, raw: unknown): Check {
  if (country === CHINA) return checkPermanentCnId(raw);
  if (country === HK) return checkHkId(raw);
  return checkOtherId(raw);
}

export function normalisePermanentIdNumber(country: string | undefined, raw: string): string {
  if (country === CHINA) return raw.toUpperCase().replace(/[^0-9X]/g, '').slice(0, MAX_LEN.cnIdNumber);
  if (country === HK) return normaliseHkId(raw);
  return normaliseOtherId(raw);
}

export const permanentIdNumberMax = (country: string | undefined) =>
  country === CHINA ? MAX_LEN.cnIdNumber : country === HK ? MAX_LEN.hkIdNumber : MAX_LEN.otherIdNumber;

/**
 * Restricted area (strict handling): a non-permanent resident whose permanent residence is mainland China is a
 * mainland investor, whom the overseas route does not serve — the permanent-residence proof is refused with
 * "please upload the ID front; mainland investors are not supported" (docs/decisions.md).
 */
export const mainlandProofRefused = (strict: boolean, permanent: boolean, permanentCountry: string | undefined) =>
  strict && !permanent && permanentCountry === CHINA;
