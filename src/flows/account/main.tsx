/**
 * Entry of /pages/account.html (query sub, lang, t): the opened client's page, at the account home when the address
 * names no route. The first calls and the screen's chunk start at once (no React), then the React part (bootstrap.tsx).
 */
import { captureEntryChannel } from '@core/bridge/entry-channel';
import { loadPage } from '@core/app/account-page-early';
import { startFlowEarly } from '@core/app/flow-kit/early';
import { startAt } from '@core/app/flow-kit/start-route';
import { ROUTE_TABLE, START_ROUTE } from './route-table';

// first, before anything rewrites the address: the agent code and channel it carries (the app banner, the channel change)
captureEntryChannel();
startAt(START_ROUTE);
startFlowEarly(ROUTE_TABLE);
loadPage(() => import('./bootstrap').then((m) => m.bootstrap()));
