/**
 * The route table of the stock transfer-in pages (pages/transferInStock.html starts at the list,
 * pages/assetTransferAgreement.html at the agreement): the requests, a new request, the asset-transfer agreement.
 * Without React: the entries start loading the address's screen from it (core flow-kit/early.ts). `/login` is the
 * login screen the opening has (core), so a login (or a login again) stays on this page. A route joins this table
 * together with its screen.
 */
import type { RouteEntry } from '@core/app/flow-kit/route-table';
import { TRANSFER_IN_ROUTE } from '@core/domain/account-routes';

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/login', submittedFlag: true, public: true, texts: 'first', load: () => import('@core/app/login/LoginScreen') },
  { path: TRANSFER_IN_ROUTE.list, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/transfer-in/TransferInScreen') },
  { path: TRANSFER_IN_ROUTE.form, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/transfer-in/TransferInFormScreen') },
  { path: TRANSFER_IN_ROUTE.agreement, submittedFlag: true, public: false, texts: 'all', load: () => import('./screens/transfer-in/AssetTransferAgreementScreen') },
];
