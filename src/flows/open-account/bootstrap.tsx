/**
 * Starts the open-account page on the core page start (src/core/app/start-page.tsx) with the flow's routes.
 * main.tsx and esop-main.tsx differ only in `esop` (see FlowSettings).
 */
import './app.css';
import { startPage } from '@core/app/start-page';
import { captureEntryChannel } from '@core/app/entry-channel';
import { routeObjects } from './AppShell';
import { FlowContext, flowTitleKey, type FlowSettings } from './flow-context';
import { flowRoutes, preloadFirstScreens } from './routes';

export function bootstrap(settings: FlowSettings): void {
  // the link's agent code / channel, compared with the application's before submit
  captureEntryChannel();
  startPage({
    routes: routeObjects(flowRoutes(settings)),
    appTitleKey: flowTitleKey(settings.esop),
    loginPath: '/login',
    preload: preloadFirstScreens,
    wrap: (page) => <FlowContext.Provider value={settings}>{page}</FlowContext.Provider>,
  });
}
