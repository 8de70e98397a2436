/**
 * The route table of the open-account flow. Every screen is its own lazy chunk. The core RouteGuard reads
 * `submittedFlag` (reachable once the application is submitted), `titleKey` (page title) and `public`
 * (reachable without a session). Step routes join this table as their screens are built (no placeholders).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { RESULT_ROUTE, STEP_ROUTE } from '@core/domain';
import { flowTitleKey } from './flow-context';

export interface FlowRoute {
  path: string;
  /** reachable when the application is at or past submission */
  submittedFlag: boolean;
  /** message key of the page title */
  titleKey: string;
  /** reachable without a session (no login redirect) */
  public: boolean;
  Screen: LazyExoticComponent<ComponentType>;
}

const RootRedirect = lazy(() => import('./screens/root-redirect/RootRedirect'));
const HomeScreen = lazy(() => import('./screens/home/HomeScreen'));
const LoginScreen = lazy(() => import('./screens/login/LoginScreen'));
const MaintenanceScreen = lazy(() => import('./screens/maintenance/MaintenanceScreen'));
const EnterprisePromptScreen = lazy(() => import('./screens/enterprise-prompt/EnterprisePromptScreen'));

/** The routes of the flow; the title is the flow's (ESOP or not) on every route, as the spec gives. */
export function flowRoutes({ esop }: { esop: boolean }): FlowRoute[] {
  const titleKey = flowTitleKey(esop);
  return [
    { path: '/', submittedFlag: true, titleKey, public: false, Screen: RootRedirect },
    { path: '/account', submittedFlag: false, titleKey, public: false, Screen: HomeScreen },
    { path: '/login', submittedFlag: true, titleKey, public: true, Screen: LoginScreen },
    { path: '/mrStatus', submittedFlag: true, titleKey, public: true, Screen: MaintenanceScreen },
    { path: '/accountPrompt', submittedFlag: true, titleKey, public: true, Screen: EnterprisePromptScreen },
  ];
}

/**
 * Named routes a link may ask for with the query `jump` (spec part 1 §2): the step names and the result pages.
 * The target route's guard still decides whether the application's state allows it.
 */
export const NAMED_ROUTES: Record<string, string> = {
  account: '/account',
  ...STEP_ROUTE,
  WITNESS: RESULT_ROUTE.witness,
  openStatus: RESULT_ROUTE.openStatus,
  ACCOUNTSTATUS: RESULT_ROUTE.accountStatus,
  TRANSITIONGOLD: RESULT_ROUTE.transitionGold,
  C_SearchCompany: '/C_SearchCompany',
};

export function namedRoute(name: string | null | undefined): string | undefined {
  if (!name) return undefined;
  return Object.prototype.hasOwnProperty.call(NAMED_ROUTES, name) ? NAMED_ROUTES[name] : undefined;
}
