/**
 * The route table of the account page (pages/account.html), the opened client's: the account home, the account's
 * information and its updates (with the trading password they ask for), the margin upgrade and the automatic currency
 * exchange. Without React: the entry starts loading the address's screen from it (core flow-kit/early.ts). Every route
 * is one for an opened client (submittedFlag); `/login` is the login screen the opening has (core), so a
 * login (or a login again) stays on this page. A route joins this table together with its screen.
 */
import type { RouteEntry } from '@core/app/flow-kit/route-table';
import { ACCOUNT_ROUTE, UPDATE_ROUTE } from '@core/domain/account-routes';

/** The page's first route (an address without one opens it). */
export const START_ROUTE = ACCOUNT_ROUTE.home;

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/login', submittedFlag: true, public: true, texts: 'first', load: () => import('@core/app/login/LoginScreen') },
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
];
