/** The improve-info page (issue 13): the broker's open request for an account, its items to answer. Query `sub` or `ticket`. */
import { accountPageRoutes } from '@core/app/account-page-routes';
import { startPage, type StartPageOptions } from '@core/app/start-page';
import { lazyScreen } from '@core/i18n/lazy-screen';
import './improve.css';

const ImproveInfoScreen = lazyScreen(() => import('./screens/improve/ImproveInfoScreen'));

/** The page as startPage takes it (the build renders its first screens from the same: scripts/prerender.ts). */
export function pageOptions(): StartPageOptions {
  return {
    routes: accountPageRoutes('improveInfo', [{ path: '/', titleKey: 'improveInfo.title', Screen: ImproveInfoScreen }]),
    appTitleKey: 'improveInfo.title',
    loginPath: '/login',
  };
}

export function bootstrap(): void {
  startPage(pageOptions());
}
