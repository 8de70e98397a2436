import { useState, type ReactNode } from 'react';
import { useT } from '@core/i18n';
import { useGuardSettings } from '../../router';
import { ContactPopup } from './ContactPopup';
import { LangSwitcher } from './LangSwitcher';

/** The header of a flow's own pages (home, login, notices): the page's title, language choice and "contact us". */
export function AppHeader({ title, contact = true }: { title?: ReactNode; contact?: boolean }) {
  const t = useT();
  const { appTitleKey } = useGuardSettings();
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <header className="oa-header">
      <div className="oa-header__brand">
        <span className="oa-header__logo" aria-hidden="true">
          <svg viewBox="0 0 32 32" width="28" height="28" focusable="false">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path d="M8 21l5-6 4 4 7-9" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" fill="none" />
          </svg>
        </span>
        <span className="oa-header__title">{title ?? t(appTitleKey)}</span>
      </div>
      <div className="oa-header__actions">
        <LangSwitcher />
        {contact && (
          <button type="button" className="oa-icon-btn" aria-label={t('home.contact')} aria-haspopup="dialog" onClick={() => setContactOpen(true)}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path
                d="M4 13v-1a8 8 0 0116 0v1M4 13a2 2 0 012-2h1v6H6a2 2 0 01-2-2v-2zm16 0a2 2 0 00-2-2h-1v6h1a2 2 0 002-2v-2zM17 17v.5A2.5 2.5 0 0114.5 20H12"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                fill="none"
              />
            </svg>
          </button>
        )}
      </div>
      {contact && <ContactPopup visible={contactOpen} onClose={() => setContactOpen(false)} />}
    </header>
  );
}
