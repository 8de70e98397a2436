/**
 * Entry of /pages/openAccount.html: the first calls and the screen's chunk start at once (early.ts, no React), then
 * the React part of the page, which the build lists for preloading in the page's HTML (scripts/preload-app.ts).
 */
import { startEarly } from './early';
import { loadApp } from './load-app';

startEarly();
loadApp({ esop: false });
