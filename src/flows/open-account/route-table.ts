/**
 * The route table of the open-account flow, without React: what each path opens, and how its screen loads. Every
 * screen is its own lazy chunk. The first screens (home, login, prompts) need only the first part of the messages;
 * every other screen also the rest of them (`texts: 'all'`), loaded with its chunk. The page's entry uses this table to
 * start loading the screen of the address before the React part of the page has arrived (early.ts); routes.tsx turns
 * it into the router's routes. The core RouteGuard reads `submittedFlag` (reachable once the application is submitted)
 * and `public` (reachable without a session). A route joins this table together with its screen.
 */
import type { ComponentType } from 'react';
import { HOME_ROUTE, STEP_NAMES, STEP_ROUTE } from '@core/domain/steps';
import { RESULT_ROUTE } from '@core/domain/after-submit';
import { ACCOUNT_ROUTE, TRANSFER_IN_ROUTE, UPDATE_ROUTE } from '@core/domain/account-routes';
import { currentLang } from '@core/i18n/lang';
import { loadAllMessages } from '@core/i18n/messages';
import { STEP_SCREEN } from './step-screens';

/** The company search screen (statement step's company choice). */
export const COMPANY_SEARCH_ROUTE = '/C_SearchCompany';

export interface RouteEntry {
  path: string;
  /** reachable when the application is at or past submission */
  submittedFlag: boolean;
  /** reachable without a session (no login redirect) */
  public: boolean;
  /** the messages the screen needs: the first part (first screens) or all */
  texts: 'first' | 'all';
  load: () => Promise<{ default: ComponentType }>;
}

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/', submittedFlag: true, public: false, texts: 'first', load: () => import('./screens/root-redirect/RootRedirect') },
  { path: HOME_ROUTE, submittedFlag: false, public: true, texts: 'first', load: () => import('./screens/home/HomeScreen') },
  { path: '/login', submittedFlag: true, public: true, texts: 'first', load: () => import('./screens/login/LoginScreen') },
  { path: '/mrStatus', submittedFlag: true, public: true, texts: 'first', load: () => import('./screens/maintenance/MaintenanceScreen') },
  { path: '/accountPrompt', submittedFlag: true, public: true, texts: 'first', load: () => import('./screens/enterprise-prompt/EnterprisePromptScreen') },
  { path: COMPANY_SEARCH_ROUTE, submittedFlag: false, public: false, texts: 'all', load: () => import('./screens/company-search/CompanySearchScreen') },
  // every step at its route, its screen from the one step → screen map
  ...STEP_NAMES.map((step): RouteEntry => ({ path: STEP_ROUTE[step], submittedFlag: false, public: false, texts: 'all', load: STEP_SCREEN[step] })),
  { path: RESULT_ROUTE.accountStatus, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/account-status/AccountStatusScreen') },
  { path: RESULT_ROUTE.openStatus, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/open-status/OpenStatusScreen') },
  { path: RESULT_ROUTE.transitionGold, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/transition-gold/TransitionGoldScreen') },
  { path: RESULT_ROUTE.witness, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/witness/WitnessScreen') },
  { path: '/deposit', submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/deposit/DepositScreen') },
  { path: ACCOUNT_ROUTE.home, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/account-home/AccountHomeScreen') },
  { path: UPDATE_ROUTE.accountInfo, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/account-update/AccountInfoScreen') },
  { path: UPDATE_ROUTE.status, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/account-update/UpdateStatusScreen') },
  { path: UPDATE_ROUTE.checkW8, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/account-update/CheckW8Screen') },
  { path: UPDATE_ROUTE.editAddress, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/account-update/EditAddressScreen') },
  { path: UPDATE_ROUTE.editAddressDetails, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/account-update/EditAddressDetailsScreen') },
  { path: UPDATE_ROUTE.allDataCheck, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/account-update/AllDataCheckScreen') },
  { path: UPDATE_ROUTE.tradePassword, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/account-update/TradePasswordScreen') },
  { path: ACCOUNT_ROUTE.marginUpgrade, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/margin-upgrade/MarginUpgradeScreen') },
  { path: ACCOUNT_ROUTE.autoExchange, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/auto-exchange/AutoExchangeScreen') },
  { path: ACCOUNT_ROUTE.autoExchangeDetails, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/auto-exchange/AutoExchangeDetailsScreen') },
  { path: TRANSFER_IN_ROUTE.list, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/transfer-in/TransferInScreen') },
  { path: TRANSFER_IN_ROUTE.form, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/transfer-in/TransferInFormScreen') },
  { path: TRANSFER_IN_ROUTE.agreement, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/transfer-in/AssetTransferAgreementScreen') },
  // a path without a screen on this page (e.g. a step whose screen another issue builds)
  { path: '*', submittedFlag: true, public: true, texts: 'first', load: () => import('./screens/not-found/NotFoundScreen') },
];

/** The route a path opens (react-router's matching here: exact and case-insensitive paths, else '*'). */
export function routeOfPath(path: string): RouteEntry {
  const p = path.toLowerCase().replace(/(.)\/+$/, '$1');
  return ROUTE_TABLE.find((r) => r.path.toLowerCase() === p) ?? ROUTE_TABLE.find((r) => r.path === '*')!;
}

const ignore = () => undefined;

/** Starts loading a route's screen: its chunk, and the rest of the messages when it needs them. */
export function preloadRoute(route: RouteEntry): void {
  void route.load().catch(ignore);
  if (route.texts === 'all') void loadAllMessages(currentLang()).catch(ignore);
}

/** The router path of a page address's hash ('#/Finance?lang=en' → '/Finance'). */
export function hashPath(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0] || '/';
}

/**
 * Starts loading the screen the address opens (its chunk and texts) when the page starts, not once the session and
 * the application are known; without a session hint also the login screen, where a protected route sends the visitor.
 * Returns the route the address opens.
 */
export function preloadFirstScreen(hash: string, hasSession: boolean): RouteEntry {
  const route = routeOfPath(hashPath(hash));
  preloadRoute(route);
  if (!hasSession && !route.public) preloadRoute(routeOfPath('/login'));
  return route;
}
