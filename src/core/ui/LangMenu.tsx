/**
 * The language choice of pages without the flow's header (every step page): a small button with the current language's
 * short name at the right of the header, opening a sheet with the three languages, each named in its own language.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLang, type Lang } from '../i18n';
import { Sheet } from './pickers/Sheet';

const LANGS: { lang: Lang; short: string; nameKey: string }[] = [
  { lang: 'zh-CN', short: '简', nameKey: 'home.langName.zhCN' },
  { lang: 'zh-TW', short: '繁', nameKey: 'home.langName.zhTW' },
  { lang: 'en', short: 'EN', nameKey: 'home.langName.en' },
];

export function LangMenu({ className }: { className?: string }) {
  const intl = useIntl();
  const { lang, setLang } = useLang();
  const [open, setOpen] = useState(false);
  const current = LANGS.find((l) => l.lang === lang) ?? LANGS[2];
  const label = intl.formatMessage({ id: 'home.language' });
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {/* the name starts with what is seen (EN, 简, 繁), then says what it is */}
        {current.short}
        <span className="esop-visually-hidden">{` ${label}: ${intl.formatMessage({ id: current.nameKey })}`}</span>
      </button>
      <Sheet visible={open} title={label} onClose={() => setOpen(false)}>
        <ul className="esop-langmenu" role="list">
          {LANGS.map((l) => (
            <li key={l.lang}>
              <button
                type="button"
                className="esop-langmenu__item"
                lang={l.lang}
                aria-pressed={l.lang === lang}
                onClick={() => {
                  setOpen(false);
                  if (l.lang !== lang) setLang(l.lang);
                }}
              >
                {intl.formatMessage({ id: l.nameKey })}
              </button>
            </li>
          ))}
        </ul>
      </Sheet>
    </>
  );
}
