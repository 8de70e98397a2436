/**
 * The React part of the open-account page (loaded by the entry after its early start, early.ts): the core page start
 * (src/core/app/start-page.tsx) with the flow's routes. main.tsx and esop-main.tsx differ only in `esop` (FlowSettings).
 */
import '@core/app/flow-kit/flow.css';
import { startPage, type StartPageOptions } from '@core/app/start-page';
import { HandoffOffer } from '@core/ui/handoff/offer';
import { routeObjects } from './AppShell';
import { FlowContext, flowTitleKey, type FlowSettings } from './flow-context';
import { flowRoutes } from './routes';

/** The page as startPage takes it (the build renders its first screens from the same: scripts/prerender.ts). */
export function pageOptions(settings: FlowSettings): StartPageOptions {
  return {
    routes: routeObjects(flowRoutes(settings)),
    appTitleKey: flowTitleKey(settings.esop),
    loginPath: '/login',
    // a computer's visitor is offered to go on with the phone beside each step (issue 41)
    wrap: (page) => (
      <FlowContext.Provider value={settings}>
        <HandoffOffer.Provider value>{page}</HandoffOffer.Provider>
      </FlowContext.Provider>
    ),
  };
}

export function bootstrap(settings: FlowSettings): void {
  startPage(pageOptions(settings));
}
