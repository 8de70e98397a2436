/**
 * /transitionGold — the deposit bridge (spec part 3 §2, §4 "Deposit bridge"): where the application stands, the three
 * things to do (choose HKD, USD or offshore RMB; deposit into the broker's account; notify the broker), the minimum
 * single deposit of 10,000 HKD equivalent, the 1500 wording (submit, deposit or transfer stocks to finish), the deposit
 * button (the deposit currency page with pageFrom, name, langType and clientType: in the app through the bridge, a
 * normal link outside) and, for mainland clients, the stock transfer-in link.
 */
import { useNavigate } from 'react-router-dom';
import { useClientConfig } from '@core/api/system';
import { statusRouteOf } from '@core/domain/after-submit';
import { bridge } from '@core/bridge/bridge';
import { APPLY_STATUS } from '@core/domain/status';
import type { ApplicationView } from '@core/domain/contract';
import { MIN_DEPOSIT_HKD } from '@core/domain/result';
import { useLang, useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { StatusHeader, useGoHome } from '../../components/status/StatusParts';
import './transition-gold.css';

export default function TransitionGoldScreen() {
  const t = useT();
  return <WithApplication title={t('deposit.bridgeTitle')}>{(app) => <TransitionGoldPage app={app} />}</WithApplication>;
}

/** The deposit page's address with the query the spec gives (the page's own query keeps working with a hash route). */
export function depositUrl(base: string, app: ApplicationView, lang: string): string {
  const q = new URLSearchParams({ pageFrom: 'openAccount', name: app.name ?? '', langType: lang, clientType: app.clientType });
  const sub = app.clientInfo.accts[0]?.subAcctId;
  if (sub) q.set('sub', sub);
  const accountType = (app.data.SELECTACCOUNT as { accountType?: number } | undefined)?.accountType;
  if (accountType) q.set('accountType', String(accountType));
  const [path, hash] = base.split('#');
  const join = (p: string) => `${p}${p.includes('?') ? '&' : '?'}${q.toString()}`;
  return hash === undefined ? join(path) : `${path}#${join(hash)}`;
}

function TransitionGoldPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const { lang } = useLang();
  const config = useClientConfig();
  const goHome = useGoHome();
  const navigate = useNavigate();
  const awaiting = app.applyStatus === APPLY_STATUS.AWAITING_DEPOSIT;
  const open = (url: string, title: string) => {
    if (bridge.isInApp()) void bridge.openPage(new URL(url, location.href).toString(), { title });
    else location.assign(url);
  };
  const deposit = config.data ? depositUrl(config.data.depositPageUrl, app, lang) : null;
  return (
    <StepPage title={t('deposit.bridgeTitle')} onBack={() => navigate(statusRouteOf(app.clientType))}>
      <StatusHeader tone="progress" title={t(awaiting ? 'deposit.awaitingTitle' : 'deposit.bridgeHeading')}>
        <p className="oa-status__sub">{t(awaiting ? 'deposit.awaitingNote' : 'deposit.bridgeNote')}</p>
      </StatusHeader>
      <ol className="oa-gold__steps">
        <li>
          <strong>{t('deposit.step1')}</strong>
          <span>{t('deposit.step1Note')}</span>
        </li>
        <li>
          <strong>{t('deposit.step2')}</strong>
          <span>{t('deposit.step2Note', { min: MIN_DEPOSIT_HKD.toLocaleString('en-US') })}</span>
        </li>
        <li>
          <strong>{t('deposit.step3')}</strong>
          <span>{t('deposit.step3Note')}</span>
        </li>
      </ol>
      <div className="oa-status__actions">
        <button type="button" className="oa-status__btn oa-status__btn--primary" disabled={!deposit} onClick={() => deposit && open(deposit, t('deposit.title'))}>
          {t('deposit.depositButton')}
        </button>
        {app.clientType === 'cn' && config.data ? (
          <button
            type="button"
            className="oa-status__btn oa-status__btn--plain"
            onClick={() => open(`${config.data!.transferInUrl}?${new URLSearchParams({ pageFrom: 'openAccount', langType: lang })}`, t('deposit.transferIn'))}
          >
            {t('deposit.transferIn')}
          </button>
        ) : null}
        <button type="button" className="oa-status__link" onClick={goHome}>
          {t('status.home')}
        </button>
      </div>
    </StepPage>
  );
}
