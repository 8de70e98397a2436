/** Entry of /pages/investorIdentifier.html: the early start, then the React part (bootstrap.tsx). */
import { captureEntryChannel } from '@core/bridge/entry-channel';
import { loadPage, startAccountPage } from '@core/app/account-page-early';
import { ROUTE_TABLE } from './route-table';

// first, before anything rewrites the address: the agent code and channel it carries (the app banner, the channel change)
captureEntryChannel();
startAccountPage(ROUTE_TABLE);
loadPage(() => import('./bootstrap').then((m) => m.bootstrap()));
