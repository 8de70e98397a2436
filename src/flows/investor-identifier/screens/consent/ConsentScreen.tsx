/**
 * #/ — the HK investor identifier consent (HKIDR): why the broker asks (the BCAN and the identification data sent to
 * the exchange; without consent, selling only), what will be sent (the document number masked), the consent in the
 * page's language (its version; the personal data notice), the tick box and the signature. Once signed: the result.
 */
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { backToAccount } from '@core/app/account-page';
import { AccountPageGate } from '@core/app/account-page-gate';
import { hkIdentifierSign, useHkIdentifier } from '@core/api/hk-identifier';
import { isApiError } from '@core/api/api-error';
import { useApiErrorHandler } from '@core/api/errors';
import { queryKeys } from '@core/api/keys';
import { agreementPdfPath } from '@core/domain/closing';
import type { Res } from '@core/domain/contract';
import { ErrorCode, TOAST_MS } from '@core/domain/errors';
import { HK_IDENTIFIER_ROUTE, consentKeys, needsHkIdentifier } from '@core/domain/hk-identifier';
import { useT } from '@core/i18n';
import { useLang } from '@core/i18n/I18nProvider';
import { CheckboxRow } from '@core/ui/form';
import { PdfLink } from '@core/ui/PdfLink';
import { StepPage } from '@core/ui/StepPage';
import { AppBanner } from '@core/ui/AppBanner';
import { useCountryName } from '@core/ui/pickers/country-names';
import { toast } from '@core/ui/toast';

export default function ConsentScreen() {
  const t = useT();
  const location = useLocation();
  return (
    <AccountPageGate title={t('hkIdentifier.title')} useData={useHkIdentifier} lead={<ConsentLead />}>
      {(acct, info) =>
        needsHkIdentifier(info.needSignHKIdentifier) ? (
          <Consent sub={acct.subAcctId} info={info} />
        ) : (
          <Navigate to={`${HK_IDENTIFIER_ROUTE.result}${location.search}`} replace />
        )
      }
    </AccountPageGate>
  );
}

/** Why the identifier: the consent's top, shown at once (the page's HTML has it too) while the account's state loads. */
function ConsentLead() {
  const t = useT();
  return (
    <>
      <AppBanner />
      <section className="esop-page-card" aria-labelledby="hkid-why">
        <h2 id="hkid-why">{t('hkIdentifier.intro.title')}</h2>
        <p>{t('hkIdentifier.intro.p1')}</p>
        <p>{t('hkIdentifier.intro.p2')}</p>
      </section>
    </>
  );
}

function Consent({ sub, info }: { sub: string; info: Res<'hkIdentifierInfo'> }) {
  const t = useT();
  const { lang } = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const onError = useApiErrorHandler();
  const countryName = useCountryName();
  const [agreed, setAgreed] = useState(false);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = info.identification;

  const toResult = () => {
    void qc.invalidateQueries({ queryKey: queryKeys.user() });
    void qc.invalidateQueries({ queryKey: queryKeys.hkIdentifier(sub) });
    navigate(`${HK_IDENTIFIER_ROUTE.result}${location.search}`, { replace: true });
  };
  const onSign = async () => {
    setTried(true);
    if (!agreed || busy) return;
    setBusy(true);
    try {
      await hkIdentifierSign({ subAcctId: sub, version: info.consentVersion, lang, agreed: true });
      toast.show(t('hkIdentifier.consent.signed'), TOAST_MS);
      toResult();
    } catch (e) {
      if (isApiError(e, ErrorCode.HK_IDENTIFIER_SIGNED)) toResult();
      else if (isApiError(e, ErrorCode.CONSENT_VERSION)) {
        toast.show(t('hkIdentifier.consent.outdated'), TOAST_MS);
        void qc.invalidateQueries({ queryKey: queryKeys.hkIdentifier(sub) });
      } else onError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepPage title={t('hkIdentifier.title')} onBack={() => backToAccount(sub)} onNext={() => void onSign()} nextLabel={t('hkIdentifier.consent.sign')} nextLoading={busy}>
      <ConsentLead />
      <section className="esop-page-card" aria-labelledby="hkid-data">
        <h2 id="hkid-data">{t('hkIdentifier.data.title')}</h2>
        {id ? (
          <>
            <dl className="esop-page-dl">
              <dt>{t('hkIdentifier.data.englishName')}</dt>
              <dd>{id.englishName}</dd>
              {id.chineseName ? (
                <>
                  <dt>{t('hkIdentifier.data.chineseName')}</dt>
                  <dd>{id.chineseName}</dd>
                </>
              ) : null}
              <dt>{t('hkIdentifier.data.idType')}</dt>
              <dd>{t(`hkIdentifier.data.idTypes.${id.idType}`)}</dd>
              <dt>{t('hkIdentifier.data.idNumber')}</dt>
              <dd className="hkid__number">{id.idNumberMasked}</dd>
              <dt>{t('hkIdentifier.data.issuingCountry')}</dt>
              <dd>{countryName(id.issuingCountry)}</dd>
            </dl>
            <p className="esop-page-muted">{t('hkIdentifier.data.masked')}</p>
          </>
        ) : (
          <p>{t('hkIdentifier.data.onFile')}</p>
        )}
        <p className="esop-page-muted">{t('hkIdentifier.data.recipients')}</p>
      </section>
      <section className="esop-page-card hkid__consent" aria-labelledby="hkid-consent">
        <h2 id="hkid-consent">{t('hkIdentifier.consent.title')}</h2>
        <p className="esop-page-muted">{t('hkIdentifier.consent.version', { version: info.consentVersion })}</p>
        <ol className="hkid__paragraphs">
          {consentKeys().map((k) => (
            <li key={k}>{t(`hkIdentifier.consent.${k}`)}</li>
          ))}
        </ol>
        <PdfLink url={agreementPdfPath('personalDataNotice', lang)} title={t('hkIdentifier.consent.notice')} className="hkid__notice">
          {t('hkIdentifier.consent.notice')}
        </PdfLink>
      </section>
      <CheckboxRow name="agreed" checked={agreed} onChange={setAgreed} error={tried && !agreed ? t('rules.mustTick') : undefined}>
        {t('hkIdentifier.consent.agree')}
      </CheckboxRow>
    </StepPage>
  );
}
