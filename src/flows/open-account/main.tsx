/**
 * Entry of /pages/openAccount.html: the first calls and the screen's chunk start at once (early.ts, no React), then
 * the React part of the page, which the build lists for preloading in the page's HTML (scripts/preload-app.ts).
 */
import { captureEntryChannel } from '@core/bridge/entry-channel';
import { startEarly } from './early';
import { loadApp } from './load-app';

// first, before anything rewrites the address: the agent code and channel it carries (the app banner, the channel change)
captureEntryChannel();
startEarly();
loadApp({ esop: false });
