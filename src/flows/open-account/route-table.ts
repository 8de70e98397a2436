/**
 * The route table of the open-account flow, without React: what each path opens, and how its screen loads. Every
 * screen is its own lazy chunk. The first screens (home, login, prompts) need only the first part of the messages;
 * every other screen also the rest of them (`texts: 'all'`), loaded with its chunk. The page's entry uses this table to
 * start loading the screen of the address before the React part of the page has arrived (early.ts); routes.tsx turns
 * it into the router's routes. The core RouteGuard reads `submittedFlag` (reachable once the application is submitted)
 * and `public` (reachable without a session). A route joins this table together with its screen.
 */
import { hashPath, preloadFirstScreen as preloadFirstScreenOf, preloadRoute, routeIn, type RouteEntry } from '@core/app/flow-kit/route-table';
import { HOME_ROUTE, STEP_NAMES, STEP_ROUTE } from '@core/domain/steps';
import { RESULT_ROUTE } from '@core/domain/after-submit';
import { HANDOFF_ROUTE } from '@core/domain/handoff-entry';
import { ACCOUNT_ROUTE, TRANSFER_IN_ROUTE, UPDATE_ROUTE } from '@core/domain/account-routes';
import { COMPANY_SEARCH_ROUTE } from './company-route';
import { STEP_SCREEN } from './step-screens';

const MOVED_PATHS = [...Object.values(ACCOUNT_ROUTE), ...Object.values(UPDATE_ROUTE), ...Object.values(TRANSFER_IN_ROUTE)];

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/', submittedFlag: true, public: false, texts: 'first', load: () => import('./screens/root-redirect/RootRedirect') },
  { path: HOME_ROUTE, submittedFlag: false, public: true, texts: 'first', load: () => import('./screens/home/HomeScreen') },
  { path: '/login', submittedFlag: true, public: true, texts: 'first', load: () => import('@core/app/login/LoginScreen') },
  // the phone takes the computer's QR link or short code (issue 41): public, it logs in
  { path: HANDOFF_ROUTE, submittedFlag: true, public: true, texts: 'all', load: () => import('./screens/handoff/HandoffScreen') },
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
  // the opened client's routes moved to pages of their own (account.html, transferInStock.html, ...): an old link's way there
  ...MOVED_PATHS.map((path) => ({ path, submittedFlag: true, public: true, texts: 'first' as const, load: () => import('./screens/moved/MovedRoute') })),
  // a path without a screen on this page (e.g. a step whose screen another issue builds)
  { path: '*', submittedFlag: true, public: true, texts: 'first', load: () => import('./screens/not-found/NotFoundScreen') },
];

/** The route a path opens (react-router's matching here: exact and case-insensitive paths, else '*'). */
export const routeOfPath = (path: string): RouteEntry => routeIn(ROUTE_TABLE, path)!;

/** Starts loading the screen the address opens, and the login's without a session hint (core preloadFirstScreen). */
export const preloadFirstScreen = (hash: string, hasSession: boolean): RouteEntry => preloadFirstScreenOf(ROUTE_TABLE, hash, hasSession)!;

export { preloadRoute, hashPath, type RouteEntry };
