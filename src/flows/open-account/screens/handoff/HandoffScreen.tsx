/**
 * /handoff on the phone (issue 41): the computer's QR code opens `#/handoff?h=<token>`, or the applicant types the
 * computer's pairing code here ("Started on a computer?" on the login screen). The token leaves the address at once
 * (Back or a reload never sends it again). Before the phone is logged in with it, the screen says whose application
 * it opens (the masked phone number: a code handed over by someone else must not put this phone into their
 * application unnoticed); "Yes, continue" redeems it once and opens the computer's step. A refused link or code says
 * why (used, expired, not right) and offers the code or the phone login.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '@core/api/api-error';
import { useApiErrorHandler } from '@core/api/errors';
import { peekHandoff, useRedeemHandoff } from '@core/api/handoff';
import { AppHeader } from '@core/app/flow-kit/AppHeader';
import { useT } from '@core/i18n';
import { ErrorCode } from '@core/domain/errors';
import { HANDOFF_CODE_LENGTH, HANDOFF_PARAM, handoffReasonOf, isHandoffCode, normaliseHandoffCode, type HandoffReason } from '@core/domain/handoff';
import '@core/app/login/login.css';
import './handoff.css';

/** a link's token is asked about once per page load, whichever mount sees it first (StrictMode mounts twice) */
const peeked = new Map<string, Promise<{ areaCode: string; phoneMasked: string }>>();

type Key = { token: string } | { code: string };
type State =
  | { kind: 'form' }
  | { kind: 'checking' }
  | { kind: 'confirm'; key: Key; owner: string }
  | { kind: 'refused'; reason: HandoffReason; by: 'link' | 'code' };

export default function HandoffScreen() {
  const t = useT();
  const ids = useId();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const onApiError = useApiErrorHandler();
  const redeem = useRedeemHandoff();
  // the token of the address, kept here: the address loses it before anything is asked
  const [token] = useState(() => params.get(HANDOFF_PARAM));
  const [state, setState] = useState<State>(() => (token ? { kind: 'checking' } : { kind: 'form' }));
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLHeadingElement>(null);

  const refuse = (err: unknown, by: 'link' | 'code') => {
    if (isApiError(err, ErrorCode.HANDOFF_INVALID)) {
      const reason = handoffReasonOf(err.data);
      setState({ kind: 'refused', reason, by });
      if (by === 'code') {
        setCodeError(t(`handoff.phone.refused.${reason}`));
        codeRef.current?.focus();
      }
    } else {
      if (by === 'link') setState({ kind: 'form' });
      onApiError(err);
    }
  };

  useEffect(() => {
    if (!token) return;
    if (params.has(HANDOFF_PARAM)) setParams({}, { replace: true });
    if (!peeked.has(token)) peeked.set(token, peekHandoff({ token }));
    let live = true;
    peeked.get(token)!.then(
      (owner) => live && setState({ kind: 'confirm', key: { token }, owner: `+${owner.areaCode}\u00a0${owner.phoneMasked}` }),
      (err) => live && refuse(err, 'link'),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per token
  }, [token]);

  useEffect(() => {
    if (state.kind === 'confirm') confirmRef.current?.focus();
  }, [state.kind]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = normaliseHandoffCode(code);
    if (!isHandoffCode(typed)) {
      setCodeError(t('handoff.phone.codeFormat', { n: HANDOFF_CODE_LENGTH }));
      codeRef.current?.focus();
      return;
    }
    setAsking(true);
    try {
      const owner = await peekHandoff({ code: typed });
      setState({ kind: 'confirm', key: { code: typed }, owner: `+${owner.areaCode}\u00a0${owner.phoneMasked}` });
    } catch (err) {
      refuse(err, 'code');
    } finally {
      setAsking(false);
    }
  };

  const onContinue = async (key: Key) => {
    try {
      const r = await redeem.mutateAsync(key);
      navigate(r.route, { replace: true });
    } catch (err) {
      refuse(err, 'token' in key ? 'link' : 'code');
    }
  };

  if (state.kind === 'checking') {
    return (
      <div className="oa-page">
        <AppHeader />
        <div className="oa-content oa-handoff oa-handoff--opening">
          <span className="oa-spinner oa-handoff__spinner" aria-hidden="true" />
          <p>{t('handoff.phone.opening')}</p>
        </div>
      </div>
    );
  }

  if (state.kind === 'confirm') {
    return (
      <div className="oa-page">
        <AppHeader />
        <div className="oa-content oa-login__form oa-handoff">
          <h1 className="oa-login__title" ref={confirmRef} tabIndex={-1}>
            {t('handoff.phone.confirmTitle')}
          </h1>
          <p className="oa-handoff__owner">{t('handoff.phone.confirmBody', { phone: state.owner })}</p>
          <p className="oa-login__sub">{t('handoff.phone.confirmHint')}</p>
          <button type="button" className="oa-btn oa-btn--primary oa-btn--block" onClick={() => void onContinue(state.key)} disabled={redeem.isPending} aria-busy={redeem.isPending}>
            {redeem.isPending ? <span className="oa-spinner" aria-hidden="true" /> : null}
            {t('handoff.phone.confirmYes')}
          </button>
          <button type="button" className="oa-btn oa-btn--ghost oa-btn--block oa-handoff__login" onClick={() => navigate('/login', { replace: true })}>
            {t('handoff.phone.confirmNo')}
          </button>
        </div>
      </div>
    );
  }

  const refusedLink = state.kind === 'refused' && state.by === 'link' ? state.reason : null;
  const errId = `${ids}-err`;
  return (
    <div className="oa-page">
      <AppHeader />
      <form className="oa-content oa-login__form oa-handoff" onSubmit={onSubmit} noValidate>
        <h1 className="oa-login__title">{t(refusedLink ? 'handoff.phone.linkTitle' : 'handoff.phone.title')}</h1>
        {refusedLink ? (
          <p className="oa-handoff__refused" role="alert">
            {t(`handoff.phone.refused.${refusedLink}`)}
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
              autoComplete="off"
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
        <button type="submit" className="oa-btn oa-btn--primary oa-btn--block" disabled={asking} aria-busy={asking}>
          {asking ? <span className="oa-spinner" aria-hidden="true" /> : null}
          {t('handoff.phone.submit')}
        </button>
        <button type="button" className="oa-btn oa-btn--ghost oa-btn--block oa-handoff__login" onClick={() => navigate('/login', { replace: true })}>
          {t('handoff.phone.phoneLogin')}
        </button>
      </form>
    </div>
  );
}
