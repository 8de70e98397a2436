/**
 * The general error catalogue (spec part 1 §8, part 3 §8), applied after a screen's own handling:
 * NETWORK → "check your connection" when offline, "service unavailable" otherwise; login expired (100008, 100033, 100034, 111504) → the message, then after
 * 2 s the member page (in the app) or the login screen (browser); 150200 → the given message; anything
 * else → the service's message (or the translated errors.<code>) as a 2 s toast (151212: 3 s).
 */
import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { behaviourOf, ErrorCode, SIGN_EXPIRED_CODES, SIGN_OWN_MESSAGE_CODES, TOAST_MS } from '../domain/errors';
import { bridge } from '../bridge/bridge';
import { toast } from '../ui/toast';
import { ApiError } from './api-error';
import { clientConfigQuery } from './system';
import { queryKeys } from './keys';

export { ApiError, isApiError } from './api-error';

/**
 * The message id for a call that reached no service: "check your connection" when the phone says it is offline,
 * "service unavailable" when it is online and the service did not answer.
 */
export function networkMessageId(): 'errors.OFFLINE' | 'errors.NETWORK' {
  return typeof navigator !== 'undefined' && navigator.onLine === false ? 'errors.OFFLINE' : 'errors.NETWORK';
}

/**
 * The text to show for an error, on every page: the service's tips (error.data.tips, spec part 3 §8: the signing
 * wrapper shows them for any other error; our service sends none), else its message, else errors.<code>, else the
 * generic one.
 */
export function errorMessage(intl: IntlShape, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === ErrorCode.NETWORK) return intl.formatMessage({ id: networkMessageId() });
    const tips = (err.data as { tips?: unknown } | null | undefined)?.tips;
    if (typeof tips === 'string' && tips.trim()) return tips.trim();
    if (err.message && err.message.trim() && err.status !== 0) return err.message;
    const id = `errors.${err.code}`;
    if (intl.messages[id] !== undefined) return intl.formatMessage({ id });
  }
  return intl.formatMessage({ id: 'errors.100500' });
}

// one error object is reported once, whoever reports it (a screen's fallback and the query listener)
const reported = new WeakSet<object>();
let loginRedirect: ReturnType<typeof setTimeout> | undefined;

/** For tests: forget a pending login redirect. */
export function cancelLoginRedirect(): void {
  if (loginRedirect) clearTimeout(loginRedirect);
  loginRedirect = undefined;
}

function isAbortError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'CancelledError');
}

export function useApiErrorHandler(): (err: unknown) => void {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();

  return useCallback(
    (err: unknown) => {
      if (isAbortError(err)) return;
      if (err && typeof err === 'object') {
        if (reported.has(err)) return;
        reported.add(err);
      }
      if (!(err instanceof ApiError)) {
        console.error(err);
        toast.show(intl.formatMessage({ id: 'errors.100500' }), TOAST_MS);
        return;
      }
      const b = behaviourOf(err.code);
      switch (b.kind) {
        case 'serverUnavailable':
          toast.show(intl.formatMessage({ id: networkMessageId() }), TOAST_MS);
          return;
        case 'showGivenMessage':
          toast.show(err.message?.trim() || intl.formatMessage({ id: 'errors.150200' }), TOAST_MS);
          return;
        case 'toast':
          toast.show(errorMessage(intl, err), b.durationMs);
          return;
        case 'loginExpired': {
          toast.show(errorMessage(intl, err), b.redirectAfterMs);
          if (loginRedirect) return; // several calls failing at once redirect once
          const here = `${location.pathname}${location.search}`;
          loginRedirect = setTimeout(async () => {
            loginRedirect = undefined;
            qc.setQueryData(queryKeys.user(), null);
            qc.removeQueries({ queryKey: queryKeys.application() });
            if (bridge.isInApp()) {
              const config = await qc.fetchQuery(clientConfigQuery()).catch(() => undefined);
              if (config?.memberPageUrl) await bridge.openPage(config.memberPageUrl).catch(() => bridge.close());
              else await bridge.close().catch(() => undefined);
              return;
            }
            if (!here.startsWith('/login')) navigate(`/login?redirect=${encodeURIComponent(here)}`, { replace: true });
          }, b.redirectAfterMs);
          return;
        }
      }
    },
    [intl, navigate, location.pathname, location.search, qc],
  );
}

const tipsOf = (err: ApiError): string | undefined => {
  const tips = (err.data as { tips?: unknown } | null | undefined)?.tips;
  return typeof tips === 'string' && tips.trim() ? tips.trim() : undefined;
};

/**
 * The text the organisation signing page shows for a failed call (spec part 3 §8, the signature service's wrapper):
 * no answer → the network message; the service's tips (error.data.tips) when it sends them; the signing service's own
 * refusals (SIGN_OWN_MESSAGE_CODES: verification failed, link expired, no need to sign, …) → their translated message;
 * anything else, 111504 included → "request failed, please retry". An ended verification (SIGN_EXPIRED_CODES) reads
 * "verification expired, please re-verify" (the page's frame also goes back to the start: SignFrame).
 */
export function signErrorMessage(intl: IntlShape, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === ErrorCode.NETWORK) return intl.formatMessage({ id: networkMessageId() });
    if (typeof err.code === 'number' && SIGN_EXPIRED_CODES.includes(err.code)) return intl.formatMessage({ id: 'orgSign.expired' });
    const tips = tipsOf(err);
    if (tips) return tips;
    if (typeof err.code === 'number' && SIGN_OWN_MESSAGE_CODES.includes(err.code)) return intl.formatMessage({ id: `errors.${err.code}` });
  }
  return intl.formatMessage({ id: 'orgSign.requestFailed' });
}

/** The organisation signing page's error handler: signErrorMessage as a 2 s toast. */
export function useSignErrorHandler(): (err: unknown) => void {
  const intl = useIntl();
  return useCallback(
    (err: unknown) => {
      if (isAbortError(err)) return;
      if (!(err instanceof ApiError)) console.error(err);
      toast.show(signErrorMessage(intl, err), TOAST_MS);
    },
    [intl],
  );
}
