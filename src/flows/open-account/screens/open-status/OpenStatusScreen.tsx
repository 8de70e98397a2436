/**
 * /openStatus — the mainland applicant's result page (spec part 3 §2, §4 "Result screen"). The headline follows the
 * application's state (StatusHeadline, issue 25): under review (materials under review, or submitted for offline
 * sources; 1-2 working days, or the 65-75 margin notice), approved and waiting for the deposit, opened, sent back for
 * correction (the reviewer's reason, the steps to fix with their state, the supplement button: the first step still to
 * fix, /statement when that is the file step), failed. Once an account exists: the name and client id; the client
 * status 33 funds line; once submitted (and not sent back) the certificate of completion to download
 * (CertificateDownload, issue 41); the contact sheet and home.
 */
import { useNavigate } from 'react-router-dom';
import { RESULT_ROUTE, supplementRoute } from '@core/domain/after-submit';
import type { ApplicationView } from '@core/domain/contract';
import { accountStatusModel, fundsLineKey, statusHeadline } from '@core/domain/result';
import { APPLY_STATUS } from '@core/domain/status';
import { useLiveApplication } from '@core/api/live-status';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { CertificateDownload } from '../../components/status/CertificateDownload';
import { CorrectionSteps } from '../../components/status/CorrectionSteps';
import { CorrectionsReceived } from '../../components/status/CorrectionsReceived';
import { ReviewerReason } from '../../components/status/ReviewerReason';
import { StatusHeadline } from '../../components/status/StatusHeadline';
import { MyAccountButton, StatusActions, TransferInButton } from '../../components/status/StatusParts';

export default function OpenStatusScreen() {
  const t = useT();
  return <WithApplication title={t('openStatus.title')}>{(app) => <OpenStatusPage app={app} />}</WithApplication>;
}

function OpenStatusPage({ app }: { app: ApplicationView }) {
  // decisions of staff arrive while the page is open (issue 28)
  useLiveApplication();
  const t = useT();
  const navigate = useNavigate();
  const headline = statusHeadline(app);
  const opened = app.clientInfo.accts.length > 0;
  const funds = fundsLineKey(app);
  // the stock transfer-in of an opened client (its latest request), as the Hong Kong page's stock row
  const stockText = accountStatusModel(app).stockText;
  const correcting = headline.state === 'correction';
  const supplement = correcting ? supplementRoute(app) : null;
  const deposit = headline.state === 'awaitingDeposit' && headline.sub !== 'depositConfirming';
  const clientId = app.hlId ?? app.clientInfo.accts[0]?.subAcctId ?? null;
  // the professional-person verification (1500, mainland): the way back to /witness for an applicant who left it
  const verifying = app.clientType === 'cn' && app.applyStatus === APPLY_STATUS.AWAITING_DEPOSIT && !opened;
  return (
    <StepPage title={t('openStatus.title')}>
      <StatusHeadline app={app} />
      {headline.state === 'reviewing' ? <CorrectionsReceived app={app} /> : null}
      {opened && clientId ? <p className="oa-status__info">{t('openStatus.successNote', { name: app.name ?? '', id: clientId })}</p> : null}
      {correcting && app.rejectData ? <ReviewerReason rejectData={app.rejectData} /> : null}
      {correcting ? <CorrectionSteps app={app} /> : null}
      {verifying ? (
        <div className="oa-status__reason oa-status__todo" role="note" aria-label={t('witness.title')}>
          <strong>{t('witness.title')}</strong>
          {t('openStatus.verify')}
        </div>
      ) : null}
      {funds ? <p className="oa-status__info">{t(`openStatus.funds.${funds}`)}</p> : null}
      {stockText && opened ? (
        <p className="oa-status__info">
          {t('accountStatus.stock')}: {t(`accountStatus.text.${stockText}`)}
        </p>
      ) : null}
      <StatusActions>
        {verifying ? (
          <button type="button" className="oa-status__btn oa-status__btn--primary" onClick={() => navigate(RESULT_ROUTE.witness)}>
            {t('openStatus.verifyButton')}
          </button>
        ) : null}
        {deposit ? (
          <button type="button" className="oa-status__btn oa-status__btn--primary" onClick={() => navigate(RESULT_ROUTE.transitionGold)}>
            {t('openStatus.deposit')}
          </button>
        ) : null}
        <MyAccountButton opened={opened} secondary={!!deposit} />
        <TransferInButton app={app} />
        {supplement ? (
          <button type="button" className="oa-status__btn oa-status__btn--primary" onClick={() => navigate(supplement)}>
            {t('openStatus.supplement')}
          </button>
        ) : null}
        <CertificateDownload app={app} />
      </StatusActions>
    </StepPage>
  );
}
