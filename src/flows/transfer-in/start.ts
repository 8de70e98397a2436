/** What both entries of the flow do: the page's first route, the early start, then the React part (bootstrap.tsx). */
import { captureEntryChannel } from '@core/bridge/entry-channel';
import { loadPage } from '@core/app/account-page-early';
import { startFlowEarly } from '@core/app/flow-kit/early';
import { startAt } from '@core/app/flow-kit/start-route';
import type { TransferPage } from './bootstrap';
import { ROUTE_TABLE } from './route-table';

export function startTransferPage(settings: TransferPage): void {
  // first, before anything rewrites the address: the agent code and channel it carries (the app banner, the channel change)
  captureEntryChannel();
  startAt(settings.start);
  startFlowEarly(ROUTE_TABLE);
  loadPage(() => import('./bootstrap').then((m) => m.bootstrap(settings)));
}
