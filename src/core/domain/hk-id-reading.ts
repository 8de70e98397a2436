/**
 * What the Hong Kong identity card's reading (HkIdcardOcr, issue 41) fills, once the applicant has accepted it: the
 * number on HK_IDCARD, and on USERINFO the Chinese name, the English surname and given names (and the "LAST FIRST"
 * English name derived from them), the birth date and the sex. Only fields still empty are filled: an answer the
 * applicant gave is never replaced by a reading.
 */
import { englishNameOf } from './identity';

export interface HkIdReading {
  idNumber: string;
  lastName: string;
  firstName: string;
  chineseName: string;
  birthday: string;
  /** 1 male, 2 female, 0 unread */
  gender: 0 | 1 | 2;
}

/** The number as the card prints it: the check digit in brackets (K1234560 → K123456(0)). */
export const hkIdAsPrinted = (idNumber: string) => (idNumber.length >= 8 ? `${idNumber.slice(0, -1)}(${idNumber.slice(-1)})` : idNumber);

const empty = (v: unknown) => v === undefined || v === null || v === '' || v === 0;

/**
 * The USERINFO data (its draft or saved answers, or nothing yet) with the reading put into the fields still empty;
 * `filled` names the fields the reading gave. The English name follows the two name fields when either was filled.
 */
export function userInfoWithReading(existing: Record<string, unknown> | undefined, r: HkIdReading): { data: Record<string, unknown>; filled: string[] } {
  const data: Record<string, unknown> = { ...(existing ?? {}) };
  const filled: string[] = [];
  const offer: [string, unknown][] = [
    ['chineseName', r.chineseName],
    ['lastName', r.lastName],
    ['firstName', r.firstName],
    ['birthday', r.birthday],
    ['gender', r.gender],
  ];
  for (const [field, value] of offer) {
    if (empty(value) || !empty(data[field])) continue;
    data[field] = value;
    filled.push(field);
  }
  if (filled.includes('lastName') || filled.includes('firstName')) data.englishName = englishNameOf(String(data.lastName ?? ''), String(data.firstName ?? ''));
  return { data, filled };
}
