/**
 * What the after-opening pages of their own (pages/investorIdentifier.html, pages/improveInfo.html) share: each route
 * behind the app's page ticket (query `ticket`: logged in with it once, then the address carries `sub` instead; a
 * refused ticket says why), the core RouteGuard (a session; the app's token `t` as on every page; the title), and
 * the public routes (the page's `/login`, the core login screen: a browser visitor without a session logs in on the
 * page itself and comes back to the route). Query `sub` names the account (else the user's first).
 */
import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { pageTicketLogin } from '../api/page-tickets';
import { isApiError } from '../api/api-error';
import { useApiErrorHandler } from '../api/errors';
import { queryKeys } from '../api/keys';
import { useFreshUserInfo } from '../api/shell';
import { bridge } from '../bridge/bridge';
import { accountOf } from '../domain/account';
import { ACCOUNT_ROUTE, PAGE_TICKET_PARAM, accountPageLink } from '../domain/account-routes';
import type { AccountView } from '../domain/contract';
import { ErrorCode } from '../domain/errors';
import { ticketReasonOf, type AccountPage, type TicketReason } from '../domain/hk-identifier';
import { useT } from '../i18n/use-t';
import { RouteGuard } from '../router';
import { StepPage } from '../ui/StepPage';
import { PageSkeleton } from './page-skeleton';
import './account-page.css';

/** A query parameter of the router location, else of the page's own address. */
export function pageParam(search: string, name: string): string | null {
  return new URLSearchParams(search).get(name) ?? new URLSearchParams(window.location.search).get(name);
}

// a ticket is sent once per page load, whichever route sees it first (StrictMode mounts twice)
const sent = new Map<string, Promise<unknown>>();

/** The ticket leaves the page's address (for `sub` when it named the account), nothing else of the address changed. */
function dropTicket(sub?: string): void {
  const outer = new URLSearchParams(window.location.search);
  outer.delete(PAGE_TICKET_PARAM);
  if (sub) outer.set('sub', sub);
  const q = outer.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${q ? `?${q}` : ''}${window.location.hash}`);
}

/** Logs in with the query's ticket before the route's guard runs; the ticket then leaves the address for `sub`. */
function TicketGate({ page, titleKey, children }: { page: AccountPage; titleKey: string; children: ReactNode }) {
  const t = useT();
  const qc = useQueryClient();
  const onError = useApiErrorHandler();
  // the app puts it in the page's own query (accountPageUrl)
  const ticket = new URLSearchParams(window.location.search).get(PAGE_TICKET_PARAM);
  const [state, setState] = useState<{ kind: 'idle' | 'pending' } | { kind: 'refused'; reason: TicketReason } | { kind: 'failed' }>({ kind: ticket ? 'pending' : 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!ticket) return;
    let live = true;
    const key = `${page}:${ticket}:${attempt}`;
    if (!sent.has(key)) sent.set(key, pageTicketLogin({ ticket, page }));
    sent
      .get(key)!
      .then((r) => {
        const { user, subAcctId } = r as Awaited<ReturnType<typeof pageTicketLogin>>;
        qc.setQueryData(queryKeys.user(), user);
        dropTicket(subAcctId);
        if (live) setState({ kind: 'idle' });
      })
      .catch((e: unknown) => {
        if (!live) return;
        if (isApiError(e, ErrorCode.PAGE_TICKET_INVALID)) setState({ kind: 'refused', reason: ticketReasonOf(e.data) });
        else {
          onError(e);
          setState({ kind: 'failed' });
        }
      });
    return () => {
      live = false;
    };
  }, [ticket, page, attempt, qc, onError]);

  if (state.kind === 'refused') return <TicketRefused reason={state.reason} />;
  if (state.kind === 'failed') {
    return (
      <StepPage title={t(titleKey)}>
        <p className="esop-page-note" role="alert">
          {t('hkIdentifier.loadFailed')}
        </p>
        <button type="button" className="esop-page-button" onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </StepPage>
    );
  }
  if (ticket || state.kind === 'pending') return <PageSkeleton />;
  return <>{children}</>;
}

/** A refused ticket: why, and the way on (close the page in the app; log in in a browser). */
function TicketRefused({ reason }: { reason: TicketReason }) {
  const t = useT();
  const navigate = useNavigate();
  const inApp = bridge.isInApp();
  return (
    <StepPage title={t('hkIdentifier.ticket.title')}>
      <p className="esop-page-note" role="alert">
        {t(`hkIdentifier.ticket.${reason}`)}
      </p>
      {inApp ? (
        <button type="button" className="esop-page-button" onClick={() => void bridge.close()}>
          {t('hkIdentifier.ticket.close')}
        </button>
      ) : (
        <button
          type="button"
          className="esop-page-button"
          onClick={() => {
            // the refused ticket goes: back from the login, the page does not try it again
            dropTicket();
            navigate('/login?redirect=%2F', { replace: true });
          }}
        >
          {t('hkIdentifier.ticket.login')}
        </button>
      )}
    </StepPage>
  );
}

/** A public route of such a page (its login): the core guard (the title, the app's token) without the ticket gate. */
export function AccountPublicRoute({ titleKey, Screen }: { titleKey: string; Screen: ComponentType }) {
  return (
    <RouteGuard submittedFlag public titleKey={titleKey}>
      <Suspense fallback={<PageSkeleton />}>
        <Screen />
      </Suspense>
    </RouteGuard>
  );
}

/**
 * A route of an after-opening page: the ticket gate, the core guard (an opened client's application is submitted:
 * every route here is one for submitted applications), the screen. Loaded on demand with the screen (the page's first
 * script stays small: src/core/app/account-page-routes.tsx).
 */
export default function AccountRoute({ page, titleKey, Screen }: { page: AccountPage; titleKey: string; Screen: ComponentType }) {
  return (
    <TicketGate page={page} titleKey={titleKey}>
      <RouteGuard submittedFlag titleKey={titleKey}>
        <Suspense fallback={<PageSkeleton />}>
          <Screen />
        </Suspense>
      </RouteGuard>
    </TicketGate>
  );
}

export { PageSkeleton };

/** The account the page acts on (query `sub`, else the user's first), read again as the screen opens. */
export function usePageAccount(): { fresh: boolean; failed: boolean; acct: AccountView | undefined; retry: () => void } {
  const location = useLocation();
  const user = useFreshUserInfo();
  const acct = user.data ? accountOf(user.data.clientInfo.accts, pageParam(location.search, 'sub')) : undefined;
  return { fresh: user.fresh, failed: user.isError, acct, retry: () => void user.refetch() };
}

/** Back to the account home: the app's own (close this webview) or the account page's. */
export function backToAccount(sub: string | undefined): void {
  if (bridge.isInApp()) {
    void bridge.close();
    return;
  }
  window.location.assign(accountPageLink(`${ACCOUNT_ROUTE.home}${sub ? `?sub=${encodeURIComponent(sub)}` : ''}`));
}
