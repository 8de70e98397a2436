/**
 * /tradePassword — the trading password before editing account information (spec part 3 §4: "editing account info
 * needs the trading password first"). Query: `sub` (the account) and `next` (where to go once verified, a route of
 * this page). The first time it sets one (twice, 6 digits, the domain's rule); later it asks for it, showing the tries
 * left and the lock; in the app the app's own check can be used instead (its ticket goes to the service). Setting the
 * first one needs a recent login (domain isRecentLogin): the status says so before anything is typed (loginNeeded),
 * and the applicant logs in again (/login?again=1, the phone filled in) and comes back here.
 */
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTradePasswordSet, useTradePasswordStatus, useTradePasswordVerify } from '@core/api/trade-password';
import { ApiError } from '@core/api/api-error';
import { useApiErrorHandler } from '@core/api/errors';
import { useFreshUserInfo } from '@core/api/auth';
import { bridge } from '@core/bridge/bridge';
import { ACCOUNT_ROUTE, accountOf } from '@core/domain/account';
import { safeReturnPath } from '@core/domain/auth';
import { TRADE_PASSWORD_LENGTH, UPDATE_ROUTE, checkTradePassword } from '@core/domain/account-update';
import { ErrorCode } from '@core/domain/errors';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { RouteSkeleton } from '@core/app/flow-kit/RouteSkeleton';
import './account-update.css';

/** `next` only when it is a route of this page (never an address elsewhere: domain safeReturnPath). */
export function safeNext(next: string | null, sub: string): string {
  return safeReturnPath(next, `${UPDATE_ROUTE.accountInfo}?sub=${encodeURIComponent(sub)}`);
}

export default function TradePasswordScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const user = useFreshUserInfo();
  const sub = (user.data ? accountOf(user.data.clientInfo.accts, params.get('sub')) : undefined)?.subAcctId ?? '';
  const status = useTradePasswordStatus(sub || undefined);
  const title = t('accountUpdate.password.title');
  if (!user.fresh) {
    return (
      <StepPage title={title}>
        <RouteSkeleton />
      </StepPage>
    );
  }
  if (!sub) {
    return (
      <StepPage title={title}>
        <p className="oa-upd__notice" role="note">
          {t('autoExchange.noAccount')}
        </p>
      </StepPage>
    );
  }
  // decided from an answer read on this visit: one cached before a login again would ask for that login once more
  if (status.isPending || (!status.isFetchedAfterMount && !status.isError)) {
    return (
      <StepPage title={title}>
        <RouteSkeleton />
      </StepPage>
    );
  }
  return (
    <PasswordForm
      sub={sub}
      next={safeNext(params.get('next'), sub)}
      set={status.data?.set ?? true}
      lockedUntil={status.data?.lockedUntil ?? null}
      loginNeeded={!!status.data && !status.data.set && status.data.loginNeeded}
    />
  );
}

function PasswordForm({ sub, next, set, lockedUntil, loginNeeded }: { sub: string; next: string; set: boolean; lockedUntil: string | null; loginNeeded: boolean }) {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const here = useLocation();
  const onError = useApiErrorHandler();
  const [pw, setPw] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [lockedNow, setLocked] = useState<string | null>(null);
  const locked = lockedNow ?? lockedUntil;
  const verify = useTradePasswordVerify();
  const setPassword = useTradePasswordSet();
  const busy = verify.isPending || setPassword.isPending;
  // asked before the password is typed (the status, read again after every login), or by a login that grew old
  // while typing (152009); derived, never copied from the first answer, so a login again shows the form at once
  const [loginGrewOld, setRelogin] = useState(false);
  const relogin = loginNeeded || loginGrewOld;
  const loginAgain = () => navigate(`/login?again=1&redirect=${encodeURIComponent(`${here.pathname}${here.search}`)}`);
  const minutesLeft = (until: string) => Math.max(1, Math.ceil((new Date(until).getTime() - Date.now()) / 60_000));

  const done = () => navigate(next, { replace: true });
  const refused = (e: unknown) => {
    if (e instanceof ApiError && e.code === ErrorCode.TRADE_PASSWORD_WRONG) {
      setError(t('accountUpdate.password.wrong', { left: Number((e.data as { triesLeft?: number })?.triesLeft ?? 0) }));
    } else if (e instanceof ApiError && e.code === ErrorCode.RECENT_LOGIN_NEEDED) {
      setRelogin(true);
    } else if (e instanceof ApiError && e.code === ErrorCode.TRADE_PASSWORD_LOCKED) {
      const s = Number((e.data as { retryAfterSeconds?: number })?.retryAfterSeconds ?? 1800);
      setLocked(new Date(Date.now() + s * 1000).toISOString());
    } else onError(e);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const rule = checkTradePassword(pw);
    if (rule) return setError(t(`rules.${rule}`));
    if (!set && pw !== again) return setError(t('accountUpdate.password.mismatch'));
    (set ? verify : setPassword).mutate(
      { subAcctId: sub, password: pw },
      {
        onSuccess: done,
        onError: (err) => {
          setPw('');
          setAgain('');
          refused(err);
        },
      },
    );
  };

  const inApp = async () => {
    const r = await bridge.tradePassword().catch((err: unknown) => {
      refused(err);
      return null;
    });
    if (!r?.verified || !r.ticket) return;
    verify.mutate({ subAcctId: sub, ticket: r.ticket }, { onSuccess: done, onError: refused });
  };

  const field = (name: 'pw' | 'again', label: string, value: string, onValue: (v: string) => void) => (
    <div className="oa-upd__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="password"
        inputMode="numeric"
        autoComplete={name === 'pw' && !set ? 'new-password' : 'current-password'}
        maxLength={TRADE_PASSWORD_LENGTH}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          onValue(e.target.value.replace(/\D/g, ''));
          setError(null);
        }}
      />
    </div>
  );

  return (
    <StepPage title={t(set ? 'accountUpdate.password.title' : 'accountUpdate.password.setTitle')} onBack={() => navigate(`${ACCOUNT_ROUTE.home}?sub=${encodeURIComponent(sub)}`)}>
      {relogin ? (
        <div className="oa-upd__card">
          <p className="oa-upd__intro" role="alert">
            {t('errors.152009')}
          </p>
          <button type="button" className="oa-upd__primary" onClick={loginAgain}>
            {t('accountUpdate.password.loginAgain')}
          </button>
        </div>
      ) : locked && new Date(locked).getTime() > Date.now() ? (
        <p className="oa-upd__notice" role="alert">
          {t('accountUpdate.password.locked', { minutes: minutesLeft(locked) })}
        </p>
      ) : (
        <form className="oa-upd__card" onSubmit={(e) => void submit(e)} noValidate>
          <p className="oa-upd__intro">{t(set ? 'accountUpdate.password.intro' : 'accountUpdate.password.setIntro')}</p>
          {field('pw', t(set ? 'accountUpdate.password.label' : 'accountUpdate.password.newLabel'), pw, setPw)}
          {set ? null : field('again', t('accountUpdate.password.againLabel'), again, setAgain)}
          {error ? (
            <p className="oa-upd__error" id={`${id}-error`} role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="oa-upd__primary" disabled={busy}>
            {t(set ? 'accountUpdate.password.verify' : 'accountUpdate.password.set')}
          </button>
          {set && bridge.isInApp() ? (
            <button type="button" className="oa-upd__secondary" onClick={() => void inApp()}>
              {t('accountUpdate.password.inApp')}
            </button>
          ) : null}
        </form>
      )}
    </StepPage>
  );
}
