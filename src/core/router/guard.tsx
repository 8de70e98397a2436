/**
 * The route guard (spec part 1 §2, part 3 §2):
 * - token login: query t (trading token), sub (sub-account id), sid (app session id) in the outer query or
 *   the hash query log the user in when there is no session; the token is then removed from the address;
 * - `jump` (a named route) is followed once the user is known;
 * - a browser user without a session is sent to /login?redirect=… (public routes excepted); inside the app
 *   the login-expired behaviour applies (message, then the member page);
 * - an application at or past submission (isLockedForEditing) reaches only submitted-flagged routes; other
 *   routes bounce back to the previous route, or to the status page when there is none; a route its screen is
 *   leaving (useRouteLeave: the step engine after a submit, whose next screen may still be loading while the router's
 *   transition keeps this one up) does not bounce: the screen's own navigation is where the applicant goes;
 * - an application sent back for correction (1900-1904 with rejectData.steps) opens only its rejected steps: any other
 *   step route goes to the first rejected one (the status pages and other routes stay reachable);
 * - the page title per route (fixed inside the app shell), and the progress step per route.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '../domain/errors';
import { effectiveApplyStatus, isLockedForEditing, isRejected } from '../domain/status';
import { STEP_ROUTE, rejectionRedirect, stepOfRoute, type StepName } from '../domain/steps';
import { statusRouteOf } from '../domain/after-submit';
import { bridge } from '../bridge/bridge';
import { usePageTitle } from '../i18n/I18nProvider';
import { ApiError } from '../api/api-error';
import { networkMessageId, useApiErrorHandler } from '../api/errors';
import { useApplyDetail } from '../api/shell';
import { tokenLogin, useUserInfo } from '../api/shell';
import { queryKeys } from '../api/keys';
import { resolveNamedRoute } from './named-routes';
import { recordProgressStep } from './progress-step';
import { ApiErrorListener } from './api-error-listener';
import './guard.css';

/** One row of a flow's route table. */
export interface RouteFlags {
  path: string;
  /** reachable when the application is submitted (locked for editing) */
  submittedFlag: boolean;
  /** page title message key (outside the app shell) */
  titleKey: string;
  /** reachable without a session (login, home, notices) */
  public?: boolean;
}

export interface RouteGuardProps {
  submittedFlag: boolean;
  titleKey: string;
  public?: boolean;
  children: ReactNode;
}

export interface GuardSettings {
  /** the fixed title inside the app shell */
  appTitleKey: string;
  /** the login screen's path */
  loginPath: string;
  /** whom the page's login is for: an applicant opening an account (the default) or an opened client (its words) */
  loginFor: 'opening' | 'account';
}

const defaultSettings = (): GuardSettings => ({
  appTitleKey:
    typeof location !== 'undefined' && /openEsopAccount/i.test(location.pathname) ? 'common.esopTitle' : 'common.appTitle',
  loginPath: '/login',
  loginFor: 'opening',
});

const GuardSettingsContext = createContext<GuardSettings | null>(null);

/** Lets a flow set the in-app title key and the login path (defaults: by the page, '/login'). */
export function GuardSettingsProvider({ value, children }: { value: Partial<GuardSettings>; children: ReactNode }) {
  return <GuardSettingsContext.Provider value={{ ...defaultSettings(), ...value }}>{children}</GuardSettingsContext.Provider>;
}

export function useGuardSettings(): GuardSettings {
  return useContext(GuardSettingsContext) ?? defaultSettings();
}

/**
 * A screen under the guard says it is leaving its route (call right before changing the application in the cache,
 * then navigate): the guard then leaves the navigation to the screen instead of bouncing the route (for this visit of
 * the route only). Outside a guard it does nothing.
 */
const RouteLeaveContext = createContext<() => void>(() => undefined);
export function useRouteLeave(): () => void {
  return useContext(RouteLeaveContext);
}

const TOKEN_PARAMS = ['t', 'sub', 'sid'] as const;

/** Reads a parameter from the router location's query, then the page's outer query. */
function param(loc: Location, name: string): string | null {
  return new URLSearchParams(loc.search).get(name) ?? new URLSearchParams(window.location.search).get(name);
}

