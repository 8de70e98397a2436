/**
 * The React part of the transfer-in pages (loaded by their entries after the early start): the core page start with
 * the flow's routes (core flow-kit), each page with its own title and first route (TransferPage).
 */
import '@core/app/flow-kit/flow.css';
import { flowRouteObjects } from '@core/app/flow-kit/flow-routes';
import { startPage, type StartPageOptions } from '@core/app/start-page';
import { ROUTE_TABLE } from './route-table';

/** What differs between the two pages: the title and the first route. */
export interface TransferPage {
  titleKey: string;
  start: string;
}

/** The page as startPage takes it (the build renders its first screens from the same: scripts/prerender.ts). */
export function pageOptions({ titleKey, start }: TransferPage): StartPageOptions {
  return { routes: flowRouteObjects(ROUTE_TABLE, { titleKey, start }), appTitleKey: titleKey, loginPath: '/login', loginFor: 'account' };
}

export function bootstrap(settings: TransferPage): void {
  startPage(pageOptions(settings));
}
