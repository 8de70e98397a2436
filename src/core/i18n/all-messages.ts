/**
 * Every language's messages at once, flattened (the locale files hold plain texts, so they are strings here): for
 * what renders outside a page's lazy loading, the tests' providers and the build's first screens (scripts/prerender.ts).
 * No page imports it: a page loads only its language (messages.ts).
 */
import zhCN from '../../../locales/zh-CN.json';
import zhTW from '../../../locales/zh-TW.json';
import en from '../../../locales/en.json';
import { flattenMessages } from './messages';
import type { Lang } from './lang';

export const ALL_MESSAGES: Record<Lang, Record<string, string>> = {
  'zh-CN': flattenMessages(zhCN as Record<string, unknown>) as Record<string, string>,
  'zh-TW': flattenMessages(zhTW as Record<string, unknown>) as Record<string, string>,
  en: flattenMessages(en as Record<string, unknown>) as Record<string, string>,
};