/** Removes parameters from both the outer query and the router location (returns the cleaned router search). */
function withoutParams(loc: Location, names: readonly string[]): string {
  const outer = new URLSearchParams(window.location.search);
  if (names.some((n) => outer.has(n))) {
    names.forEach((n) => outer.delete(n));
    const q = outer.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${q ? `?${q}` : ''}${window.location.hash}`);
  }
  const inner = new URLSearchParams(loc.search);
  names.forEach((n) => inner.delete(n));
  const q = inner.toString();
  return q ? `?${q}` : '';
}

// a token is tried once per page, whichever guard instance sees it first
const triedTokens = new Set<string>();
let jumpDone = false;

/** For tests: forget tried tokens and the jump. */
export function resetGuardState(): void {
  triedTokens.clear();
  jumpDone = false;
}

function Loading() {
  const intl = useIntl();
  return (
    <div className="esop-guard-loading" role="progressbar" aria-busy="true" aria-label={intl.formatMessage({ id: 'common.loading' })}>
      <span className="esop-guard-loading__spinner" aria-hidden="true" />
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const intl = useIntl();
  return (
    <div className="esop-guard-failed" role="alert">
      <p>{intl.formatMessage({ id: networkMessageId() })}</p>
      <button type="button" className="esop-guard-failed__retry" onClick={onRetry}>
        {intl.formatMessage({ id: 'common.retry' })}
      </button>
    </div>
  );
}

export function RouteGuard({ submittedFlag, titleKey, public: isPublic = false, children }: RouteGuardProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const onApiError = useApiErrorHandler();
  const settings = useGuardSettings();
  const inApp = bridge.isInApp();
  usePageTitle(inApp ? settings.appTitleKey : titleKey);

  useEffect(() => {
    recordProgressStep(location.pathname);
  }, [location.pathname]);

  const user = useUserInfo();
  const token = param(location, 't');
  const [tokenPending, setTokenPending] = useState(false);

  // token login when there is no session
  useEffect(() => {
    if (!token || user.isPending) return;
    // the token never stays in the address bar or the history, whether it was used, refused or not needed
    const stripToken = () => navigate({ pathname: location.pathname, search: withoutParams(location, TOKEN_PARAMS) }, { replace: true });
    if (user.data || triedTokens.has(token)) {
      if (!tokenPending) stripToken();
      return;
    }
    triedTokens.add(token);
    setTokenPending(true);
    const sub = param(location, 'sub') ?? undefined;
    const sid = param(location, 'sid') ?? undefined;
    tokenLogin({ t: token, subAccountId: sub, sessionId: sid })
      .then((u) => {
        qc.setQueryData(queryKeys.user(), u);
        void qc.invalidateQueries({ queryKey: queryKeys.application() });
      })
      .catch(onApiError)
      .finally(() => {
        setTokenPending(false);
        stripToken();
      });
  }, [token, tokenPending, user.isPending, user.data, location, navigate, onApiError, qc]);

  const loggedIn = !!user.data;
  const waitingForToken = tokenPending || (!!token && !loggedIn && !triedTokens.has(token) && !user.isError);

  // follow `jump` once the user is known
  useEffect(() => {
    if (!loggedIn || jumpDone) return;
    const jump = param(location, 'jump');
    if (!jump) return;
    jumpDone = true;
    const target = resolveNamedRoute(jump);
    const rest = withoutParams(location, ['jump', ...TOKEN_PARAMS]);
    if (target && target.split('?')[0] !== location.pathname) navigate(target, { replace: true });
    else navigate({ pathname: location.pathname, search: rest }, { replace: true });
  }, [loggedIn, location, navigate]);

  // no session: login screen (browser) or the login-expired behaviour (app)
  const mustLogIn = !isPublic && !user.isPending && !user.isError && user.data === null && !waitingForToken;
  const reportedNoSession = useRef(false);
  useEffect(() => {
    if (!mustLogIn) return;
    if (inApp) {
      if (reportedNoSession.current) return;
      reportedNoSession.current = true;
      onApiError(new ApiError(ErrorCode.LOGIN_EXPIRED, '', undefined, 401));
      return;
    }
    const here = `${location.pathname}${location.search}`;
    navigate(`${settings.loginPath}?redirect=${encodeURIComponent(here)}`, { replace: true });
  }, [mustLogIn, inApp, location.pathname, location.search, navigate, onApiError, settings.loginPath]);

  // submitted applications: only submitted-flagged routes
  const app = useApplyDetail({ enabled: loggedIn });
  const a = app.data;
  const locked =
    !!a && isLockedForEditing(effectiveApplyStatus(a.applyStatus, a.clientStatus, a.clientInfo.accts[0]?.subAcctId), a.clientStatus);
  const bounce = locked && !submittedFlag;
  const routeStep = stepOfRoute(location.pathname);
  const rejectedTo: StepName | undefined =
    a && !locked && routeStep && isRejected(a.applyStatus)
      ? rejectionRedirect(a.applyStepsName as StepName[], a.rejectData?.steps ?? [], routeStep)
      : undefined;
  useEffect(() => {
    if (rejectedTo) navigate(STEP_ROUTE[rejectedTo], { replace: true });
  }, [rejectedTo, navigate]);
  // the route being left (its key: a guard instance may serve the next route too)
  const leavingKey = useRef<string | null>(null);
  const leave = useCallback(() => {
    leavingKey.current = location.key;
  }, [location.key]);
  useEffect(() => {
    if (!bounce || !a || leavingKey.current === location.key) return;
    const idx = (window.history.state as { idx?: number } | null)?.idx;
    const canGoBack = location.key !== 'default' && (idx === undefined || idx > 0);
    if (canGoBack) navigate(-1);
    else navigate(statusRouteOf(a.clientType), { replace: true });
  }, [bounce, a, location.key, navigate]);

  let content: ReactNode;
  if (isPublic) content = waitingForToken || bounce ? <Loading /> : children;
  else if (user.isError && !isPublic) content = <LoadFailed onRetry={() => void user.refetch()} />;
  else if (user.isPending || waitingForToken || mustLogIn) content = <Loading />;
  else if (loggedIn && app.isPending) content = <Loading />;
  else if (app.isError) content = <LoadFailed onRetry={() => void app.refetch()} />;
  else if (bounce || rejectedTo) content = <Loading />;
  else content = children;

  return (
    <RouteLeaveContext.Provider value={leave}>
      <ApiErrorListener />
      {content}
    </RouteLeaveContext.Provider>
  );
}
