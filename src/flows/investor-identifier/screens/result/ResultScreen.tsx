/**
 * #/result — the signed HK investor identifier consent: when (Hong Kong time), the client's BCAN, the version and how
 * it was signed, and what it means (orders carry the BCAN; keep the identity data current; withdrawing means selling
 * only). Not signed yet: the consent.
 */
import { Navigate, useLocation } from 'react-router-dom';
import { backToAccount } from '@core/app/account-page';
import { AccountPageGate } from '@core/app/account-page-gate';
import { useHkIdentifier } from '@core/api/hk-identifier';
import type { Res } from '@core/domain/contract';
import { HK_IDENTIFIER_ROUTE } from '@core/domain/hk-identifier';
import { useT } from '@core/i18n';
import { useLang } from '@core/i18n/I18nProvider';
import { StepPage } from '@core/ui/StepPage';
import { AppBanner } from '@core/ui/AppBanner';

export default function ResultScreen() {
  const t = useT();
  const location = useLocation();
  return (
    <AccountPageGate title={t('hkIdentifier.title')} useData={useHkIdentifier}>
      {(acct, info) =>
        info.consent ? <Result sub={acct.subAcctId} consent={info.consent} /> : <Navigate to={`${HK_IDENTIFIER_ROUTE.consent}${location.search}`} replace />
      }
    </AccountPageGate>
  );
}

function Result({ sub, consent }: { sub: string; consent: NonNullable<Res<'hkIdentifierInfo'>['consent']> }) {
  const t = useT();
  const { lang } = useLang();
  const title = t('hkIdentifier.title');
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'Asia/Hong_Kong' }).format(new Date(consent.signedAt));
  return (
    <StepPage
      title={title}
      onBack={() => backToAccount(sub)}
      footer={
        <button type="button" className="esop-page-button" onClick={() => backToAccount(sub)}>
          {t('hkIdentifier.back')}
        </button>
      }
    >
      <AppBanner />
      <section className="esop-page-card hkid__done" aria-labelledby="hkid-done">
        <span className="hkid__tick" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h2 id="hkid-done">{t('hkIdentifier.result.title')}</h2>
        <p>{t('hkIdentifier.result.signedOn', { date })}</p>
        <dl className="esop-page-dl">
          <dt>{t('hkIdentifier.result.bcan')}</dt>
          <dd className="hkid__number">{consent.bcan}</dd>
          <dt>{t('hkIdentifier.result.version')}</dt>
          <dd>{consent.version}</dd>
          <dt>{t('hkIdentifier.result.channel')}</dt>
          <dd>{t(`hkIdentifier.result.channels.${consent.channel}`)}</dd>
        </dl>
      </section>
      <section className="esop-page-card" aria-labelledby="hkid-means">
        <h2 id="hkid-means">{t('hkIdentifier.result.whatTitle')}</h2>
        <p>{t('hkIdentifier.result.what1')}</p>
        <p>{t('hkIdentifier.result.what2')}</p>
        <p>{t('hkIdentifier.result.what3')}</p>
      </section>
    </StepPage>
  );
}
