/**
 * /handoff on the phone (issue 41): the computer's QR code opens `#/handoff?h=<token>`, or the applicant types the
 * computer's short code here ("Started on a computer?" on the login screen). Redeemed once, the phone is logged in as
 * the computer's user and opens the computer's step; the token leaves the address first, so Back or a reload never
 * sends it again. A refused link or code says why (used, expired, not right) and offers the code or the phone login.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '@core/api/api-error';
import { useApiErrorHandler } from '@core/api/errors';
import { useRedeemHandoff } from '@core/api/handoff';
import { AppHeader } from '@core/app/flow-kit/AppHeader';
import { useT } from '@core/i18n';
import { ErrorCode } from '@core/domain/errors';
import { HANDOFF_CODE_LENGTH, HANDOFF_PARAM, handoffReasonOf, isHandoffCode, normaliseHandoffCode, type HandoffReason } from '@core/domain/handoff';
import '@core/app/login/login.css';
import './handoff.css';

/** a link's token is sent once per page load, whichever mount sees it first (StrictMode mounts twice) */
const sent = new Map<string, Promise<unknown>>();

type Refusal = { reason: HandoffReason; by: 'link' | 'code' };

export default function HandoffScreen() {
  const t = useT();
  const ids = useId();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const onApiError = useApiErrorHandler();
  const redeem = useRedeemHandoff();
  const token = params.get(HANDOFF_PARAM);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const refuse = (err: unknown, by: Refusal['by']) => {
    if (isApiError(err, ErrorCode.HANDOFF_INVALID)) {
      const reason = handoffReasonOf(err.data);
      setRefused({ reason, by });
      if (by === 'code') setCodeError(t(`handoff.phone.refused.${reason}`));
    } else onApiError(err);
  };

  useEffect(() => {
    if (!token) return;
    if (!sent.has(token)) sent.set(token, redeem.mutateAsync({ token }));
    let live = true;
    sent.get(token)!.then(
      (r) => {
        if (live) navigate((r as { route: string }).route, { replace: true });
      },
      (err) => {
        if (!live) return;
        // the token leaves the address: Back or a reload does not try it again
        setParams({}, { replace: true });
        refuse(err, 'link');
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per token
  }, [token]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = normaliseHandoffCode(code);
    if (!isHandoffCode(typed)) {
      setCodeError(t('handoff.phone.codeFormat', { n: HANDOFF_CODE_LENGTH }));
      codeRef.current?.focus();
      return;
    }
    try {
      const r = await redeem.mutateAsync({ code: typed });
      navigate(r.route, { replace: true });
    } catch (err) {
      refuse(err, 'code');
      codeRef.current?.focus();
    }
  };

  if (token && !refused) {
    return (
      <div className="oa-page">
        <AppHeader />
        <div className="oa-content oa-handoff oa-handoff--opening" role="status">
          <span className="oa-spinner oa-handoff__spinner" aria-hidden="true" />
          <p>{t('handoff.phone.opening')}</p>
        </div>
      </div>
    );
  }

  const errId = `${ids}-err`;
  return (
    <div className="oa-page">
      <AppHeader />
      <form className="oa-content oa-login__form oa-handoff" onSubmit={onSubmit} noValidate>
        <h1 className="oa-login__title">{t(refused?.by === 'link' ? 'handoff.phone.linkTitle' : 'handoff.phone.title')}</h1>
        {refused?.by === 'link' ? (
          <p className="oa-handoff__refused" role="alert">
            {t(`handoff.phone.refused.${refused.reason}`)}
          </p>
        ) : null}
        <p className="oa-login__sub">{t('handoff.phone.intro')}</p>
        <div className="oa-field">
          <label className="oa-field__label" htmlFor={`${ids}-code`}>
            {t('handoff.phone.codeLabel')}
          </label>
          <div className="oa-input" data-invalid={codeError ? 'true' : undefined}>
            <input
              ref={codeRef}
              id={`${ids}-code`}
              className="oa-handoff__code"
              type="text"
              autoCapitalize="characters"
              autoComplete="one-time-code"
              autoCorrect="off"
              spellCheck={false}
              maxLength={HANDOFF_CODE_LENGTH + 2}
              placeholder={t('handoff.phone.codePlaceholder')}
              value={code}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? errId : undefined}
              onChange={(e) => {
                setCode(e.target.value.toUpperCase());
                if (codeError) setCodeError(null);
              }}
            />
          </div>
          {codeError ? (
            <p className="oa-field__error" id={errId} role="alert">
              {codeError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="oa-btn oa-btn--primary oa-btn--block" disabled={redeem.isPending} aria-busy={redeem.isPending}>
          {redeem.isPending ? <span className="oa-spinner" aria-hidden="true" /> : null}
          {t('handoff.phone.submit')}
        </button>
        <button type="button" className="oa-btn oa-btn--ghost oa-btn--block oa-handoff__login" onClick={() => navigate('/login', { replace: true })}>
          {t('handoff.phone.phoneLogin')}
        </button>
      </form>
    </div>
  );
}
