import { useEffect, useId, useRef } from 'react';
import Popup from 'react-vant/es/popup/index.js';
import { useClientConfig } from '@core/api/system';
import { useT } from '@core/i18n';

export interface ContactPopupProps {
  visible: boolean;
  onClose: () => void;
}

/** Digits and a leading "+" only: what a tel: link may carry. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** "Contact us" bottom sheet: the mainland and Hong Kong service lines (from ClientConfig), tap to call. */
export function ContactPopup({ visible, onClose }: ContactPopupProps) {
  const t = useT();
  const config = useClientConfig();
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const phones = config.data?.servicePhones;

  useEffect(() => {
    if (!visible) return;
    const id = window.setTimeout(() => closeRef.current?.focus(), 0);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      window.clearTimeout(id);
      window.removeEventListener('keydown', onKey);
    };
  }, [visible, onClose]);

  const lines = phones
    ? [
        { key: 'mainland', label: t('dialogs.contact.mainland'), phone: phones.mainland },
        { key: 'hongKong', label: t('dialogs.contact.hongKong'), phone: phones.hongKong },
      ].filter((l) => l.phone)
    : [];

  return (
    <Popup visible={visible} position="bottom" round onClose={onClose} safeAreaInsetBottom className="oa-sheet">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="oa-sheet__body">
        <div className="oa-sheet__head">
          <h2 id={titleId} className="oa-sheet__title">
            {t('dialogs.contact.title')}
          </h2>
          <button ref={closeRef} type="button" className="oa-icon-btn" aria-label={t('common.close')} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
            </svg>
          </button>
        </div>
        {lines.length > 0 ? (
          <ul className="oa-contact">
            {lines.map((l) => (
              <li key={l.key}>
                <a className="oa-contact__row" href={telHref(l.phone)}>
                  <span className="oa-contact__icon" aria-hidden="true">
                    <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
                      <path
                        d="M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2a1 1 0 011-.25 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.57a1 1 0 01-.25 1z"
                        fill="currentColor"
                      />
                    </svg>
                  </span>
                  <span className="oa-contact__text">
                    <span className="oa-contact__label">{l.label}</span>
                    <span className="oa-contact__phone">{l.phone}</span>
                  </span>
                  <span className="oa-contact__chev" aria-hidden="true">
                    ›
                  </span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="oa-sheet__empty">{config.isPending ? t('common.loading') : t('dialogs.contact.unavailable')}</p>
        )}
        <button type="button" className="oa-btn oa-btn--ghost oa-sheet__cancel" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Popup>
  );
}
