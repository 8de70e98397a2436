/**
 * The "get the app" banner at the top of a page's first screen when it is opened outside the app (spec part 3 §2, §6):
 * hidden inside the app and for the agents whose clients are not sent to it (domain/channel.ts). Decided from what the
 * page knows at once (the browser, the entry address's agent code), so it is there from the first paint and shifts
 * nothing; closing it hides it for the tab's session. The link is the deployment's APP_DOWNLOAD_URL.
 */
import { useState } from 'react';
import { useClientConfig } from '../api/system';
import { entryChannel } from '../bridge/entry-channel';
import { bridge } from '../bridge/bridge';
import { showsAppBanner } from '../domain/channel';
import { useT } from '../i18n';
import './app-banner.css';

const CLOSED = 'esop.appBannerClosed';
const closedBefore = () => {
  try {
    return sessionStorage.getItem(CLOSED) === '1';
  } catch {
    return false;
  }
};

export function AppBanner() {
  const t = useT();
  const config = useClientConfig();
  const [shown, setShown] = useState(() => !closedBefore() && showsAppBanner({ inApp: bridge.isInApp(), aeCode: entryChannel().aeCode }));
  if (!shown) return null;
  const close = () => {
    setShown(false);
    try {
      sessionStorage.setItem(CLOSED, '1');
    } catch {
      /* storage blocked: closed for this page only */
    }
  };
  return (
    <section className="esop-app-banner" aria-label={t('common.appBanner.label')}>
      <svg className="esop-app-banner__icon" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="9" fill="currentColor" />
        <path d="M10 27l6-8 5 5 9-12" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="esop-app-banner__text">
        <strong>{t('common.appBanner.title')}</strong>
        <span>{t('common.appBanner.text')}</span>
      </p>
      <a className="esop-app-banner__get" href={config.data?.appDownloadUrl ?? '#'} target="_blank" rel="noopener noreferrer">
        {t('common.appBanner.get')}
      </a>
      <button type="button" className="esop-app-banner__close" aria-label={t('common.appBanner.close')} onClick={close}>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </section>
  );
}
