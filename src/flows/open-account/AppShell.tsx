/**
 * The element of each route: the core RouteGuard (session, submitted-only routes, title, progress step) around
 * the lazy screen, with a skeleton while the screen's chunk loads; the channel-change question before submit
 * (ChannelChangeGate) and, on a step sent back for correction, the reviewer's message (RejectionNotice) and the
 * correction round's Resubmit with its confirmation (core ResubmitGate); on a computer, "Continue on your phone" beside
 * a logged-in route (components/handoff).
 */
import { Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { isHandoffRoute } from '@core/domain/handoff';
import { lazyScreen } from '@core/i18n/lazy-screen';
import { RouteGuard } from '@core/router';
import { ResubmitGate } from '@core/step-engine/ResubmitGate';
import { RouteSkeleton } from '@core/app/flow-kit/RouteSkeleton';
import { ChannelChangeGate } from './components/ChannelChangeGate';
import { RejectionNotice } from './components/RejectionNotice';
import { onComputer } from '@core/app/on-computer';
import type { FlowRoute } from './routes';

/** "Continue on your phone" (issue 41): on a computer only, in a chunk of its own with the QR encoder and its texts */
const DesktopHandoff = lazyScreen(() => import('./components/handoff/DesktopHandoff'));
const computer = onComputer();

/** The computer's hand-off beside a route the phone can open, made anew for each route (a code opens the route it was made on). */
function HandoffBeside({ path }: { path: string }) {
  return (
    <Suspense fallback={null}>
      <DesktopHandoff key={path} route={path} />
    </Suspense>
  );
}

export function RouteElement({ route }: { route: FlowRoute }) {
  const { Screen } = route;
  return (
    <RouteGuard submittedFlag={route.submittedFlag} titleKey={route.titleKey} public={route.public}>
      <ChannelChangeGate>
        <Suspense fallback={<RouteSkeleton />}>
          {route.public ? (
            <Screen />
          ) : (
            <ResubmitGate>
              <RejectionNotice />
              <Screen />
            </ResubmitGate>
          )}
        </Suspense>
        {computer && !route.public && isHandoffRoute(route.path) ? <HandoffBeside path={route.path} /> : null}
      </ChannelChangeGate>
    </RouteGuard>
  );
}

/** The react-router table of the flow's routes. */
export function routeObjects(routes: FlowRoute[]): RouteObject[] {
  return routes.map((route) => ({ path: route.path, element: <RouteElement route={route} /> }));
}
