import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { ConfigProvider } from 'react-vant/es/config-provider/index.js';
import type { Locale as VantLocale } from 'react-vant/es/locale/lang/base.js';
import { currentLang, setCurrentLang, subscribeLang, type Lang } from './lang';
import { loadLang, type LoadedLang, type Messages } from './messages';

export interface I18nProviderProps {
  children: ReactNode;
  /** Start in this language instead of the detected one. */
  lang?: Lang;
  /** Messages already loaded (tests, or a page that inlines them): skips the lazy load for `lang`. */
  messages?: Messages;
  vantLocale?: VantLocale;
}

const onIntlError = (err: { code?: string; message: string }) => {
  if (err.code === 'MISSING_TRANSLATION') {
    if (typeof process !== 'undefined' && process.env.NODE_ENV === 'development') console.warn(err.message);
    return;
  }
  console.error(err);
};

/**
 * react-intl + react-vant's own texts, in the language of `detectLang()` (or the one set by `useLang().setLang`).
 * Renders nothing until the chosen language's messages have arrived (one small JSON chunk), so no
 * untranslated text ever flashes; when switching, the old language stays until the new one is loaded.
 */
export function I18nProvider({ children, lang: initial, messages, vantLocale }: I18nProviderProps) {
  const [preset] = useState(() => {
    if (initial) setCurrentLang(initial);
    return messages ? ({ lang: initial ?? currentLang(), messages, vantLocale } as Partial<LoadedLang> & { lang: Lang; messages: Messages }) : undefined;
  });
  const lang = useSyncExternalStore(subscribeLang, currentLang, currentLang);
  const [loaded, setLoaded] = useState<(Partial<LoadedLang> & { lang: Lang; messages: Messages }) | undefined>(preset);

  useEffect(() => {
    if (loaded?.lang === lang) return;
    let live = true;
    loadLang(lang).then(
      (l) => live && setLoaded(l),
      (e) => console.error('messages failed to load', e),
    );
    return () => {
      live = false;
    };
  }, [lang, loaded?.lang]);

  useEffect(() => {
    if (loaded) document.documentElement.lang = loaded.lang;
  }, [loaded]);

  if (!loaded) return null;
  return (
    <IntlProvider locale={loaded.lang} messages={loaded.messages} defaultLocale="zh-CN" onError={onIntlError}>
      <ConfigProvider locale={loaded.vantLocale} tag="div" className="esop-root">
        {children}
      </ConfigProvider>
    </IntlProvider>
  );
}

/** The current language and a setter that remembers the user's choice in this browser. */
export function useLang(): { lang: Lang; setLang: (lang: Lang) => void } {
  const intl = useIntl();
  const setLang = useCallback((l: Lang) => setCurrentLang(l, true), []);
  return useMemo(() => ({ lang: intl.locale as Lang, setLang }), [intl.locale, setLang]);
}

/** Sets document.title from a message key (re-run when the language changes). */
export function usePageTitle(key: string | undefined, values?: Record<string, string | number>): void {
  const intl = useIntl();
  const text = key && intl.messages[key] !== undefined ? intl.formatMessage({ id: key }, values) : undefined;
  useEffect(() => {
    if (text) document.title = text;
  }, [text]);
}
