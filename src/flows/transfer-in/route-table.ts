/**
 * The route table of the stock transfer-in pages (pages/transferInStock.html starts at the list,
 * pages/assetTransferAgreement.html at the agreement): the requests, a new request, the asset-transfer agreement.
 * Without React: the entries start loading the address's screen from it (core flow-kit/early.ts). `/login` hands a
 * visitor without a session to the open-account page's login, which brings them back. A route joins this table
 * together with its screen.
 */
import type { RouteEntry } from '@core/app/flow-kit/route-table';
import { TRANSFER_IN_ROUTE } from '@core/domain/account-routes';

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: TRANSFER_IN_ROUTE.list, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/transfer-in/TransferInScreen') },
  { path: TRANSFER_IN_ROUTE.form, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/transfer-in/TransferInFormScreen') },
  { path: TRANSFER_IN_ROUTE.agreement, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/transfer-in/AssetTransferAgreementScreen') },
];

/** The routes of a page of the flow that starts at `start` (page: its address), with its `/login` hand-over. */
export function pageRouteTable(page: string): readonly RouteEntry[] {
  return [
    { path: '/login', submittedFlag: true, public: true, texts: 'first', load: () => import('@core/app/flow-kit/login-hand-over').then((m) => ({ default: m.loginHandOverTo(page) })) },
    ...ROUTE_TABLE,
  ];
}
