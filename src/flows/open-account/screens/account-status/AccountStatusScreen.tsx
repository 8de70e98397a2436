/**
 * /AccountStatus — the Hong Kong applicant's status page (spec part 3 §2, §4 "HK account status page"): the open
 * status (under review, needs correction, approved) and the deposit status from cashInStatus, the stock transfer when
 * there is one, the reviewer's reason when the application was sent back; buttons to edit the returned details,
 * continue the deposit, and go home.
 */
import { useNavigate } from 'react-router-dom';
import { supplementRoute, RESULT_ROUTE } from '@core/domain/after-submit';
import type { ApplicationView } from '@core/domain/contract';
import { accountStatusModel, type AccountStatusText } from '@core/domain/result';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { WithApplication } from '../../components/WithApplication';
import { MyAccountButton, StatusActions, StatusHeader, StatusRow, type Tone } from '../../components/status/StatusParts';

export default function AccountStatusScreen() {
  const t = useT();
  return <WithApplication title={t('accountStatus.title')}>{(app) => <AccountStatusPage app={app} />}</WithApplication>;
}

const toneOf = (text: AccountStatusText): Tone =>
  ['openSuccess', 'reviewPassed', 'deposited', 'transferred'].includes(text) ? 'success' : ['pendingUpdate', 'depositException', 'transferFailed'].includes(text) ? 'failure' : 'progress';

function AccountStatusPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const navigate = useNavigate();
  const m = accountStatusModel(app);
  const edit = m.canEdit ? supplementRoute(app) : null;
  return (
    <StepPage title={t('accountStatus.title')}>
      <StatusHeader tone={m.title} title={t(`accountStatus.heading.${m.title}`)}>
        <p className="oa-status__sub">{t(`accountStatus.sub.${m.title}`)}</p>
      </StatusHeader>
      {app.rejectData?.message && m.canEdit ? (
        <div className="oa-status__reason" role="note" aria-label={t('status.reason')}>
          <strong>{t('status.reason')}</strong>
          {app.rejectData.message}
        </div>
      ) : null}
      <dl className="oa-status__card">
        <StatusRow label={t('accountStatus.open')} value={t(`accountStatus.text.${m.openText}`)} tone={toneOf(m.openText)} />
        {m.depositText ? <StatusRow label={t('accountStatus.deposit')} value={t(`accountStatus.text.${m.depositText}`)} tone={toneOf(m.depositText)} /> : null}
        {m.stockText ? <StatusRow label={t('accountStatus.stock')} value={t(`accountStatus.text.${m.stockText}`)} tone={toneOf(m.stockText)} /> : null}
      </dl>
      <StatusActions>
        <MyAccountButton opened={app.clientInfo.accts.length > 0} />
        {edit ? (
          <button type="button" className="oa-status__btn oa-status__btn--primary" onClick={() => navigate(edit)}>
            {t('accountStatus.edit')}
          </button>
        ) : null}
        {m.canDeposit ? (
          <button type="button" className="oa-status__btn oa-status__btn--primary" onClick={() => navigate(RESULT_ROUTE.transitionGold)}>
            {t('accountStatus.continueDeposit')}
          </button>
        ) : null}
      </StatusActions>
    </StepPage>
  );
}
