/**
 * The open-account page's first moves, made by its entry before the React part of the page has loaded: the core's
 * early start (messages, handshake, user, application), the chunk and texts of the screen the address opens, on home
 * the opening-area flags, and on `/` the screen it will redirect to as soon as the application is known.
 */
import { earlyStart } from '@core/app/early-start';
import { startEarlyCall } from '@core/api/early-calls';
import { fetchAreaType } from '@core/api/first-fetches';
import { HOME_ROUTE } from '@core/domain/steps';
import { preloadFirstScreen, preloadRoute, routeOfPath } from './route-table';
import { landingRoute } from './resume';

export function startEarly(): void {
  const { hinted, application } = earlyStart();
  const route = preloadFirstScreen(window.location.hash, hinted);
  if (hinted && route.path === HOME_ROUTE) startEarlyCall('areaType', () => fetchAreaType());
  if (application && route.path === '/') {
    application.then((app) => preloadRoute(routeOfPath(landingRoute(app)))).catch(() => undefined);
  }
}
