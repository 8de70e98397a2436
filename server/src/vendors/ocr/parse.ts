/**
 * From OCR text to card fields: the labels of a mainland ID card (姓名 性别 民族 出生 住址 公民身份号码;
 * 签发机关 有效期限), the usual OCR confusions in digits (O→0, I/l→1, ...), and bank card numbers.
 * Pure functions over lines of text; whichever engine read them.
 */
import { LONG_TERM, isIsoDate, luhnValid, parseCnId } from '@core/domain/identity';
import type { IdCardText } from './types';

/** Look-alikes OCR gives for digits (and for the X of an ID number). */
const DIGIT_LOOKALIKES: Record<string, string> = {
  O: '0', o: '0', D: '0', Q: '0', U: '0', '〇': '0',
  I: '1', l: '1', '|': '1', i: '1', L: '1', '!': '1', '丨': '1',
  Z: '2', z: '2',
  S: '5', s: '5',
  B: '8',
  G: '6', b: '6',
  T: '7',
  g: '9', q: '9',
  A: '4',
};

/** Drops every kind of space (OCR puts spaces between Chinese characters). */
export const compact = (s: string) => s.replace(/[\s\u3000]+/g, '');

/** Digits with look-alike letters repaired; other characters kept. */
export const repairDigits = (s: string) => [...s].map((c) => DIGIT_LOOKALIKES[c] ?? c).join('');

/** An ID number candidate's characters: digits, X and the look-alikes. */
const ID_RUN = /[0-9XxKk×OoDQU〇Il|iL!丨ZzSsBGbTgqA]{15,}/g;

/** The 18-character ID number found in the text, repaired: the first candidate that passes the full check, else the first well-formed one, else ''. */
export function findIdNumber(lines: string[], today: string): { idNumber: string; valid: boolean } {
  const candidates: string[] = [];
  // the 号码 line first, then any line
  const ordered = [...lines.filter((l) => /号码|身份/.test(compact(l))), ...lines];
  for (const line of ordered) {
    const text = compact(line).replace(/^.*?号码/, '');
    for (const run of text.match(ID_RUN) ?? []) {
      for (let i = 0; i + 18 <= run.length; i++) {
        const raw = run.slice(i, i + 18);
        const head = repairDigits(raw.slice(0, 17));
        const last = /[XxKk×]/.test(raw[17]) ? 'X' : repairDigits(raw[17]);
        const id = head + last;
        if (/^\d{17}[\dX]$/.test(id)) candidates.push(id);
      }
    }
  }
  const valid = candidates.find((id) => parseCnId(id, today).ok);
  if (valid) return { idNumber: valid, valid: true };
  return { idNumber: candidates[0] ?? '', valid: false };
}

const pad2 = (s: string) => s.padStart(2, '0');

