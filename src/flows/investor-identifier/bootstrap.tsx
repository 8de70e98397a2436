/**
 * The HK investor identifier page (issue 13): `#/` explains the HKIDR, shows what will be sent and the consent to
 * sign; `#/result` shows the signed consent and the BCAN; `#/login` the login of a browser visitor without a session. Query `sub` (a browser's session) or `ticket` (the app).
 */
import { accountPageRoutes } from '@core/app/account-page-routes';
import { startPage, type StartPageOptions } from '@core/app/start-page';
import { ROUTE_TABLE } from './route-table';
import './identifier.css';

/** The page as startPage takes it (the build renders its first screens from the same: scripts/prerender.ts). */
export function pageOptions(): StartPageOptions {
  return {
    routes: accountPageRoutes('hkIdentifier', 'hkIdentifier.title', ROUTE_TABLE),
    appTitleKey: 'hkIdentifier.title',
    loginPath: '/login',
    loginFor: 'account',
  };
}

export function bootstrap(): void {
  startPage(pageOptions());
}
