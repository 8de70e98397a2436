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
import { behaviourOf, ErrorCode, TOAST_MS } from '../domain/errors';
import { bridge } from '../bridge/bridge';
import { toast } from '../ui/toast';
import { ApiError } from './api-error';
import { clientConfigQuery } from './client-config';
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
