/**
 * The HK investor identifier page (issue 13): `#/` explains the HKIDR, shows what will be sent and the consent to
 * sign; `#/result` shows the signed consent and the BCAN. Query `sub` (a browser's session) or `ticket` (the app).
 */
import { accountPageRoutes } from '@core/app/account-page-routes';
import { startPage, type StartPageOptions } from '@core/app/start-page';
import { HK_IDENTIFIER_ROUTE } from '@core/domain/account-routes';
import { lazyScreen } from '@core/i18n/lazy-screen';
import './identifier.css';

const ConsentScreen = lazyScreen(() => import('./screens/consent/ConsentScreen'));
const ResultScreen = lazyScreen(() => import('./screens/result/ResultScreen'));

/** The page as startPage takes it (the build renders its first screens from the same: scripts/prerender.ts). */
export function pageOptions(): StartPageOptions {
  return {
    routes: accountPageRoutes('hkIdentifier', [
      { path: HK_IDENTIFIER_ROUTE.consent, titleKey: 'hkIdentifier.title', Screen: ConsentScreen },
      { path: HK_IDENTIFIER_ROUTE.result, titleKey: 'hkIdentifier.title', Screen: ResultScreen },
    ]),
    appTitleKey: 'hkIdentifier.title',
    loginPath: '/login',
  };
}

export function bootstrap(): void {
  startPage(pageOptions());
}
