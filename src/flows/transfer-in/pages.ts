import { ASSET_TRANSFER_PAGE, TRANSFER_IN_PAGE, TRANSFER_IN_ROUTE } from '@core/domain/account-routes';
import type { TransferPage } from './bootstrap';

/** The flow's two pages (scripts/pages.ts passes the same settings to pageOptions when it renders their first screens). */
export const TRANSFER_IN: TransferPage = { page: TRANSFER_IN_PAGE, titleKey: 'transferIn.pageTitle', start: TRANSFER_IN_ROUTE.list };
export const ASSET_TRANSFER: TransferPage = { page: ASSET_TRANSFER_PAGE, titleKey: 'assetTransfer.title', start: TRANSFER_IN_ROUTE.agreement };
