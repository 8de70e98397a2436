import { startTransition, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { ConfigProvider } from 'react-vant/es/config-provider/index.js';
import type { Locale as VantLocale } from 'react-vant/es/locale/lang/base.js';
import { currentLang, setCurrentLang, subscribeLang, type Lang } from './lang';
import { loadAllMessages, loadedLang, loadLang, subscribeMessages, type LoadedLang, type Messages } from './messages';

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

/** Runs `fn` once the page has painted and the main thread is idle (the rest of the messages must not delay the first screen). */
function afterFirstPaint(fn: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  const run = () => {
    if (cancelled) return;
    const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
    if (ric) idle = ric(() => !cancelled && fn(), { timeout: 3000 });
    else idle = window.setTimeout(() => !cancelled && fn(), 200) as unknown as number;
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    const cic = (globalThis as { cancelIdleCallback?: (id: number) => void }).cancelIdleCallback;
    if (idle !== undefined) (cic ?? clearTimeout)(idle);
  };
}

/**
 * What a language has loaded, re-read when the store changes. Messages arriving re-render the whole page (every text
 * may change), so the update is a transition: React renders it in slices instead of one long task.
 */
function useLoadedMessages(lang: Lang): LoadedLang | undefined {
  const [, setVersion] = useState(0);
  const current = loadedLang(lang);
  const rendered = useRef(current);
  rendered.current = current;
  useEffect(() => {
    const update = () => startTransition(() => setVersion((v) => v + 1));
    const unsubscribe = subscribeMessages(update);
    // a load that finished between this render and the subscription
    if (loadedLang(lang) !== rendered.current) update();
    return unsubscribe;
  }, [lang]);
  return current;
}

/**
 * react-intl + react-vant's own texts, in the language of `detectLang()` (or the one set by `useLang().setLang`).
 * Renders nothing until the chosen language's first messages have arrived (the first screens' namespaces, one small
 * JSON chunk), so no untranslated text ever flashes; the rest follow after the first paint (a screen beyond the first
 * ones waits for them: loadAllMessages). When switching, the old language stays until the new one has as much.
 */
export function I18nProvider({ children, lang: initial, messages, vantLocale }: I18nProviderProps) {
  const [preset] = useState(() => {
    if (initial) setCurrentLang(initial);
    return messages ? ({ lang: initial ?? currentLang(), messages, vantLocale, complete: true } as Partial<LoadedLang> & { lang: Lang; messages: Messages; complete: boolean }) : undefined;
  });
  const lang = useSyncExternalStore(subscribeLang, currentLang, currentLang);
  const stored = useLoadedMessages(lang);
  const candidate = preset && preset.lang === lang ? preset : stored;
  const [last, setLast] = useState<typeof candidate>(candidate);
  const ready = !!candidate && (candidate.complete || !last?.complete || last.lang === lang);
  const shown = ready ? candidate : last;

  useEffect(() => {
    if (ready && candidate !== last) setLast(candidate);
  }, [ready, candidate, last]);

  const wantAll = !!last?.complete;
  useEffect(() => {
    if (preset && preset.lang === lang) return;
    (wantAll ? loadAllMessages(lang) : loadLang(lang)).catch((e) => console.error('messages failed to load', e));
  }, [lang, preset, wantAll]);

  const shownLang = shown?.lang;
  const shownComplete = !!shown?.complete;
  useEffect(() => {
    if (!shownLang || shownComplete) return;
    return afterFirstPaint(() => void loadAllMessages(shownLang).catch((e) => console.error('messages failed to load', e)));
  }, [shownLang, shownComplete]);

  useEffect(() => {
    if (shownLang) document.documentElement.lang = shownLang;
  }, [shownLang]);

  if (!shown) return null;
  return (
    <IntlProvider locale={shown.lang} messages={shown.messages} defaultLocale="zh-CN" onError={onIntlError}>
      <ConfigProvider locale={shown.vantLocale} tag="div" className="esop-root">
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
