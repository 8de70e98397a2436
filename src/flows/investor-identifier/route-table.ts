/**
 * The route table of the HK investor identifier page (pages/investorIdentifier.html): the consent and its result,
 * both for an opened client, and `/login`, the login screen the opening has (core), so that a browser visitor without
 * a session logs in on this page and stays on it. Without React: the entry starts loading the address's screen from it.
 */
import type { RouteEntry } from '@core/app/flow-kit/route-table';
import { HK_IDENTIFIER_ROUTE } from '@core/domain/account-routes';

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/login', submittedFlag: true, public: true, texts: 'first', load: () => import('@core/app/login/LoginScreen') },
  { path: HK_IDENTIFIER_ROUTE.consent, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/consent/ConsentScreen') },
  { path: HK_IDENTIFIER_ROUTE.result, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/result/ResultScreen') },
];
