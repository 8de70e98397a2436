/**
 * Entry of /pages/openAccount.html: the first calls and the screen's chunk start at once (early.ts, no React), then
 * the React part of the page, which the build lists for preloading in the page's HTML (scripts/preload-app.ts).
 */
import { captureEntryChannel } from '@core/bridge/entry-channel';
import { startEarly } from './early';
import { loadApp } from './load-app';
import { leaveForMovedRoute } from './moved-route';

// first, before anything rewrites the address: the agent code and channel it carries (the app banner, the channel change)
captureEntryChannel();
// an old link to a route that is now another page's (the account home, transfer-in): that page
if (!leaveForMovedRoute()) {
  startEarly();
  loadApp({ esop: false });
}
