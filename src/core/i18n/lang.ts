/**
 * Language choice (no React here, so the api layer can read the current language for `x-esop-lang`).
 * Order: query `lang`/`langType` (outer query, then the hash query), the user's explicit choice in this
 * browser, the app's language, then navigator.languages; zh-HK/zh-MO/zh-TW/zh-Hant → zh-TW, other zh → zh-CN, else en.
 */
import { LANGS, type Lang } from '../domain/calls';
import { bridge } from '../bridge/bridge';

export type { Lang };
export { LANGS };

const CHOICE_KEY = 'esop.lang';

/** Maps a BCP 47 tag (or the app's own spellings such as zh_TW, zhTc) to one of our three languages; undefined when unknown. */
export function normalizeLang(tag: string | null | undefined): Lang | undefined {
  if (!tag) return undefined;
  const t = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!t) return undefined;
  if (t === 'zhtc' || t === 'tc' || t === 'zh-hant' || /^zh-(hk|mo|tw)$/.test(t) || t.startsWith('zh-hant')) return 'zh-TW';
  if (t === 'zhcn' || t === 'zhsc' || t === 'sc' || t === 'cn' || t === 'zh' || t.startsWith('zh-')) return 'zh-CN';
  if (t === 'en' || t.startsWith('en-')) return 'en';
  return undefined;
}

/** Reads a query parameter from the outer query or from the query inside the hash (`#/path?x=1`). */
export function readQueryParam(name: string, loc: Pick<Location, 'search' | 'hash'> = window.location): string | null {
  const outer = new URLSearchParams(loc.search).get(name);
  if (outer !== null) return outer;
  const q = loc.hash.indexOf('?');
  return q >= 0 ? new URLSearchParams(loc.hash.slice(q + 1)).get(name) : null;
}

function storedChoice(): Lang | undefined {
  try {
    return normalizeLang(window.localStorage.getItem(CHOICE_KEY));
  } catch {
    return undefined;
  }
}

export function detectLang(
  loc: Pick<Location, 'search' | 'hash'> = window.location,
  languages: readonly string[] = navigator.languages?.length ? navigator.languages : [navigator.language],
): Lang {
  const fromQuery = normalizeLang(readQueryParam('lang', loc)) ?? normalizeLang(readQueryParam('langType', loc));
  if (fromQuery) return fromQuery;
  const chosen = storedChoice();
  if (chosen) return chosen;
  if (bridge.isInApp()) {
    const fromApp = normalizeLang(bridge.appLanguage());
    if (fromApp) return fromApp;
  }
  for (const l of languages) {
    const n = normalizeLang(l);
    if (n) return n;
  }
  return 'en';
}

/* The current language, observable (React reads it with useSyncExternalStore in I18nProvider). */
let current: Lang | undefined;
const listeners = new Set<() => void>();

export function currentLang(): Lang {
  if (!current) current = detectLang();
  return current;
}

export function setCurrentLang(lang: Lang, remember = false): void {
  if (remember) {
    try {
      window.localStorage.setItem(CHOICE_KEY, lang);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  }
  if (current === lang) return;
  current = lang;
  listeners.forEach((l) => l());
}

export function subscribeLang(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
