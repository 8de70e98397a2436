/**
 * Phone login for a browser user without a token (/login?redirect=<route>): area code, phone, a code sent by SMS
 * (60 s countdown), log in, then back to `redirect` or home (domain safeReturnPath: never another site). Phone rules
 * come from @core/domain/auth. `again=1` with a session: log in again as that user (the trading password asks for a
 * recent login): the area code and the masked phone are filled in and fixed, the code goes to the session's own phone
 * (ReloginSendCode / Relogin).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { isApiError } from '@core/api/api-error';
import { errorMessage, useApiErrorHandler } from '@core/api/errors';
import { useLogin, useRelogin, useReloginSendCode, useSendCode, useUserInfo } from '@core/api/auth';
import { useT } from '@core/i18n';
import { useToast } from '@core/ui/toast';
import { AREA_CODES, cleanPhone, defaultAreaCode, isOwnPage, isValidCode, isValidPhone, safeReturnPath, type AreaCode } from '@core/domain/auth';
import { ErrorCode, TOAST_MS } from '@core/domain/errors';
import { SEND_CODE_COOLDOWN_S, VERIFY_CODE_LENGTH } from '@core/domain/limits';
import { AppHeader } from '@core/app/flow-kit/AppHeader';
import { useGuardSettings } from '@core/router/guard';
import { AppBanner } from '@core/ui/AppBanner';
import './login.css';
import { HOME_ROUTE } from '@core/domain/steps';
import { HANDOFF_ROUTE } from '@core/domain/handoff-entry';
import { onComputer } from '@core/ui/handoff/on-computer';

/**
 * A route of this page, or another page of ours (`/pages/<name>.html…`: the after-opening pages send their visitors
 * here to log in); never another origin or a protocol-relative URL (domain safeReturnPath).
 */
export function safeRedirect(value: string | null): string {
  return safeReturnPath(value, HOME_ROUTE, { otherPages: true });
}

