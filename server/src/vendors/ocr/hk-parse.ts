/**
 * From OCR text to the fields of a Hong Kong identity card's front: the number with its check digit in brackets
 * (A123456(3)), the English name (SURNAME, Given Names), the date of birth (DD-MM-YYYY) with the sex beside it, and
 * the Chinese name (read on its own by the traditional-Chinese engine). Pure functions over lines of text; the check
 * digit is the domain's (hkIdCheckDigit), so a number that reads wrong by one character is not taken.
 */
import { checkHkId } from '@core/domain/identity';
import { compact, isoDate, repairDigits } from './parse';
import type { HkIdText } from './types';

/** Look-alikes OCR gives for the letters (Z read as 7, say): tried only where brackets mark the number's shape. */
const LETTERS: Record<string, string> = { '7': 'Z', '2': 'Z', '0': 'O', '1': 'I', '5': 'S', '8': 'B', '6': 'G', '4': 'A' };

/** Currency and other symbols OCR gives for the letters of the number. */
const SYMBOL_LETTERS: Record<string, string> = { '€': 'C', '¢': 'C', '©': 'C', '¥': 'Y', '£': 'E', '§': 'S', $: 'S' };


/**
 * The card's number, its check digit verified (letters, six digits, the check digit; no brackets): the first
 * candidate of the text whose check digit is right after repairing look-alikes in the digits, else ''. A candidate is
 * one or two letters, six digits and a bracketed (or, failing any, bare) check digit.
 */
export function findHkIdNumber(lines: string[]): string {
  // not the Chinese commercial code (groups of four digits) nor the dates (DD-MM-YY, DD-MM-YYYY, the (01-79) code):
  // runs of digits there can pass the check digit by chance (one in eleven)
  const candidates = lines.filter((l) => !isCodeLine(l)).map((l) => l.replace(/[([]?\d{2}\s*-\s*\d{2}(\s*-\s*\d{2,4})?[)\]]?/g, ' '));
  // the number is the card's last line: read from the bottom up; the check digit in brackets first, then without
  for (const bracketed of [true, false]) {
    for (const line of [...candidates].reverse()) {
      // symbols that are letters misread (C as €) put back, then spaces and stray marks dropped (a doubled letter can read as Y¥)
      const text = [...line].map((c) => SYMBOL_LETTERS[c] ?? c).join('').replace(/[^A-Za-z0-9()[\]{}|-]/g, '');
      for (let i = 0; i < text.length; i++) {
        for (const letters of [2, 1]) {
          const prefix = text.slice(i, i + letters);
          const digits = text.slice(i + letters, i + letters + 6);
          if (prefix.length < letters || digits.length < 6) continue;
          // the letters as read; a look-alike digit only in the bracketed shape (elsewhere runs of digits would pass)
          const asLetters = /^[A-Za-z]+$/.test(prefix) ? prefix.toUpperCase() : bracketed ? [...prefix].map((c) => LETTERS[c] ?? c).join('').toUpperCase() : '';
          if (!/^[A-Z]+$/.test(asLetters)) continue;
          // the check digit, in brackets that often read as ( ) [ ] { } |
          const rest = (bracketed ? /^[([{|]([0-9A])[)\]}|]/ : /^([0-9A])(?![0-9])/).exec(text.slice(i + letters + 6));
          if (!rest) continue;
          const id = `${asLetters}${repairDigits(digits)}${rest[1]}`;
          if (checkHkId(id) === null) return id;
        }
      }
    }
  }
  return '';
}

/**
 * The Chinese commercial code's line: groups of four digits from the start (two groups at least; OCR may join two
 * groups or add stray marks after them).
 */
export const isCodeLine = (line: string) => /^[^A-Za-z0-9]*\d{4}\s*\d{4}(\s*\d{4}){0,4}(?!\d)/.test(line);

/** SURNAME, Given Names → the two parts in capitals; null when no line has that shape. */
export function findEnglishName(lines: string[]): { surname: string; givenNames: string } | null {
  for (const line of lines) {
    const m = /^[^A-Za-z]*([A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)*)\s*[,.]\s*([A-Za-z][A-Za-z'-]*(?: [A-Za-z][A-Za-z'-]*)*)\s*$/.exec(line.trim());
    if (!m) continue;
    const surname = m[1].toUpperCase();
    // the card's own titles are not a name
    if (/HONG KONG|IDENTITY|PERMANENT/.test(surname)) continue;
    // a lone letter at the end is a stray mark read as one (the card's pattern), not a name
    const given = m[2].toUpperCase().split(/\s+/);
    while (given.length > 1 && given[given.length - 1].length === 1) given.pop();
    return { surname, givenNames: given.join(' ') };
  }
  return null;
}

/** The date of birth (DD-MM-YYYY: four-digit year, unlike the date of issue's DD-MM-YY) and the sex printed after it. */
export function findBirth(lines: string[]): { birthday: string; sex: HkIdText['sex'] } {
  for (const line of lines) {
    const m = /(\d{2})\s*[-.]\s*(\d{2})\s*[-.]\s*(\d{4})(?:\s+([MF])\b)?/.exec(digitsOfDates(line));
    if (!m) continue;
    const birthday = isoDate(m[3], m[2], m[1]);
    if (!birthday) continue;
    return { birthday, sex: (m[4] as 'M' | 'F' | undefined) ?? '' };
  }
  return { birthday: '', sex: '' };
}

/** Digits of a date line with look-alikes repaired, the sex letter after it kept. */
const digitsOfDates = (line: string) => line.replace(/[0-9OoIlSB]{2}\s*[-.]\s*[0-9OoIlSB]{2}\s*[-.]\s*[0-9OoIlSB]{4}/g, (d) => repairDigits(d));

/** The Chinese name from its own reading: its Chinese characters (2 to 6), else ''. */
export function chineseNameOf(lines: string[]): string {
  for (const line of lines) {
    const chars = compact(line).replace(/[^\u3400-\u9fff]/g, '');
    if (chars.length >= 2 && chars.length <= 6 && !/香港|身份|居民/.test(chars)) return chars;
  }
  return '';
}

/** Whether the text is a Hong Kong identity card's front: its English title or the Chinese one. */
export const isHkIdFront = (lines: string[]) => lines.some((l) => /HONG\s*KONG.*IDENTITY|IDENTITY\s*CARD/i.test(l) || /身份[證证]/.test(compact(l)));
