/**
 * Starts the open-account page on the core page start (src/core/app/start-page.tsx) with the flow's routes.
 * main.tsx and esop-main.tsx differ only in `esop` (see FlowSettings).
 */
import './app.css';
import { startPage } from '@core/app/start-page';
import { captureEntryChannel } from '@core/app/entry-channel';
import { routeObjects } from './AppShell';
import { FlowContext, flowTitleKey, type FlowSettings } from './flow-context';
import { flowRoutes, preloadFirstScreen, routeOfPath, type FlowRoute } from './routes';
import { hasSessionHint } from '@core/domain/auth';
import { HOME_ROUTE } from '@core/domain/steps';
import { applyDetailQuery } from '@core/api/apply-detail';
import { areaTypeQuery } from '@core/api/area-type';
import type { QueryClient } from '@tanstack/react-query';
import { landingRoute } from './resume';

/**
 * What the first screen of this flow needs beyond the core's first calls: the screen's chunk; on home, the opening-area
 * flags; on `/`, the chunk of the screen it redirects to as soon as the application is known.
 */
function preloadFor(routes: FlowRoute[]) {
  return (queryClient: QueryClient) => {
    const hinted = hasSessionHint(document.cookie);
    preloadFirstScreen(routes, window.location.hash, hinted);
    if (!hinted) return;
    const path = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
    const route = routeOfPath(routes, path);
    if (route?.path === HOME_ROUTE) void queryClient.prefetchQuery(areaTypeQuery());
    if (route?.path === '/') {
      void queryClient
        .fetchQuery(applyDetailQuery())
        .then((app) => routeOfPath(routes, landingRoute(app))?.preload())
        .catch(() => undefined);
    }
  };
}

export function bootstrap(settings: FlowSettings): void {
  // the link's agent code / channel, compared with the application's before submit
  captureEntryChannel();
  const routes = flowRoutes(settings);
  startPage({
    routes: routeObjects(routes),
    appTitleKey: flowTitleKey(settings.esop),
    loginPath: '/login',
    preload: preloadFor(routes),
    wrap: (page) => <FlowContext.Provider value={settings}>{page}</FlowContext.Provider>,
  });
}
