/** Entry of /pages/assetTransferAgreement.html (query applyId, authorType, pageFrom, langType): the open-account flow at /assetTransferAgreement. */
import { captureEntryChannel } from '@core/bridge/entry-channel';
import { TRANSFER_IN_ROUTE } from '@core/domain/account-routes';
import { startEarly } from './early';
import { loadApp } from './load-app';
import { startAt } from './start-route';

// first, before anything rewrites the address: the agent code and channel it carries (the app banner, the channel change)
captureEntryChannel();
startAt(TRANSFER_IN_ROUTE.agreement);
startEarly();
loadApp({ esop: false, titleKey: 'assetTransfer.title' });
