/**
 * /AccountStatus — the Hong Kong applicant's status page (spec part 3 §2, §4 "HK account status page"), where a
 * returning client lands too: the headline from the application's state (StatusHeadline, issue 25), the open status
 * (under review, needs correction, approved) and the deposit status from cashInStatus, the stock transfer when there is
 * one; when sent back, the reviewer's reason and the steps to fix with their state; buttons to edit the returned
 * details (the first step still to fix), continue the deposit, and go home; once submitted (and not sent back), the
 * certificate of completion to download (CertificateDownload, issue 41).
 */
import { useNavigate } from 'react-router-dom';
import { supplementRoute, RESULT_ROUTE } from '@core/domain/after-submit';
import type { ApplicationView } from '@core/domain/contract';
import { accountStatusModel, statusHeadline, type AccountStatusText } from '@core/domain/result';
import { useLiveApplication } from '@core/api/live-status';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { CertificateDownload } from '../../components/status/CertificateDownload';
import { CorrectionSteps } from '../../components/status/CorrectionSteps';
import { CorrectionsReceived } from '../../components/status/CorrectionsReceived';
import { ReviewerReason } from '../../components/status/ReviewerReason';
import { StatusHeadline } from '../../components/status/StatusHeadline';
import { MyAccountButton, StatusActions, StatusRow, type Tone } from '../../components/status/StatusParts';

export default function AccountStatusScreen() {
  const t = useT();
  return <WithApplication title={t('accountStatus.title')}>{(app) => <AccountStatusPage app={app} />}</WithApplication>;
}

const toneOf = (text: AccountStatusText): Tone =>
  ['openSuccess', 'reviewPassed', 'deposited', 'transferred'].includes(text) ? 'success' : ['pendingUpdate', 'closed', 'depositException', 'transferFailed'].includes(text) ? 'failure' : 'progress';

function AccountStatusPage({ app }: { app: ApplicationView }) {
  // decisions of staff arrive while the page is open (issue 28)
  useLiveApplication();
  const t = useT();
  const navigate = useNavigate();
  const m = accountStatusModel(app);
  const edit = m.canEdit ? supplementRoute(app) : null;
  // once opened: the numbers the client needs (to deposit, to call us), as the mainland page shows the client id
  const account = app.clientInfo.accts[0]?.subAcctId ?? null;
  const opened = !!account;
  const clientId = app.hlId;
  return (
    <StepPage title={t('accountStatus.title')}>
      <StatusHeadline app={app} />
      {statusHeadline(app).state === 'reviewing' ? <CorrectionsReceived app={app} /> : null}
      {m.canEdit && app.rejectData ? <ReviewerReason rejectData={app.rejectData} /> : null}
      {m.canEdit ? <CorrectionSteps app={app} /> : null}
      {opened && app.name ? <p className="oa-status__info">{t('accountStatus.welcome', { name: app.name })}</p> : null}
      <dl className="oa-status__card">
        {opened && clientId ? <StatusRow label={t('accountStatus.clientId')} value={clientId} tone="plain" /> : null}
        {opened && account ? <StatusRow label={t('accountStatus.accountNumber')} value={account} tone="plain" /> : null}
        <StatusRow label={t('accountStatus.open')} value={t(`accountStatus.text.${m.openText}`)} tone={toneOf(m.openText)} />
        {m.depositText ? <StatusRow label={t('accountStatus.deposit')} value={t(`accountStatus.text.${m.depositText}`)} tone={toneOf(m.depositText)} /> : null}
        {m.stockText ? <StatusRow label={t('accountStatus.stock')} value={t(`accountStatus.text.${m.stockText}`)} tone={toneOf(m.stockText)} /> : null}
      </dl>
      <StatusActions>
        {m.canDeposit ? (
          <button type="button" className="oa-status__btn oa-status__btn--primary" onClick={() => navigate(RESULT_ROUTE.transitionGold)}>
            {t('accountStatus.continueDeposit')}
          </button>
        ) : null}
        <MyAccountButton opened={opened} secondary={m.canDeposit} />
        {edit ? (
          <button type="button" className="oa-status__btn oa-status__btn--primary" onClick={() => navigate(edit)}>
            {t('accountStatus.edit')}
          </button>
        ) : null}
        <CertificateDownload app={app} />
      </StatusActions>
    </StepPage>
  );
}
