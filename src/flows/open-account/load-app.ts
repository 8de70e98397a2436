import { loadPage } from '@core/app/account-page-early';
import type { FlowSettings } from './flow-context';

/**
 * Loads the React part of the page (bootstrap.tsx and what it imports) and starts it, as every page does (core
 * loadPage: React, then the rest; a script that cannot be loaded is said in the three languages and the page reloads
 * when the connection returns).
 */
export function loadApp(settings: FlowSettings): void {
  loadPage(() => import('./bootstrap').then((m) => m.bootstrap(settings)));
}