export default function LoginScreen() {
  const t = useT();
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const onApiError = useApiErrorHandler();
  const sendCode = useSendCode();
  const login = useLogin();
  const reloginSendCode = useReloginSendCode();
  const relogin = useRelogin();
  const ids = useId();
  // logging in again: the session's own user, its phone filled in (masked) and the code sent to it by the service
  const me = useUserInfo();
  // an opened client's page (the account, transfers, the identifier, improve-info): its own words, not the opening's
  const forAccount = useGuardSettings().loginFor === 'account';
  const again = params.get('again') === '1';
  // on a phone, the opening's login also takes the code a computer shows (issue 41: its hand-off)
  const fromComputer = !forAccount && !again && !onComputer();
  const self = again && me.data ? me.data : null;
  const sending = self ? reloginSendCode.isPending : sendCode.isPending;
  const loggingIn = self ? relogin.isPending : login.isPending;

  const [areaCode, setAreaCode] = useState<AreaCode>(() => defaultAreaCode(intl.locale));
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [salt, setSalt] = useState<string | null>(null);
  const [countdown, setCountdown] = useState(0);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (countdown <= 0) return;
    const id = window.setTimeout(() => setCountdown((s) => s - 1), 1000);
    return () => window.clearTimeout(id);
  }, [countdown]);

  const checkPhone = (): string | null => {
    const value = cleanPhone(phone);
    if (!isValidPhone(areaCode, value)) {
      setPhoneError(t('login.phoneInvalid'));
      return null;
    }
    setPhoneError(null);
    return value;
  };

  const onSend = async () => {
    if (countdown > 0 || sending) return;
    const value = self ? '' : checkPhone();
    if (value === null) return;
    try {
      const r = self ? await reloginSendCode.mutateAsync() : await sendCode.mutateAsync({ value, areaCode });
      setSalt(r.salt);
      setCountdown(r.cooldownSeconds > 0 ? r.cooldownSeconds : SEND_CODE_COOLDOWN_S);
      toast.show(t('login.sent'), TOAST_MS);
      codeRef.current?.focus();
    } catch (err) {
      if (isApiError(err, ErrorCode.CODE_TOO_FREQUENT)) {
        // a code went out moments ago: the previous salt stays valid
        toast.show(errorMessage(intl, err), TOAST_MS);
      } else if (isApiError(err) && err.code !== ErrorCode.NETWORK && err.code !== ErrorCode.RATE_LIMITED) {
        // network → "service unavailable" and rate limiting → "too many attempts" come from the general catalogue
        toast.show(t('login.sendFailed'), TOAST_MS);
      } else {
        onApiError(err);
      }
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (loggingIn) return;
    const value = self ? '' : checkPhone();
    const codeOk = isValidCode(code);
    setCodeError(codeOk ? null : t('login.codeInvalid'));
    if (value === null || !codeOk) return;
    if (!salt) {
      toast.show(t('login.sendFirst'), TOAST_MS);
      return;
    }
    try {
      if (self) await relogin.mutateAsync({ code, salt });
      else await login.mutateAsync({ areaCode, phone: value, code, salt });
      toast.clear(); // "code sent" means nothing once logged in
      const target = safeRedirect(params.get('redirect'));
      if (isOwnPage(target)) window.location.replace(target);
      else navigate(target, { replace: true });
    } catch (err) {
      if (isApiError(err, ErrorCode.CODE_WRONG)) {
        // on the code field, not a toast over the phone: the tries left, or a new code once this one is used up
        const left = (err.data as { attemptsLeft?: unknown } | undefined)?.attemptsLeft;
        if (typeof left === 'number' && left > 0) {
          setCodeError(t('login.codeWrongLeft', { left }));
        } else {
          setCodeError(t('login.codeUsedUp'));
          setSalt(null);
          setCountdown(0);
          setCode('');
        }
        codeRef.current?.focus();
        return;
      }
      onApiError(err);
    }
  };

  const phoneErrId = `${ids}-phone-err`;
  const codeErrId = `${ids}-code-err`;

  return (
    <div className="oa-page oa-login">
      <AppHeader title={again ? t('login.again.header') : undefined} />
      <AppBanner />
      <form className="oa-content oa-login__form" onSubmit={onSubmit} noValidate>
        <h1 className="oa-login__title">{t(self ? 'login.again.title' : 'login.title')}</h1>
        <p className="oa-login__sub">{t(self ? 'login.again.subtitle' : forAccount ? 'login.subtitleAccount' : 'login.subtitle')}</p>

        <div className="oa-field">
          <label className="oa-field__label" htmlFor={`${ids}-area`}>
            {t('login.areaCode')}
          </label>
          <div className="oa-select">
            <select
              id={`${ids}-area`}
              value={self ? self.areaCode : areaCode}
              disabled={!!self}
              onChange={(e) => setAreaCode(e.target.value as AreaCode)}
              autoComplete="tel-country-code"
            >
              {AREA_CODES.map((c) => (
                <option key={c} value={c}>
                  {t('login.areaCodeOption', { country: t(`login.country.${c}`), code: c })}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div className="oa-field">
          <label className="oa-field__label" htmlFor={`${ids}-phone`}>
            {t('login.phone')}
          </label>
          <div className="oa-input" data-invalid={phoneError ? 'true' : undefined}>
            <span className="oa-input__prefix" aria-hidden="true">
              +{self ? self.areaCode : areaCode}
            </span>
            <input
              id={`${ids}-phone`}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={20}
              placeholder={t('login.phonePlaceholder')}
              value={self ? self.phoneMasked : phone}
              readOnly={!!self}
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={phoneError ? phoneErrId : self ? `${ids}-phone-hint` : undefined}
              onChange={(e) => {
                setPhone(e.target.value);
                if (phoneError) setPhoneError(null);
              }}
            />
          </div>
          {phoneError && (
            <p className="oa-field__error" id={phoneErrId} role="alert">
              {phoneError}
            </p>
          )}
          {self ? (
            <p className="oa-login__hint" id={`${ids}-phone-hint`}>
              {t('login.again.phoneHint')}
            </p>
          ) : null}
        </div>

        <div className="oa-field">
          <label className="oa-field__label" htmlFor={`${ids}-code`}>
            {t('login.code')}
          </label>
          <div className="oa-input" data-invalid={codeError ? 'true' : undefined}>
            <input
              ref={codeRef}
              id={`${ids}-code`}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={VERIFY_CODE_LENGTH}
              placeholder={t('login.codePlaceholder')}
              value={code}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? codeErrId : undefined}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, '').slice(0, VERIFY_CODE_LENGTH));
                if (codeError) setCodeError(null);
              }}
            />
            <button type="button" className="oa-input__action" onClick={onSend} disabled={countdown > 0 || sending} aria-live="polite">
              {countdown > 0 ? t('login.resend', { seconds: countdown }) : t('login.send')}
            </button>
          </div>
          {codeError && (
            <p className="oa-field__error" id={codeErrId} role="alert">
              {codeError}
            </p>
          )}
        </div>

        <button type="submit" className="oa-btn oa-btn--primary oa-btn--block oa-login__submit" disabled={loggingIn} aria-busy={loggingIn}>
          {loggingIn ? <span className="oa-spinner" aria-hidden="true" /> : null}
          {t('login.submit')}
        </button>
        <p className="oa-login__privacy">{t(forAccount ? 'login.privacyAccount' : 'login.privacy')}</p>
        {fromComputer ? (
          <button type="button" className="oa-login__handoff" onClick={() => navigate(HANDOFF_ROUTE)}>
            {t('login.fromComputer')}
          </button>
        ) : null}
      </form>
    </div>
  );
}
