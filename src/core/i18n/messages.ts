/**
 * Messages per language, loaded lazily: each language's JSON and react-vant's locale are separate
 * chunks, so only the chosen language is fetched (the initial JS carries none of them).
 */
import type { Locale as VantLocale } from 'react-vant/es/locale/lang/base.js';
import type { Lang } from './lang';

export type Messages = Record<string, string>;

/** Flattens nested locale JSON to dotted keys: {home:{cn:{title}}} → {'home.cn.title': ...}. */
export function flattenMessages(tree: Record<string, unknown>, prefix = '', out: Messages = {}): Messages {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) flattenMessages(v as Record<string, unknown>, key, out);
    else if (typeof v === 'string') out[key] = v;
  }
  return out;
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
