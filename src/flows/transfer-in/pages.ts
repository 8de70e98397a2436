// a relative import: scripts/pages.ts (read by vite.config.ts, without the @core alias) takes these settings
import { TRANSFER_IN_ROUTE } from '../../core/domain/account-routes';
import type { TransferPage } from './bootstrap';

/** The flow's two pages (scripts/pages.ts passes the same settings to pageOptions when it renders their first screens). */
export const TRANSFER_IN: TransferPage = { titleKey: 'transferIn.pageTitle', start: TRANSFER_IN_ROUTE.list };
export const ASSET_TRANSFER: TransferPage = { titleKey: 'assetTransfer.title', start: TRANSFER_IN_ROUTE.agreement };
