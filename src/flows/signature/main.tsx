/** Entry of /pages/signature.html (query ticket, langType): the messages early, then the React part (bootstrap.tsx). */
import { captureEntryChannel } from '@core/bridge/entry-channel';
import { loadPage } from '@core/app/account-page-early';
import { currentLang } from '@core/i18n/lang';
import { loadLang } from '@core/i18n/messages';

// first, before anything rewrites the address: the agent code and channel it carries (the app banner, the channel change)
captureEntryChannel();
void loadLang(currentLang()).catch(() => undefined);
loadPage(() => import('./bootstrap').then((m) => m.bootstrap()));
