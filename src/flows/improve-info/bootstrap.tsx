/** The improve-info page (issue 13): the broker's open request for an account, its items to answer. Query `sub` or `ticket`. */
import { accountPageRoutes } from '@core/app/account-page-routes';
import { startPage, type StartPageOptions } from '@core/app/start-page';
import { ROUTE_TABLE } from './route-table';
import './improve.css';

/** The page as startPage takes it (the build renders its first screens from the same: scripts/prerender.ts). */
export function pageOptions(): StartPageOptions {
  return {
    routes: accountPageRoutes('improveInfo', 'improveInfo.title', ROUTE_TABLE),
    appTitleKey: 'improveInfo.title',
    loginPath: '/login',
    loginFor: 'account',
  };
}

export function bootstrap(): void {
  startPage(pageOptions());
}
