/**
 * A passport's machine-readable zone (ICAO 9303 TD3: two lines of 44 characters) picked out of OCR text. The lines
 * are only cleaned and put to their length here; the `mrz` package parses them and checks the check digits (in the
 * service, modules/ocr/passport.ts), whichever vendor read them.
 */

/** TD3's line length */
export const TD3_LENGTH = 44;

/**
 * The places of line 2 that hold only digits: the number's check digit, the birth date and its check digit, the expiry
 * date and its check digit, and the whole zone's check digit.
 */
export const TD3_DIGIT_CELLS: ReadonlySet<number> = new Set([9, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 43]);

/** Characters OCR gives for the zone's filler `<` (and spaces between the characters, dropped). */
const FILLERS = /[«‹<{(\[]/g;

/** A line as the zone spells it: capitals, digits and <, without spaces. */
const clean = (line: string) =>
  line
    .toUpperCase()
    .replace(FILLERS, '<')
    .replace(/[^A-Z0-9<]/g, '');

/**
 * `line` made 44 long by widening or narrowing its longest run of fillers at or after `from` (OCR drops or adds a
 * filler or two in a long run: the other fields have fixed places); null when that cannot make it 44.
 */
function toLength(line: string, from: number): string | null {
  if (line.length === TD3_LENGTH) return line;
  if (Math.abs(line.length - TD3_LENGTH) > 4) return null;
  let best: { start: number; length: number } | null = null;
  for (const m of line.matchAll(/<{2,}/g)) {
    if (m.index + m[0].length <= from) continue;
    if (!best || m[0].length > best.length) best = { start: m.index, length: m[0].length };
  }
  if (!best) return null;
  const length = best.length + TD3_LENGTH - line.length;
  if (length < 1) return null;
  return line.slice(0, best.start) + '<'.repeat(length) + line.slice(best.start + best.length);
}

/** Whether OCR text reads as a TD3 zone's first line: P, the type's second character (< or a letter), the state. */
export const isZoneFirstLine = (text: string) => {
  const l = clean(text);
  return l.length >= TD3_LENGTH - 8 && /^P[A-Z<][A-Z<]{3}/.test(l);
};

/**
 * The two TD3 lines in OCR text: a line that begins with P and its document type's second character (P< or PA-PZ)
 * followed by a line of about the same length, each put to 44 characters; [] when the text has none.
 */
export function mrzLinesOf(texts: readonly string[]): string[] {
  const lines = texts.map(clean).filter((l) => l.length >= TD3_LENGTH - 4);
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!/^P[A-Z<][A-Z<]{3}/.test(lines[i])) continue;
    // line 1: the name's fillers are at its end; line 2: the personal number's after the expiry date's check digit
    // after three fillers, line 1 is only fillers (the name's parts are apart by two): what reads otherwise there is
    // a filler misread (< as K or L)
    const first = toLength(lines[i].replace(/<<<.*$/, (tail) => '<'.repeat(tail.length)), 5);
    const second = toLength(lines[i + 1], 28);
    if (first && second) return [first, second];
  }
  return [];
}
