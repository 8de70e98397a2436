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

/** The first part of each language (what the first screens need: FIRST_NAMESPACES) and the rest, separate chunks. */
const firstLoaders: Record<Lang, () => Promise<JsonModule>> = {
  'zh-CN': () => import('../../../locales/zh-CN.json?part=first'),
  'zh-TW': () => import('../../../locales/zh-TW.json?part=first'),
  en: () => import('../../../locales/en.json?part=first'),
};
const restLoaders: Record<Lang, () => Promise<JsonModule>> = {
  'zh-CN': () => import('../../../locales/zh-CN.json?part=rest'),
  'zh-TW': () => import('../../../locales/zh-TW.json?part=rest'),
  en: () => import('../../../locales/en.json?part=rest'),
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
  /** the rest of the messages (beyond the first screens') are in */
  complete: boolean;
}

/* A small store of what each language has loaded: the provider reads it, loads add to it. */
const loaded = new Map<Lang, LoadedLang>();
const listeners = new Set<() => void>();
const firstCache = new Map<Lang, Promise<LoadedLang>>();
const allCache = new Map<Lang, Promise<LoadedLang>>();

function put(l: LoadedLang): LoadedLang {
  const had = loaded.get(l.lang);
  // never go back from the whole set to the first part
  if (had?.complete && !l.complete) return had;
  loaded.set(l.lang, l);
  listeners.forEach((f) => f());
  return l;
}

export function subscribeMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What a language has loaded so far (undefined before its first part arrives). */
export function loadedLang(lang: Lang): LoadedLang | undefined {
  return loaded.get(lang);
}

function cached(cache: Map<Lang, Promise<LoadedLang>>, lang: Lang, load: () => Promise<LoadedLang>): Promise<LoadedLang> {
  let p = cache.get(lang);
  if (!p) {
    p = load();
    p.catch(() => cache.delete(lang));
    cache.set(lang, p);
  }
  return p;
}

/** The first screens' messages of a language, and react-vant's texts. */
export function loadLang(lang: Lang): Promise<LoadedLang> {
  return cached(firstCache, lang, () =>
    Promise.all([firstLoaders[lang](), vantLoaders[lang]()]).then(([m, v]) =>
      put({ lang, messages: flattenMessages(unwrap(m)), vantLocale: v.default, complete: false }),
    ),
  );
}

/**
 * All the messages of a language (first part and the rest). Resolves once the store has them, so a screen that waits
 * for it renders with its texts.
 */
export function loadAllMessages(lang: Lang): Promise<LoadedLang> {
  return cached(allCache, lang, () =>
    Promise.all([loadLang(lang), restLoaders[lang]()]).then(([first, rest]) =>
      put({ ...first, messages: { ...first.messages, ...flattenMessages(unwrap(rest)) } as Messages, complete: true }),
    ),
  );
}
