/**
 * Messages per language, loaded lazily: each language's JSON and react-vant's locale are separate
 * chunks, so only the chosen language is fetched (the initial JS carries none of them).
 */
import type { MessageFormatElement } from 'react-intl';
import type { Locale as VantLocale } from 'react-vant/es/locale/lang/base.js';
import type { Lang } from './lang';

/** Message texts, or ICU ASTs when a build step precompiled them (react-intl takes both). */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * Flattens nested locale JSON to dotted keys: {home:{cn:{title}}} → {'home.cn.title': ...}.
 * Arrays are kept as they are: a precompiled message is an array of ICU AST elements.
 */
export function flattenMessages(tree: Record<string, unknown>, prefix = '', out: Record<string, unknown> = {}): Messages {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string' || Array.isArray(v)) out[key] = v;
    else if (v && typeof v === 'object') flattenMessages(v as Record<string, unknown>, key, out);
  }
  return out as Messages;
}

type JsonModule = { default: Record<string, unknown> } | Record<string, unknown>;
const unwrap = (m: JsonModule): Record<string, unknown> =>
  ('default' in m && m.default && typeof m.default === 'object' ? m.default : m) as Record<string, unknown>;

const messageLoaders: Record<Lang, () => Promise<JsonModule>> = {
  'zh-CN': () => import('../../../locales/zh-CN.json'),
  'zh-TW': () => import('../../../locales/zh-TW.json'),
  en: () => import('../../../locales/en.json'),
};

const vantLoaders: Record<Lang, () => Promise<{ default: VantLocale }>> = {
  'zh-CN': () => import('react-vant/es/locale/lang/zh-CN.js'),
  'zh-TW': () => import('react-vant/es/locale/lang/zh-TW.js'),
  en: () => import('react-vant/es/locale/lang/en-US.js'),
};

export interface LoadedLang {
  lang: Lang;
  messages: Messages;
  vantLocale: VantLocale;
}

const cache = new Map<Lang, Promise<LoadedLang>>();

export function loadLang(lang: Lang): Promise<LoadedLang> {
  let p = cache.get(lang);
  if (!p) {
    p = Promise.all([messageLoaders[lang](), vantLoaders[lang]()]).then(([m, v]) => ({
      lang,
      messages: flattenMessages(unwrap(m)),
      vantLocale: v.default,
    }));
    p.catch(() => cache.delete(lang));
    cache.set(lang, p);
  }
  return p;
}
