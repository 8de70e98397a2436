/**
 * /openStatus — the mainland applicant's result page (spec part 3 §2, §4 "Result screen"): approving (materials under
 * review, or submitted for offline sources; 1-2 working days, or the 65-75 margin notice), rejected (the reviewer's
 * reason and the supplement button: the first returned step, /statement when that is the file step) or success (the
 * name and client id); the client status 33 funds line; the contact sheet and home.
 */
import { useNavigate } from 'react-router-dom';
import { supplementRoute } from '@core/domain/after-submit';
import type { ApplicationView } from '@core/domain/contract';
import { todayInHongKong } from '@core/domain/identity';
import { applicantAge } from '@core/domain/profile';
import { accountStatusModel, approvingNoteKey, approvingTitleKey, fundsLineKey, openStatusView } from '@core/domain/result';
import { stepContextOfApp } from '@core/domain/step-rules/types';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { WithApplication } from '../../components/WithApplication';
import { MyAccountButton, StatusActions, StatusHeader, TransferInButton } from '../../components/status/StatusParts';

export default function OpenStatusScreen() {
  const t = useT();
  return <WithApplication title={t('openStatus.title')}>{(app) => <OpenStatusPage app={app} />}</WithApplication>;
}

function OpenStatusPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const navigate = useNavigate();
  const view = openStatusView(app);
  const ctx = stepContextOfApp(app, todayInHongKong());
  const accountType = (app.data.SELECTACCOUNT as { accountType?: unknown } | undefined)?.accountType;
  const funds = fundsLineKey(app);
  // the stock transfer-in of an opened client (its latest request), as the Hong Kong page's stock row
  const stockText = accountStatusModel(app).stockText;
  const supplement = view === 'rejected' ? supplementRoute(app) : null;
  const clientId = app.hlId ?? app.clientInfo.accts[0]?.subAcctId ?? null;
  return (
    <StepPage title={t('openStatus.title')}>
      {view === 'approving' ? (
        <StatusHeader tone="progress" title={t(`openStatus.approving.${approvingTitleKey(app.fromPage)}`)}>
          <p className="oa-status__sub">{t(`openStatus.note.${approvingNoteKey(accountType, applicantAge(ctx))}`)}</p>
        </StatusHeader>
      ) : view === 'success' ? (
        <StatusHeader tone="success" title={t('openStatus.success')}>
          <p className="oa-status__sub">{t('openStatus.successNote', { name: app.name ?? '', id: clientId ?? '' })}</p>
        </StatusHeader>
      ) : (
        <StatusHeader tone="failure" title={t('openStatus.rejected')}>
          <p className="oa-status__sub">{t('openStatus.rejectedNote')}</p>
        </StatusHeader>
      )}
      {view === 'rejected' && app.rejectData?.message ? (
        <div className="oa-status__reason" role="note" aria-label={t('status.reason')}>
          <strong>{t('status.reason')}</strong>
          {app.rejectData.message}
        </div>
      ) : null}
      {funds ? <p className="oa-status__info">{t(`openStatus.funds.${funds}`)}</p> : null}
      {stockText && view === 'success' ? (
        <p className="oa-status__info">
          {t('accountStatus.stock')}: {t(`accountStatus.text.${stockText}`)}
        </p>
      ) : null}
      <StatusActions>
        <MyAccountButton opened={app.clientInfo.accts.length > 0} />
        <TransferInButton app={app} />
        {supplement ? (
          <button type="button" className="oa-status__btn oa-status__btn--primary" onClick={() => navigate(supplement)}>
            {t('openStatus.supplement')}
          </button>
        ) : null}
      </StatusActions>
    </StepPage>
  );
}
