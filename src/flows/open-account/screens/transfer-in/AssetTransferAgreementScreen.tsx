/**
 * /assetTransferAgreement — the start of assetTransferAgreement.html (query applyId, authorType 1, pageFrom, langType):
 * the asset-transfer agreement's PDF in the page's language (pdf.js, loaded with this screen only), the box to agree
 * and the sign button (ApplyAssetTransferSign, authorType 1): the protocol status becomes 2 and the transfer-in page
 * opens in its place. Signed already: says so and leads to the transfer-in page. Back leaves the page (bridge).
 */
import { Suspense, lazy, useState } from 'react';
import { signAssetTransfer, useProtocolStatus } from '@core/api/closing';
import { useApiErrorHandler } from '@core/api/errors';
import { useClientConfig } from '@core/api/client-config';
import { bridge } from '@core/bridge/bridge';
import type { ApplicationView } from '@core/domain/contract';
import { assetTransferPdfPath, assetTransferSignable, transferInPageUrl } from '@core/domain/transfer-in';
import { readQueryParam } from '@core/i18n/lang';
import { useLang, useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { AppBanner } from '@core/ui/AppBanner';
import { FooterButton } from '@core/ui/FooterButton';
import { CheckboxRow } from '@core/ui/form/CheckboxRow';
import { toast } from '@core/ui/toast';
import { WithApplication } from '../../components/WithApplication';
import { StatusHeader } from '../../components/status/StatusParts';
import './transfer-in.css';

const PdfPages = lazy(() => import('@core/ui/pdf/PdfPages'));

export default function AssetTransferAgreementScreen() {
  const t = useT();
  return <WithApplication title={t('assetTransfer.title')}>{(app) => <AgreementPage app={app} />}</WithApplication>;
}

const leave = () => void bridge.close().catch(() => undefined);

function AgreementPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const { lang } = useLang();
  const onApiError = useApiErrorHandler();
  const config = useClientConfig();
  const protocol = useProtocolStatus(app.appId);
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState(false);
  const [signing, setSigning] = useState(false);
  const sub = app.clientInfo.accts[0]?.subAcctId ?? null;
  const state = protocol.data === undefined ? null : assetTransferSignable({ applyStatus: app.applyStatus, clientStatus: app.clientStatus, subAcctId: sub }, protocol.data);
  // the transfer-in page replaces this one: Back from it does not come back to a signed agreement
  const toTransferIn = () => window.location.replace(transferInPageUrl(lang, readQueryParam('pageFrom') ?? 'assetTransferAgreement', config.data?.transferInUrl));

  const sign = async () => {
    if (!agreed) {
      setAgreeError(true);
      toast.show(t('assetTransfer.mustTick'));
      return;
    }
    if (signing) return;
    setSigning(true);
    try {
      await signAssetTransfer(app.appId);
      toast.show(t('assetTransfer.signedToast'));
      toTransferIn();
    } catch (e) {
      onApiError(e);
      setSigning(false);
    }
  };

  if (state === null) {
    return (
      <StepPage title={t('assetTransfer.title')} onBack={leave}>
        <p className="oa-step-loading">{protocol.isError ? t('errors.NETWORK') : t('common.loading')}</p>
      </StepPage>
    );
  }
  if (state === 'notOffered' || state === 'closed') {
    return (
      <StepPage title={t('assetTransfer.title')} onBack={leave} footer={<FooterButton onClick={leave}>{t('transferIn.back')}</FooterButton>}>
        <p className="oa-tin__notice" role="note">
          {t(`assetTransfer.${state}`)}
        </p>
      </StepPage>
    );
  }

  const pdf = (
    <section className="oa-tin__pdf" aria-label={t('assetTransfer.title')}>
      <Suspense fallback={<p className="oa-step-loading">{t('common.loading')}</p>}>
        <PdfPages
          url={assetTransferPdfPath(lang)}
          loading={t('common.loading')}
          pageLabel={(n, total) => t('pdf.page', { n, total })}
          onError={(kind) => toast.show(t(kind === 'missing' ? 'pdf.missing' : 'pdf.failed'))}
        />
      </Suspense>
    </section>
  );

  if (state === 'signed') {
    return (
      <StepPage title={t('assetTransfer.title')} onBack={leave} footer={<FooterButton onClick={toTransferIn}>{t('assetTransfer.toTransferIn')}</FooterButton>}>
        <StatusHeader tone="success" title={t('assetTransfer.signed')} />
        {pdf}
      </StepPage>
    );
  }

  return (
    <StepPage
      title={t('assetTransfer.title')}
      onBack={leave}
      footer={
        <div className="oa-tin__sign">
          <CheckboxRow
            name="agree"
            checked={agreed}
            onChange={(v) => {
              setAgreed(v);
              if (v) setAgreeError(false);
            }}
            error={agreeError ? t('assetTransfer.mustTick') : undefined}
          >
            {t('assetTransfer.agree')}
          </CheckboxRow>
          <FooterButton onClick={() => void sign()} loading={signing}>
            {t('assetTransfer.sign')}
          </FooterButton>
        </div>
      }
    >
      <AppBanner />
      <p className="oa-tin__intro">{t('assetTransfer.intro')}</p>
      {pdf}
    </StepPage>
  );
}
