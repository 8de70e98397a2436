/**
 * /autoExchange — automatic currency exchange of a cash account (spec part 3 §2, §4 "Automatic currency exchange"):
 * the switch, with the terms to tick before switching on and a confirmation before switching off; toasts tips15 (on),
 * tips14 (off), tips16 (no result). Query: `sub` (the sub-account; else the user's first cash account) and `needBack`
 * (1: the page closes through the bridge after a change, as the app opens it from its own screens).
 */
import { useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useHlInfo } from '@core/api/accounts';
import { useAutoExchange, useChangeAutoExchange } from '@core/api/exchange';
import { useApiErrorHandler } from '@core/api/errors';
import { useFreshUserInfo } from '@core/api/auth';
import { bridge } from '@core/bridge/bridge';
import { ACCOUNT_ROUTE, AUTO_EXCHANGE_STATUS, NEED_BACK, accountOf, autoExchangeStep, autoExchangeToast, isCashAccount, type AutoExchangeAction } from '@core/domain/account';
import { useT } from '@core/i18n';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import { StepPage } from '@core/ui/StepPage';
import { useToast } from '@core/ui/toast';
import { RouteSkeleton } from '@core/app/flow-kit/RouteSkeleton';
import './auto-exchange.css';

const TERMS = ['rate', 'when', 'shortfall', 'change'] as const;

export default function AutoExchangeScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const user = useFreshUserInfo();
  const acct = user.data ? accountOf(user.data.clientInfo.accts, params.get('sub'), 'cash') : undefined;
  const hl = useHlInfo(acct && isCashAccount(acct.acctType) ? acct.subAcctId : undefined);
  const state = useAutoExchange(acct && isCashAccount(acct.acctType) ? acct.subAcctId : undefined);
  const title = t('autoExchange.title');
  if (!user.fresh || (acct && isCashAccount(acct.acctType) && (hl.isPending || state.isPending))) {
    return (
      <StepPage title={title}>
        <RouteSkeleton />
      </StepPage>
    );
  }
  if (!acct || !isCashAccount(acct.acctType)) {
    return (
      <StepPage title={title}>
        <p className="oa-ax__notice" role="note">
          {t(acct ? 'autoExchange.notCash' : 'autoExchange.noAccount')}
        </p>
      </StepPage>
    );
  }
  if (!hl.data || !state.data) {
    return (
      <StepPage title={title}>
        <p className="oa-ax__notice" role="alert">
          {t('autoExchange.loadFailed')}
        </p>
        <button type="button" className="oa-ax__retry" onClick={() => void Promise.all([hl.refetch(), state.refetch()])}>
          {t('common.retry')}
        </button>
      </StepPage>
    );
  }
  return (
    <AutoExchangeSwitch
      subAcctId={acct.subAcctId}
      ids={{ clientId: hl.data.cltId, uin: hl.data.uin, accountId: hl.data.acctId }}
      on={state.data.status === AUTO_EXCHANGE_STATUS.ON}
      needBack={params.get('needBack') === NEED_BACK}
    />
  );
}

function AutoExchangeSwitch({ subAcctId, ids, on, needBack }: { subAcctId: string; ids: { clientId: string; uin: string; accountId: string }; on: boolean; needBack: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const toast = useToast();
  const onError = useApiErrorHandler();
  const id = useId();
  const agreeBox = useRef<HTMLInputElement>(null);
  const [agreed, setAgreed] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const change = useChangeAutoExchange(subAcctId);
  const busy = change.isPending;

  const send = (action: AutoExchangeAction) =>
    change.mutate(
      { ...ids, subAccountId: subAcctId, action },
      {
        onSuccess: (res) => {
          const key = autoExchangeToast(action, res?.status);
          toast.show(t(`autoExchange.${key}`));
          if (key === 'tips16') return;
          setConfirming(false);
          if (needBack) void bridge.close().catch(() => undefined);
        },
        onError,
      },
    );

  const tap = () => {
    const step = autoExchangeStep(on, { agreed });
    if (step.kind === 'confirmOff') setConfirming(true);
    else if (step.kind === 'needAgreement') {
      toast.show(t('autoExchange.agreeFirst'));
      agreeBox.current?.focus();
    } else send(step.action);
  };

  return (
    <StepPage title={t('autoExchange.title')} onBack={needBack ? () => void bridge.close().catch(() => undefined) : () => navigate(`${ACCOUNT_ROUTE.home}?sub=${encodeURIComponent(subAcctId)}`)}>
      <section className="oa-ax__card">
        <div className="oa-ax__row">
          <span className="oa-ax__label" id={`${id}-label`}>
            {t('autoExchange.switch')}
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-state`}
            className="oa-ax__switch"
            data-on={on ? 'true' : 'false'}
            disabled={busy}
            onClick={tap}
          >
            <span className="oa-ax__knob" aria-hidden="true" />
          </button>
        </div>
        <p className="oa-ax__state" id={`${id}-state`}>
          {t(on ? 'autoExchange.stateOn' : 'autoExchange.stateOff')}
        </p>
        <p className="oa-ax__intro">{t('autoExchange.intro')}</p>
        <Link className="oa-ax__link" to={`${ACCOUNT_ROUTE.autoExchangeDetails}?sub=${encodeURIComponent(subAcctId)}`}>
          {t('autoExchange.howItWorks')}
        </Link>
      </section>
      {on ? null : (
        <section className="oa-ax__terms" aria-labelledby={`${id}-terms`}>
          <h2 className="oa-ax__terms-title" id={`${id}-terms`}>
            {t('autoExchange.termsTitle')}
          </h2>
          <ol className="oa-ax__clauses">
            {TERMS.map((k) => (
              <li key={k}>{t(`autoExchange.terms.${k}`)}</li>
            ))}
          </ol>
          <label className="oa-ax__agree">
            <input ref={agreeBox} type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
            <span>{t('autoExchange.agree')}</span>
          </label>
        </section>
      )}
      <ConfirmDialog
        visible={confirming}
        title={t('autoExchange.confirmOffTitle')}
        message={t('autoExchange.confirmOffMessage')}
        confirmText={t('autoExchange.confirmOff')}
        confirmLoading={busy}
        onConfirm={() => {
          const step = autoExchangeStep(true, { agreed, confirmed: true });
          if (step.kind === 'send') void send(step.action);
        }}
        onCancel={() => setConfirming(false)}
      />
    </StepPage>
  );
}
