import type { Lang } from './lang';

/**
 * One word per idea and language (issue 37: the flow said 融資帳戶, the account home 保證金賬戶, the margin upgrade
 * 孖展帳戶, and proof of address was 地址證明 on one screen and 住址證明 on the next). Each entry names the word every
 * screen, dialog, document title and desk label uses, and the variants that must not appear anywhere in the texts.
 * The words follow the documents the client signs (the agreements say 保證金賬戶 / 保证金账户 / margin account), and
 * Hong Kong's written usage for traditional Chinese (賬戶, 住址證明). A compound that is a different idea stays
 * allowed: 通訊地址證明 (proof of the mailing address), 追收孖展 (a margin call).
 */
export interface GlossaryTerm {
  /** what the word is for, in English, for the test's message */
  idea: string;
  /** the word to use */
  use: string;
  /** the variants that are refused */
  avoid: RegExp[];
}

export const GLOSSARY: Record<Lang, GlossaryTerm[]> = {
  'zh-TW': [
    { idea: 'account', use: '賬戶', avoid: [/帳戶/, /帐户/] },
    { idea: 'margin account', use: '保證金賬戶', avoid: [/孖展[賬帳]戶/, /融資[賬帳]戶/, /保證金帳戶/] },
    { idea: 'proof of address', use: '住址證明', avoid: [/(?<!通訊)地址證明/] },
  ],
  'zh-CN': [
    { idea: 'account', use: '账户', avoid: [/帐户/, /賬戶|帳戶/] },
    { idea: 'margin account', use: '保证金账户', avoid: [/融资账户/, /孖展账户/] },
    { idea: 'proof of address', use: '住址证明', avoid: [/(?<!通讯)地址证明/] },
  ],
  en: [
    { idea: 'margin account', use: 'margin account', avoid: [/\bfinancing account/i, /\bmargin acct\b/i] },
    { idea: 'proof of address', use: 'proof of address', avoid: [/\baddress proof/i, /\bproof of residence\b/i] },
  ],
};

/**
 * Texts the glossary leaves as they are: legal texts recorded with a version (the HK investor identifier consent,
 * HKIDR_CONSENT: its text is what the client agreed to, in the regulator's wording; changing it needs a new version).
 */
export const GLOSSARY_EXEMPT: readonly RegExp[] = [/^hkIdentifier\.consent\./];

/** The glossary's refusals in one text: each variant found, with the word to use instead. */
export function glossaryProblems(lang: Lang, text: string): { found: string; use: string }[] {
  return GLOSSARY[lang].flatMap((term) =>
    term.avoid.flatMap((re) => {
      const m = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
      return [...text.matchAll(m)].map((x) => ({ found: x[0], use: term.use }));
    }),
  );
}
