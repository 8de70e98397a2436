/**
 * #/ — the HK investor identifier consent (HKIDR): why the broker asks (the BCAN and the identification data sent to
 * the exchange; without consent, selling only), what will be sent (the document number masked), the consent in the
 * page's language (its version; the personal data notice), the tick box and the signature. Once signed: the result.
 */
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { backToAccount } from '@core/app/account-page';
import { AccountPageGate } from '@core/app/account-page-gate';
import { useHkIdentifier, useHkIdentifierSign } from '@core/api/hk-identifier';
import { isApiError } from '@core/api/api-error';
import { useApiErrorHandler } from '@core/api/errors';
import { agreementPdfPath } from '@core/domain/closing';
import type { Res } from '@core/domain/contract';
import { ErrorCode, TOAST_MS } from '@core/domain/errors';
import { HK_IDENTIFIER_ROUTE, consentIssues, consentKeys, needsHkIdentifier } from '@core/domain/hk-identifier';
import { useRuleForm } from '@core/form/use-rule-form';
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

const NOT_AGREED = { agreed: false };

function Consent({ sub, info }: { sub: string; info: Res<'hkIdentifierInfo'> }) {
  const t = useT();
  const { lang } = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const onError = useApiErrorHandler();
  const countryName = useCountryName();
  const kit = useRuleForm({ initial: NOT_AGREED, validate: consentIssues });
  const agreed = kit.bind('agreed', { touchOnChange: true });
  const sign = useHkIdentifierSign();
  const busy = sign.isPending;
  const id = info.identification;

  const toResult = () => navigate(`${HK_IDENTIFIER_ROUTE.result}${location.search}`, { replace: true });
  const onSign = () => {
    if (busy || !kit.check()) return;
    sign.mutate(
      { subAcctId: sub, version: info.consentVersion, lang, agreed: true },
      {
        onSuccess: () => {
          toast.show(t('hkIdentifier.consent.signed'), TOAST_MS);
          toResult();
        },
        onError: (e) => {
          if (isApiError(e, ErrorCode.HK_IDENTIFIER_SIGNED)) toResult();
          else if (isApiError(e, ErrorCode.CONSENT_VERSION)) toast.show(t('hkIdentifier.consent.outdated'), TOAST_MS);
          else onError(e);
        },
      },
    );
  };

  return (
    <StepPage title={t('hkIdentifier.title')} onBack={() => backToAccount(sub)} onNext={onSign} nextLabel={t('hkIdentifier.consent.sign')} nextLoading={busy}>
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
      <CheckboxRow name={agreed.name} checked={agreed.value} onChange={agreed.onChange} error={agreed.error}>
        {t('hkIdentifier.consent.agree')}
      </CheckboxRow>
    </StepPage>
  );
}
