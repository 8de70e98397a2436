/**
 * A passport's machine-readable zone (as the OCR vendor read it: vendors/ocr/mrz.ts) parsed and checked with the
 * `mrz` package (ICAO 9303 TD3): the document number, the birth and expiry dates and the whole line are each guarded
 * by a check digit, so a zone whose check digits do not all hold was misread (or altered) and is not used. Letters
 * read in a digit's place and digits in a letter's are put right by the package's autocorrection first.
 */
import countries from 'i18n-iso-countries';
import { parse } from 'mrz';
import { isIsoDate } from '@core/domain/identity';

export interface PassportReading {
  /** the document number, without fillers */
  idNumber: string;
  /** ISO 3166-1 alpha-2 of the issuing state and of the nationality; '' for a code that is not a country (UNO, XXA) */
  issuingCountry: string;
  nationality: string;
  lastName: string;
  firstName: string;
  /** YYYY-MM-DD */
  birthday: string;
  expiry: string;
  /** 1 male, 2 female, 0 not stated */
  gender: 0 | 1 | 2;
}

/** The fields each guarded by a check digit: all must hold for the zone to be used. */
const GUARDED = ['documentNumberCheckDigit', 'birthDateCheckDigit', 'expirationDateCheckDigit', 'compositeCheckDigit'] as const;

/** ICAO codes that are not ISO 3166-1 alpha-3: Germany's D and the British nationals' codes. */
const ICAO_CODES: Record<string, string> = { D: 'DE', GBD: 'GB', GBN: 'GB', GBO: 'GB', GBP: 'GB', GBS: 'GB' };

/** An ICAO state code as an ISO 3166-1 alpha-2 code; '' for one that is not a country. */
export function countryOfIcao(code: string): string {
  const c = code.replace(/</g, '');
  return ICAO_CODES[c] ?? countries.alpha3ToAlpha2(c) ?? '';
}

/**
 * YYMMDD as YYYY-MM-DD. A birth date is in the past: the century that puts it not after `today`. An expiry date is
 * within the next decades: this century unless that is more than 50 years ahead.
 */
export function mrzDate(yymmdd: string, kind: 'birth' | 'expiry', today: string): string {
  if (!/^\d{6}$/.test(yymmdd)) return '';
  const [yy, mm, dd] = [yymmdd.slice(0, 2), yymmdd.slice(2, 4), yymmdd.slice(4, 6)];
  const thisYear = Number(today.slice(0, 4));
  let year = 2000 + Number(yy);
  if (kind === 'birth' && `${year}-${mm}-${dd}` > today) year -= 100;
  if (kind === 'expiry' && year > thisYear + 50) year -= 100;
  const iso = `${year}-${mm}-${dd}`;
  return isIsoDate(iso) ? iso : '';
}

/** The two TD3 lines parsed and checked; null when they are not a passport's zone or a check digit fails. */
export function readPassportZone(lines: readonly string[], today: string): PassportReading | null {
  if (lines.length !== 2) return null;
  let result: ReturnType<typeof parse>;
  try {
    result = parse([...lines], { autocorrect: true });
  } catch {
    return null;
  }
  if (result.format !== 'TD3' || result.fields.documentCode?.[0] !== 'P') return null;
  const valid = (field: string) => result.details.some((d) => d.field === field && d.valid);
  if (!GUARDED.every(valid)) return null;
  const f = result.fields;
  const birthday = mrzDate(f.birthDate ?? '', 'birth', today);
  const expiry = mrzDate(f.expirationDate ?? '', 'expiry', today);
  if (!f.documentNumber || !birthday || !expiry) return null;
  return {
    idNumber: f.documentNumber.replace(/</g, ''),
    issuingCountry: countryOfIcao(f.issuingState ?? ''),
    nationality: countryOfIcao(f.nationality ?? ''),
    lastName: f.lastName ?? '',
    firstName: f.firstName ?? '',
    birthday,
    expiry,
    gender: f.sex === 'male' ? 1 : f.sex === 'female' ? 2 : 0,
  };
}
