/**
 * Watch-list matching: when a listed name is the applicant's.
 *
 * Every name is turned into keys that survive the ways one person's name is written differently:
 * - Latin script: diacritics dropped (NGUYỄN → NGUYEN, ß → SS, Ø → O), upper case, only the letters A-Z kept, so
 *   spacing ("XIAO MING" / "XIAOMING"), hyphens and apostrophes ("Tai-man", "O'Brien") do not count; name order
 *   does not either: the words are joined as listed, with the first word moved to the end and with the last word
 *   moved to the front (surname first or last: "ZHANG Wei Ming" ~ "WEIMING ZHANG");
 * - Chinese characters: their pinyin (pinyin-pro, toneless; the usual reading and the surname reading, so 曾 is
 *   ZENG and CENG, 区 OU and QU; ü written YU, V and U), surname (compound surnames and "given·family" names
 *   understood) first and last; and the characters themselves, spaces and dots removed.
 * An applicant's Latin name is their surname and given name, in both orders.
 *
 * A listed entry matches when it shares a key with the applicant and, if the list gives a birth date, it is the
 * applicant's. An entry listed with the applicant's birth date also matches on a near name: keys within
 * nearDistance() letters (insertions, deletions, substitutions, swaps of neighbours) of each other.
 */
import { pinyin } from 'pinyin-pro';
import { isLookupName, normaliseLookupName } from '@core/domain/lookup';
import { COMPOUND_SURNAMES } from '../lookup';
import { MATCH_KINDS, type AmlMatch, type AmlSubject, type MatchKind } from '../../vendors/aml/types';

/** Near names: letters allowed to differ, by the length of the shorter key (shorter names must match exactly). */
export const NEAR = { oneLetterFrom: 8, twoLettersFrom: 16 } as const;

export function nearDistance(length: number): number {
  if (length >= NEAR.twoLettersFrom) return 2;
  if (length >= NEAR.oneLetterFrom) return 1;
  return 0;
}

/** A watch-list entry as matching needs it. */
export interface WatchEntry {
  source: string;
  id: string;
  fullName: string;
  aliases: string[];
  /** YYYY-MM-DD or null */
  birthDate: string | null;
}

/** One way of writing a name, as keys. */
export interface NameForm {
  /** the Chinese characters of a Chinese name (spaces and dots removed), '' for other names */
  han: string;
  /** Latin keys (letters A-Z), pinyin ones for a Chinese name */
  keys: string[];
  /** true when the keys were read from Chinese characters */
  romanised: boolean;
}

const LETTERS_NFKD_KEEPS: Record<string, string> = {
  ß: 'SS', ẞ: 'SS', Æ: 'AE', æ: 'AE', Œ: 'OE', œ: 'OE', Ø: 'O', ø: 'O', Ł: 'L', ł: 'L', Đ: 'D', đ: 'D', Ð: 'D', ð: 'D', Þ: 'TH', þ: 'TH', ı: 'I',
};
const SPECIAL_LETTER = new RegExp(`[${Object.keys(LETTERS_NFKD_KEEPS).join('')}]`, 'g');
const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}+/gu;
/** what separates the words of a name (hyphens and apostrophes join the parts of one word) */
const WORD_BREAK = /[\s,;/·•・]+/u;

