/**
 * An after-opening flow's page's first moves, made by its entry before the React part has loaded: the core's early
 * start (messages, handshake, user, application) and the chunk and texts of the screen the address opens.
 */
import { earlyStart } from '../early-start';
import { preloadFirstScreen, type RouteEntry } from './route-table';

export function startFlowEarly(table: readonly RouteEntry[]): void {
  const { hinted } = earlyStart();
  preloadFirstScreen(table, window.location.hash, hinted);
}
