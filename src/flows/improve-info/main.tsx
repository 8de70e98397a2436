/** Entry of /pages/improveInfo.html: the early start, then the React part (bootstrap.tsx). */
import { loadPage, startAccountPage } from '@core/app/account-page-early';

startAccountPage();
loadPage(() => import('./bootstrap').then((m) => m.bootstrap()));