/** Latin text as key letters: diacritics dropped, upper case, A-Z only. */
export function latinLetters(text: string): string {
  return text
    .replace(SPECIAL_LETTER, (c) => LETTERS_NFKD_KEEPS[c])
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

const unique = (values: Iterable<string>) => [...new Set([...values].filter((v) => v !== ''))];

/** The readings of a run of Chinese characters, one syllable each (lower case, ü as v); [] when one has none. */
function syllables(text: string, surnameMode: boolean): string[] {
  const read = pinyin(text, { toneType: 'none', type: 'array', v: true, ...(surnameMode ? { mode: 'surname' as const, surname: 'head' as const } : {}) });
  const out = read.map((s) => s.toLowerCase().replace(/ü/g, 'v'));
  return out.length === [...text].length && out.every((s) => /^[a-z]+$/.test(s)) ? out : [];
}

/** A pinyin key in the spellings ü is written in (LYU on passports, LV and LU elsewhere). */
const uVariants = (key: string): string[] => (key.includes('V') ? unique(['YU', 'V', 'U'].map((u) => key.replace(/V/g, u))) : [key]);

/** Keys of words in unknown order: as listed, first word last, last word first. */
function wordOrders(words: string[]): string[] {
  if (words.length < 2) return unique([words.join('')]);
  return unique([words.join(''), [...words.slice(1), words[0]].join(''), [words[words.length - 1], ...words.slice(0, -1)].join('')]);
}

/** A name of Chinese characters (and · between parts): pinyin keys with the surname first and last. */
function chineseForm(compact: string): NameForm {
  let surname: string;
  let given: string;
  if (compact.includes('·')) {
    // transliterated and ethnic-minority names are written given·family
    const parts = compact.split('·');
    surname = parts[parts.length - 1];
    given = parts.slice(0, -1).join('');
  } else {
    const chars = [...compact];
    const length = chars.length >= 3 && COMPOUND_SURNAMES.has(chars.slice(0, 2).join('')) ? 2 : 1;
    surname = chars.slice(0, length).join('');
    given = chars.slice(length).join('');
  }
  const keys: string[] = [];
  for (const surnameMode of [false, true]) {
    const s = syllables(surname, surnameMode).join('').toUpperCase();
    const g = given ? syllables(given, false).join('').toUpperCase() : '';
    if (!s || (given && !g)) continue;
    keys.push(...uVariants(s + g), ...uVariants(g + s));
  }
  return { han: compact.replace(/·/g, ''), keys: unique(keys), romanised: true };
}

/** The keys of one name written in one string (a listed name or alias, an applicant's Chinese name). */
export function nameForm(raw: string): NameForm {
  const text = raw.normalize('NFKC').trim();
  const compact = normaliseLookupName(text);
  if (isLookupName(compact)) return chineseForm(compact);
  // Latin, or Latin with Chinese characters: each run of characters becomes one word of its pinyin
  const romanised = HAN.test(text);
  const spelled = romanised ? text.replace(HAN_RUN, (run) => ` ${syllables(run, false).join('')} `) : text;
  const words = spelled.split(WORD_BREAK).map(latinLetters).filter(Boolean);
  return { han: '', keys: romanised ? unique(wordOrders(words).flatMap((k) => uVariants(k))) : wordOrders(words), romanised };
}

export interface ApplicantForm extends NameForm {
  label: 'chineseName' | 'latinName';
}

/** The applicant's names as keys: the Latin name (surname + given name, both orders) and the Chinese name if any. */
export function applicantForms(subject: AmlSubject): ApplicantForm[] {
  const forms: ApplicantForm[] = [];
  const last = latinLetters(subject.lastName);
  const first = latinLetters(subject.firstName);
  if (last || first) forms.push({ label: 'latinName', han: '', keys: unique([last + first, first + last]), romanised: false });
  if (subject.chineseName.trim()) {
    const form = nameForm(subject.chineseName);
    if (form.han || form.keys.length) forms.push({ label: 'chineseName', ...form });
  }
  return forms;
}

/** Every key of a set of forms (the Chinese characters included): what aml_watchlist.match_keys stores and lookups use. */
export function keysOf(forms: NameForm[]): string[] {
  return unique(forms.flatMap((f) => [...f.keys, f.han]));
}

/** The keys stored for a watch-list entry: those of its name and of every alias. */
export const entryKeys = (entry: Pick<WatchEntry, 'fullName' | 'aliases'>): string[] => keysOf([entry.fullName, ...entry.aliases].map(nameForm));

/**
 * Edit distance with swaps of neighbouring letters counted as one (optimal string alignment); any value above `max`
 * is answered as max + 1 (the rows stop early).
 */
export function editDistance(a: string, b: string, max = Number.MAX_SAFE_INTEGER): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return Math.min(prev[b.length], max + 1);
}

const RANK: Record<MatchKind, number> = Object.fromEntries(MATCH_KINDS.map((k, i) => [k, i])) as Record<MatchKind, number>;

interface Found {
  how: MatchKind;
  distance: number;
}

/** How one applicant form matches one listed form (null: it does not); `nearAllowed` when the birth dates are the same. */
export function compareForms(applicant: NameForm, listed: NameForm, nearAllowed: boolean): Found | null {
  if (applicant.han && applicant.han === listed.han) return { how: 'chinese', distance: 0 };
  const listedKeys = new Set(listed.keys);
  if (applicant.keys.some((k) => listedKeys.has(k))) return { how: applicant.romanised || listed.romanised ? 'romanised' : 'latin', distance: 0 };
  if (!nearAllowed) return null;
  let best: number | null = null;
  for (const a of applicant.keys) {
    for (const l of listed.keys) {
      const allowed = nearDistance(Math.min(a.length, l.length));
      if (!allowed) continue;
      const d = editDistance(a, l, allowed);
      if (d <= allowed && (best === null || d < best)) best = d;
    }
  }
  return best === null ? null : { how: 'near', distance: best };
}

/** How an entry matches the applicant (its strongest way), or null. */
export function matchEntry(subject: AmlSubject, entry: WatchEntry, forms: ApplicantForm[] = applicantForms(subject)): AmlMatch | null {
  // an entry listed with a birth date is only this applicant when the dates are the same
  if (entry.birthDate !== null && entry.birthDate !== subject.birthday) return null;
  const sameDate = entry.birthDate !== null;
  let best: (Found & { matchedName: string; applicantName: ApplicantForm['label'] }) | null = null;
  for (const listedName of [entry.fullName, ...entry.aliases]) {
    const listed = nameForm(listedName);
    for (const form of forms) {
      const found = compareForms(form, listed, sameDate);
      if (!found) continue;
      if (!best || RANK[found.how] < RANK[best.how] || (found.how === best.how && found.distance < best.distance)) {
        best = { ...found, matchedName: listedName, applicantName: form.label };
      }
    }
  }
  if (!best) return null;
  return {
    source: entry.source,
    id: entry.id,
    listedName: entry.fullName,
    matchedName: best.matchedName,
    applicantName: best.applicantName,
    how: best.how,
    distance: best.distance,
    birthDate: entry.birthDate,
  };
}

/** The entries (candidates from the list) that match the applicant, strongest first. */
export function screenEntries(subject: AmlSubject, entries: WatchEntry[]): AmlMatch[] {
  const forms = applicantForms(subject);
  const matches = entries.map((e) => matchEntry(subject, e, forms)).filter((m): m is AmlMatch => m !== null);
  return matches.sort((a, b) => RANK[a.how] - RANK[b.how] || a.distance - b.distance || a.source.localeCompare(b.source) || a.id.localeCompare(b.id));
}
