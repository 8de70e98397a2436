/**
 * /assetTransferAgreement — the start of assetTransferAgreement.html (query applyId, authorType 1, pageFrom, langType):
 * the asset-transfer agreement's PDF in the page's language (pdf.js, loaded with this screen only), the box to agree
 * and the sign button (ApplyAssetTransferSign, authorType 1): the protocol status becomes 2 and the transfer-in page
 * opens in its place. Signed already: says so and leads to the transfer-in page. Back leaves the page (bridge).
 */
import { useCallback, useState } from 'react';
import { useProtocolStatus, useSignAssetTransfer } from '@core/api/closing';
import { useApiErrorHandler } from '@core/api/errors';
import { useClientConfig } from '@core/api/system';
import { bridge } from '@core/bridge/bridge';
import type { ApplicationView } from '@core/domain/contract';
import type { Rule } from '@core/domain/identity';
import { assetTransferPdfPath, assetTransferSignable, transferAgreementIssues, transferInPageUrl, type TransferAgreement } from '@core/domain/transfer-in';
import { useRuleForm } from '@core/form/use-rule-form';
import { readQueryParam } from '@core/app/query-param';
import { useLang, useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { PdfSheet } from '@core/ui/pdf/PdfSheet';
import { FooterButton } from '@core/ui/FooterButton';
import { CheckboxRow } from '@core/ui/form/CheckboxRow';
import { toast } from '@core/ui/toast';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { TransferLead } from './TransferLead';
import { StatusHeader } from '@core/app/flow-kit/StatusHeader';
import './transfer-in.css';


export default function AssetTransferAgreementScreen() {
  const t = useT();
  return (
    <WithApplication title={t('assetTransfer.title')} lead={<TransferLead intro={t('assetTransfer.intro')} />}>
      {(app) => <AgreementPage app={app} />}
    </WithApplication>
  );
}


const leave = () => void bridge.close().catch(() => undefined);
const NOT_AGREED: TransferAgreement = { agreed: false };

function AgreementPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const { lang } = useLang();
  const onApiError = useApiErrorHandler();
  const config = useClientConfig();
  const protocol = useProtocolStatus(app.appId);
  // the box to agree: the domain's rule, its own text (assetTransfer.mustTick)
  const mustTick = useCallback((rule: Rule) => (rule === 'mustTick' ? t('assetTransfer.mustTick') : undefined), [t]);
  const kit = useRuleForm({ initial: NOT_AGREED, validate: transferAgreementIssues, message: mustTick });
  const agreed = kit.bind('agreed', { touchOnChange: true });
  const [opened, setOpenedState] = useState(false);
  const [seen, setSeen] = useState(false);
  const setOpened = (v: boolean) => {
    setOpenedState(v);
    if (v) setSeen(true);
  };
  const signTransfer = useSignAssetTransfer();
  // still "signing" once signed: the page is being replaced by the transfer-in page
  const signing = signTransfer.isPending || signTransfer.isSuccess;
  const sub = app.clientInfo.accts[0]?.subAcctId ?? null;
  const state = protocol.data === undefined ? null : assetTransferSignable({ applyStatus: app.applyStatus, clientStatus: app.clientStatus, subAcctId: sub }, protocol.data);
  // the transfer-in page replaces this one: Back from it does not come back to a signed agreement
  const toTransferIn = () => window.location.replace(transferInPageUrl(lang, readQueryParam('pageFrom') ?? 'assetTransferAgreement', config.data?.transferInUrl));

  const sign = () => {
    // not ticked: the box is marked and focused, the toast says so
    if (signing || !kit.check()) return;
    signTransfer.mutate(app.appId, {
      onSuccess: () => {
        toast.show(t('assetTransfer.signedToast'));
        toTransferIn();
      },
      onError: onApiError,
    });
  };

  if (state === null) {
    return (
      <StepPage title={t('assetTransfer.title')} onBack={leave}>
        <TransferLead intro={t('assetTransfer.intro')} />
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

  // the agreement opens in the PDF sheet (pdf.js loads only then), as the agreements of /sign do: the page's first paint
  // is its text, and nothing moves while a document renders
  const pdf = (
    <>
      <ul className="esop-sign__list" aria-label={t('assetTransfer.title')}>
        <li>
          <button type="button" className="esop-sign__doc" onClick={() => setOpened(true)}>
            <svg className="esop-sign__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M6 2h8l5 5v15H6z M14 2v5h5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
            </svg>
            <span className="esop-sign__name">{t('assetTransfer.title')}</span>
            {seen ? <span className="esop-sign__seen">{t('sign.opened')}</span> : null}
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </li>
      </ul>
      {opened ? <PdfSheet url={assetTransferPdfPath(lang)} title={t('assetTransfer.title')} onClose={() => setOpened(false)} /> : null}
    </>
  );

  if (state === 'signed') {
    return (
      <StepPage title={t('assetTransfer.title')} onBack={leave} footer={<FooterButton onClick={toTransferIn}>{t('assetTransfer.toTransferIn')}</FooterButton>}>
        <TransferLead intro={t('assetTransfer.intro')} />
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
        <FooterButton onClick={sign} loading={signing}>
          {t('assetTransfer.sign')}
        </FooterButton>
      }
    >
      <TransferLead intro={t('assetTransfer.intro')} />
      <p className="oa-tin__read">{t('assetTransfer.readAll')}</p>
      {pdf}
      {/* in the page, under the document: the kit's toast shows above the footer and must not cover the box's reason */}
      <CheckboxRow name={agreed.name} checked={agreed.value} onChange={agreed.onChange} error={agreed.error}>
        {t('assetTransfer.agree')}
      </CheckboxRow>
    </StepPage>
  );
}
