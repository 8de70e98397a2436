/** Entry of /pages/openEsopAccount.html: the same flow, the application marked as ESOP, the ESOP title (see main.tsx). */
import { captureEntryChannel } from '@core/bridge/entry-channel';
import { startEarly } from './early';
import { loadApp } from './load-app';
import { leaveForMovedRoute } from './moved-route';

// first, before anything rewrites the address: the agent code and channel it carries (the app banner, the channel change)
captureEntryChannel();
// an old link to a route that is now another page's (the account home, transfer-in): that page
if (!leaveForMovedRoute()) {
  startEarly();
  loadApp({ esop: true });
}
