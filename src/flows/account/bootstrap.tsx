/**
 * The React part of the account page (pages/account.html, loaded by the entry after its early start): the core page
 * start with the flow's routes (core flow-kit), titled "My account" (the account home's own title).
 */
import '@core/app/flow-kit/flow.css';
import { flowRouteObjects } from '@core/app/flow-kit/flow-routes';
import { startPage, type StartPageOptions } from '@core/app/start-page';
import { ROUTE_TABLE, START_ROUTE } from './route-table';

const TITLE_KEY = 'accountHome.title';

/** The page as startPage takes it (the build renders its first screens from the same: scripts/prerender.ts). */
export function pageOptions(): StartPageOptions {
  return { routes: flowRouteObjects(ROUTE_TABLE, { titleKey: TITLE_KEY, start: START_ROUTE }), appTitleKey: TITLE_KEY, loginPath: '/login', loginFor: 'account' };
}

export function bootstrap(): void {
  startPage(pageOptions());
}
