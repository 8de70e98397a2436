/**
 * Language choice (no React here, so the api layer can read the current language for `x-esop-lang`).
 * Order: query `lang`/`langType` (outer query, then the hash query), the user's explicit choice in this
 * browser, the app's language, then navigator.languages; zh-HK/zh-MO/zh-TW/zh-Hant → zh-TW, other zh → zh-CN, else en.
 */
import { LANGS, type Lang } from '../domain/langs';
import { bridge } from '../bridge/bridge';
import { pickLang } from './pick-lang';

export type { Lang };
export { LANGS };

/** where the user's explicit choice is kept (the pages' first-screen script reads it too: scripts/prerender.ts) */
export const CHOICE_KEY = 'esop.lang';

/** The request header that carries the language to the service (every call, the uploads too). */
export const LANG_HEADER = 'x-esop-lang';

/** Maps a BCP 47 tag (or the app's own spellings such as zh_TW, zhTc) to one of our three languages; undefined when unknown. */
export function normalizeLang(tag: string | null | undefined): Lang | undefined {
  return pickLang({ search: '', hash: '', stored: tag ?? null, app: null, languages: [] });
}

function storedRaw(): string | null {
  try {
    return window.localStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}

export function detectLang(
  loc: Pick<Location, 'search' | 'hash'> = window.location,
  languages: readonly string[] = navigator.languages?.length ? navigator.languages : [navigator.language],
): Lang {
  // the one rule (pick-lang.ts), also written into each page's HTML to pick the first screen's language
  return pickLang({ search: loc.search, hash: loc.hash, stored: storedRaw(), app: bridge.isInApp() ? bridge.appLanguage() : null, languages }) ?? 'en';
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
