/**
 * The languages the product speaks (the service's `x-esop-lang`, the pages' texts). Apart from the call table
 * (calls.ts re-exports them) so that the language choice, which every page's entry runs, does not load the table.
 */
export const LANGS = ['zh-CN', 'zh-TW', 'en'] as const;
export type Lang = (typeof LANGS)[number];