/** YYYY-MM-DD from the numbers of a date as printed, or '' when that is not a real date. */
export function isoDate(y: string, m: string, d: string): string {
  const iso = `${y}-${pad2(m)}-${pad2(d)}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && isIsoDate(iso) ? iso : '';
}

/**
 * The text after a label on its line. The label is tried whole on every line first; failing that, one of its
 * characters at the start of a line (OCR misreads a character of a label now and then).
 */
function after(lines: string[], label: string): { rest: string; index: number } | null {
  const tries = [new RegExp(label), new RegExp(`^[^\\p{Script=Han}]{0,3}[${label}]`, 'u')];
  for (const re of tries) {
    for (let i = 0; i < lines.length; i++) {
      const line = compact(lines[i]);
      const m = re.exec(line);
      if (m) return { rest: line.slice(m.index + m[0].length), index: i };
    }
  }
  return null;
}

const HAN_NAME = /[\p{Script=Han}·•]+/gu;
/** characters an address keeps: Chinese, letters, digits and the punctuation addresses use */
const ADDRESS_JUNK = /[^\p{Script=Han}A-Za-z0-9\-—#()（）·,，、.]/gu;
const LEADING_JUNK = /^[^\p{Script=Han}A-Za-z0-9]+/u;

/** 姓名 → the name: Chinese characters and the middle dot of transliterated names. */
export function nameOf(lines: string[]): string {
  const hit = after(lines, '姓名');
  if (!hit) return '';
  return (hit.rest.match(HAN_NAME) ?? []).join('').replace(/•/g, '·').slice(0, 30);
}

/** The index of the line the name is read from (the 姓名 line), or -1. */
export function nameLineIndex(lines: string[]): number {
  return after(lines, '姓名')?.index ?? -1;
}

/** 性别 → 男/女; 民族 → the group (one to five Chinese characters). */
function genderAndNation(lines: string[]): { gender: IdCardText['gender']; nation: string } {
  const hit = after(lines, '性别');
  const rest = hit?.rest ?? '';
  const g = /[男女]/.exec(rest.split('民族')[0] ?? '')?.[0] as '男' | '女' | undefined;
  const nationHit = after(lines, '民族');
  const nation = (nationHit?.rest.match(/\p{Script=Han}{1,5}/u) ?? [''])[0];
  return { gender: g ?? '', nation };
}

/** 出生 → YYYY-MM-DD from "1990年3月7日". */
function birthdayOf(lines: string[]): string {
  const hit = after(lines, '出生');
  if (!hit) return '';
  const m = /(\d{4})\D{0,3}?(\d{1,2})\D{0,3}?(\d{1,2})/.exec(repairDigits(hit.rest));
  return m ? isoDate(m[1], m[2], m[3]) : '';
}

/** 住址 and the lines under it, up to the 公民身份号码 line. */
function addressOf(lines: string[]): string {
  const hit = after(lines, '住址');
  if (!hit) return '';
  const parts = [hit.rest];
  for (let i = hit.index + 1; i < lines.length; i++) {
    const line = compact(lines[i]);
    if (!line) continue;
    if (/公民|身份|号码|\d{15,}/.test(line)) break;
    parts.push(line);
  }
  return parts.join('').replace(ADDRESS_JUNK, '').replace(LEADING_JUNK, '').slice(0, 500);
}

/** The portrait side's fields from its lines (the ID number is found separately, see findIdNumber). */
export function parseFront(lines: string[]): Pick<IdCardText, 'name' | 'gender' | 'nation' | 'birthday' | 'address'> {
  return { name: nameOf(lines), ...genderAndNation(lines), birthday: birthdayOf(lines), address: addressOf(lines) };
}

/** 签发机关 → the authority; 有效期限 → {start, end} (end a date or 长期). */
export function parseBack(lines: string[]): Pick<IdCardText, 'authority' | 'validity'> {
  const auth = after(lines, '签发机关');
  const authority = auth ? (auth.rest.match(/[\p{Script=Han}0-9]+/gu) ?? []).join('').slice(0, 60) : '';
  return { authority, validity: validityOf(lines) };
}

/** "2016.05.20-2036.05.20" or "2012.08.15-长期" after 有效期限, as ISO dates ('' for a date that is not real). */
export function validityOf(lines: string[]): { start: string; end: string } | null {
  const hit = after(lines, '有效期限');
  const text = hit ? hit.rest : lines.map(compact).find((l) => /\d{4}\D?\d{2}\D?\d{2}\D{1,3}(\d{4}|长期)/.test(repairDigits(l))) ?? '';
  const fixed = repairDigits(text.replace(/长期/g, '#'));
  const start = /(\d{4})\D?(\d{2})\D?(\d{2})/.exec(fixed);
  if (!start) return null;
  const restText = fixed.slice(start.index + start[0].length);
  if (restText.includes('#')) return { start: isoDate(start[1], start[2], start[3]), end: LONG_TERM };
  const end = /(\d{4})\D?(\d{2})\D?(\d{2})/.exec(restText);
  if (!end) return null;
  return { start: isoDate(start[1], start[2], start[3]), end: isoDate(end[1], end[2], end[3]) };
}

/** Which side the text shows: the back's labels, else the front's; null for neither. */
export function sideOf(text: string): IdCardText['side'] {
  const t = compact(text);
  if (/签发机关|有效期限|居民身份证|中华人民共和国|签发|期限/.test(t)) return 'back';
  if (/公民身份号码|姓名|住址|出生|民族|号码/.test(t)) return 'front';
  return null;
}

/**
 * The card number in OCR text: on one line, runs of digit groups (spacing removed) 12-25 digits long.
 * Several candidates: one passing Luhn first, then the longest.
 */
export function findBankNumber(text: string): string {
  const candidates: string[] = [];
  for (const line of text.split('\n')) {
    const groups = line.trim().split(/\s+/).map(repairDigits);
    let run = '';
    const flush = () => {
      if (run.length >= 12 && run.length <= 25) candidates.push(run);
      run = '';
    };
    for (const g of groups) {
      if (/^\d{2,}$/.test(g)) run += g;
      else flush();
    }
    flush();
  }
  candidates.sort((a, b) => Number(luhnValid(b)) - Number(luhnValid(a)) || b.length - a.length);
  return candidates[0] ?? '';
}
