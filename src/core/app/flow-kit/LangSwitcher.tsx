import { useLang, useT, type Lang } from '@core/i18n';

const OPTIONS: { lang: Lang; short: string; nameKey: string }[] = [
  { lang: 'zh-CN', short: '简', nameKey: 'home.langName.zhCN' },
  { lang: 'zh-TW', short: '繁', nameKey: 'home.langName.zhTW' },
  { lang: 'en', short: 'EN', nameKey: 'home.langName.en' },
];

/** The header's language choice: simplified Chinese, traditional Chinese, English (remembered in this browser). */
export function LangSwitcher() {
  const t = useT();
  const { lang, setLang } = useLang();
  return (
    <div className="oa-lang" role="group" aria-label={t('home.language')}>
      {OPTIONS.map((o) => {
        return (
          <button
            key={o.lang}
            type="button"
            className="oa-lang__btn"
            lang={o.lang}
            aria-pressed={lang === o.lang}
            onClick={() => setLang(o.lang)}
          >
            <span className="oa-lang__pill" aria-hidden="true">
              {o.short}
            </span>
            {/* the name read out: the language's own full name */}
            <span className="esop-visually-hidden">{t(o.nameKey)}</span>
          </button>
        );
      })}
    </div>
  );
}
