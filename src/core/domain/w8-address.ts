/**
 * The W-8BEN permanent residence address: the one rule of the opening flow's tax step, its proof-of-address step,
 * the account update's W-8BEN and address check pages, and the service's checks of all of them (spec part 2 §5
 * "W-8BEN", part 3 §5 "W-8 address": letters, digits and spaces only, upper case, at most 500).
 *
 * w8Address cleans what the applicant typed into that form, as typed (the screens show the result at once):
 * - letters with accents lose them (São → SAO, Ø → O, Æ → AE, ß → SS), full-width letters and digits become plain;
 * - apostrophes join their word (Queen's → QUEENS); every other mark (, . / - # ( ) and line breaks) becomes a space;
 * - letters of other scripts (Chinese, Japanese, Korean, Cyrillic, Greek, …) are dropped: the form is filled in
 *   English, and w8AddressDropped names what was dropped so the screen can say so (never a silent change);
 * - runs of spaces become one; upper case; at most W8_ADDRESS_MAX characters.
 * While typing (`typing`), one space at the end stays so the next word can be typed; the saved value has none.
 */
import type { Check } from './identity';

export const W8_ADDRESS_MAX = 500;

/** Latin letters that do not decompose into a letter and an accent. */
const LATIN_EXTRA: Record<string, string> = {
  ø: 'o', Ø: 'O', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ð: 'd', Ð: 'D', þ: 'th', Þ: 'TH', ı: 'i', ħ: 'h', Ħ: 'H',
};
const APOSTROPHES = /['’‘`´ʼ]/g;
const HAN = /\p{Script=Han}/u;

/** The address as the W-8BEN line (see above); `typing` keeps one trailing space. */
export function w8Address(raw: string, opts: { typing?: boolean } = {}): string {
  const latin = raw
    .normalize('NFKC')
    .replace(/[øØæÆœŒłŁđĐðÐþÞıħĦ]/g, (c) => LATIN_EXTRA[c])
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(APOSTROPHES, '')
    // letters of other scripts dropped, anything else not a letter or digit a space
    .replace(/[^\sA-Za-z0-9ß]/gu, (c) => (/\p{L}/u.test(c) ? '' : ' '))
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/^ /, '');
  const line = opts.typing ? latin : latin.trimEnd();
  return line.slice(0, W8_ADDRESS_MAX);
}

/** The letters w8Address drops from `raw` (other scripts), in order, once each: what the screen names. */
export function w8AddressDropped(raw: string): string {
  const dropped = [...raw.normalize('NFKC')].filter((c) => /\p{L}/u.test(c) && w8Address(c) === '');
  return [...new Set(dropped)].join('');
}

export const hasChinese = (s: string): boolean => HAN.test(s);

/**
 * A W-8BEN address as saved: required; 'noChinese' with Chinese characters; 'w8Address' when it is not already
 * what w8Address makes of it (lower case, marks, double spaces); 'tooLong' past W8_ADDRESS_MAX.
 */
export function checkW8Address(v: unknown): Check {
  if (typeof v !== 'string' || !v.trim()) return v === undefined || v === null || typeof v === 'string' ? 'required' : 'format';
  if (hasChinese(v)) return 'noChinese';
  if (v.length > W8_ADDRESS_MAX) return 'tooLong';
  return w8Address(v) === v ? null : 'w8Address';
}
