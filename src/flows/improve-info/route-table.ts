/**
 * The route table of the improve-info page (pages/improveInfo.html): the broker's request and its items, for an
 * opened client, and `/login`, the login screen the opening has (core), so that a browser visitor without a session
 * logs in on this page and stays on it. Without React: the entry starts loading the address's screen from it.
 */
import type { RouteEntry } from '@core/app/flow-kit/route-table';

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/login', submittedFlag: true, public: true, texts: 'first', load: () => import('@core/app/login/LoginScreen') },
  { path: '/', submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/improve/ImproveInfoScreen') },
];
