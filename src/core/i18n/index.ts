export { I18nProvider, useLang, usePageTitle } from './I18nProvider';
export type { I18nProviderProps } from './I18nProvider';
export { detectLang, normalizeLang, currentLang, setCurrentLang, LANGS } from './lang';
export type { Lang } from './lang';
export { flattenMessages, loadLang, loadAllMessages } from './messages';
export type { Messages, LoadedLang } from './messages';
export { useT } from './use-t';
export { lazyScreen } from './lazy-screen';
