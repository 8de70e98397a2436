/** Entry of /pages/transferInStock.html (query pageFrom, langType): the open-account flow at /transferInStock, with its own title. */
import { captureEntryChannel } from '@core/bridge/entry-channel';
import { TRANSFER_IN_ROUTE } from '@core/domain/account-routes';
import { startEarly } from './early';
import { loadApp } from './load-app';
import { startAt } from './start-route';

// first, before anything rewrites the address: the agent code and channel it carries (the app banner, the channel change)
captureEntryChannel();
startAt(TRANSFER_IN_ROUTE.list);
startEarly();
loadApp({ esop: false, titleKey: 'transferIn.pageTitle' });
