/** Parts the two result pages share: the status header, a status row, the contact sheet and the "home" action. */
import { useState, type ReactNode } from 'react';
import { useClientConfig } from '@core/api/system';
import { bridge } from '@core/bridge/bridge';
import { ACCOUNT_ROUTE, accountPageLink } from '@core/domain/account-routes';
import { useLang, useT } from '@core/i18n';
import { transferInPageUrl } from '@core/domain/transfer-in';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import './status.css';

import type { Tone } from '@core/app/flow-kit/StatusHeader';

export { StatusHeader, type Tone } from '@core/app/flow-kit/StatusHeader';

export function StatusRow({ label, value, tone }: { label: string; value: string; tone: Tone | 'plain' }) {
  return (
    <div className="oa-status__row">
      <dt>{label}</dt>
      <dd className={`oa-status__value oa-status__value--${tone}`}>{value}</dd>
    </div>
  );
}

/** The contact-us sheet: the mainland and Hong Kong service phones. */
export function ContactButton() {
  const t = useT();
  const config = useClientConfig();
  const [open, setOpen] = useState(false);
  const phones = config.data?.servicePhones;
  return (
    <>
      <button type="button" className="oa-status__link" onClick={() => setOpen(true)}>
        {t('status.contact')}
      </button>
      <ConfirmDialog
        visible={open}
        title={t('status.contact')}
        showCancel={false}
        confirmText={t('common.close')}
        onConfirm={() => setOpen(false)}
        message={
          phones ? (
            <span className="oa-status__phones">
              <span>
                {t('status.phoneMainland')} <a href={`tel:${phones.mainland.replace(/\s/g, '')}`}>{phones.mainland}</a>
              </span>
              <span>
                {t('status.phoneHk')} <a href={`tel:${phones.hongKong.replace(/\s/g, '')}`}>{phones.hongKong}</a>
              </span>
            </span>
          ) : (
            t('common.loading')
          )
        }
      />
    </>
  );
}

/** The result pages' buttons: the page's own first, then home and the contact sheet. */
export function StatusActions({ children }: { children?: ReactNode }) {
  const t = useT();
  const goHome = useGoHome();
  return (
    <div className="oa-status__actions">
      {children}
      <button type="button" className="oa-status__btn oa-status__btn--plain" onClick={goHome}>
        {t('status.home')}
      </button>
      <ContactButton />
    </div>
  );
}

/**
 * "My account": the account home, once the application has opened an account; a secondary button when the page's
 * headline asks for something else first (the first deposit), so that the page has one main action.
 */
export function MyAccountButton({ opened, secondary = false }: { opened: boolean; secondary?: boolean }) {
  const t = useT();
  if (!opened) return null;
  return (
    <button type="button" className={`oa-status__btn oa-status__btn--${secondary ? 'plain' : 'primary'}`} onClick={() => window.location.assign(accountPageLink(ACCOUNT_ROUTE.home, window.location.search))}>
      {t('status.myAccount')}
    </button>
  );
}

/**
 * "Transfer in stocks": the stock transfer-in page (TRANSFER_IN_URL) for a mainland client whose account is open, as
 * the deposit bridge links it (in the app in a webview of its own).
 */
export function TransferInButton({ app }: { app: { clientType: string; clientInfo: { accts: readonly unknown[] } } }) {
  const t = useT();
  const { lang } = useLang();
  const config = useClientConfig();
  if (app.clientType !== 'cn' || app.clientInfo.accts.length === 0 || !config.data) return null;
  const url = transferInPageUrl(lang, 'openAccount', config.data.transferInUrl);
  const open = () => {
    if (bridge.isInApp()) void bridge.openPage(new URL(url, location.href).toString(), { title: t('transferIn.title') });
    else location.assign(url);
  };
  return (
    <button type="button" className="oa-status__btn oa-status__btn--plain" onClick={open}>
      {t('transferIn.title')}
    </button>
  );
}

/** Home: the app's own home (the webview closes) in the app, the member page in a browser. */
export function useGoHome(): () => void {
  const config = useClientConfig();
  return () => {
    if (bridge.isInApp()) void bridge.close().catch(() => undefined);
    else window.location.assign(config.data?.memberPageUrl ?? '/');
  };
}
