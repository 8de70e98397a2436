/** Entry of /pages/signature.html (query ticket, langType): the messages early, then the React part (bootstrap.tsx). */
import { loadPage } from '@core/app/account-page-early';
import { currentLang } from '@core/i18n/lang';
import { loadLang } from '@core/i18n/messages';

void loadLang(currentLang()).catch(() => undefined);
loadPage(() => import('./bootstrap').then((m) => m.bootstrap()));
