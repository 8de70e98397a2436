/**
 * Simplified and traditional Chinese for the company registry (OpenCC through opencc-js, phrase-aware): the forms a
 * search word is matched in, and a name or place written in the applicant's script. Traditional is written in Hong
 * Kong wording (the broker's market, as the country names: docs/decisions.md). The converters are built on first use
 * (their dictionaries take a few hundred milliseconds to load).
 */
import * as OpenCC from 'opencc-js';

type Convert = (text: string) => string;
let converters: { toSimplified: Convert; toHongKong: Convert; toTaiwan: Convert } | undefined;

function get() {
  if (!converters) {
    converters = {
      // from Hong Kong traditional: also reads the standard and Taiwan character forms (匯/滙, 裡/裏)
      toSimplified: OpenCC.Converter({ from: 'hk', to: 'cn' }),
      toHongKong: OpenCC.Converter({ from: 'cn', to: 'hk' }),
      toTaiwan: OpenCC.Converter({ from: 'cn', to: 'tw' }),
    };
  }
  return converters;
}

const HAN = /\p{Script=Han}/u;

/** The text in simplified characters (text without Chinese characters is returned as it is). */
export function toSimplified(text: string): string {
  return HAN.test(text) ? get().toSimplified(text) : text;
}

/** The text in traditional characters, Hong Kong forms (text without Chinese characters is returned as it is). */
export function toTraditional(text: string): string {
  return HAN.test(text) ? get().toHongKong(get().toSimplified(text)) : text;
}

/**
 * The forms a search word is looked for in: as typed, simplified, and traditional in Hong Kong and Taiwan forms
 * (a registry may hold either), without repeats. A word without Chinese characters has one form.
 */
export function searchForms(word: string): string[] {
  if (!HAN.test(word)) return [word];
  const simplified = get().toSimplified(word);
  return [...new Set([word, simplified, get().toHongKong(simplified), get().toTaiwan(simplified)])];
}
