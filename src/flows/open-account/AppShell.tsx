/**
 * The element of each route: the core RouteGuard (session, submitted-only routes, title, progress step) around
 * the lazy screen, with a skeleton while the screen's chunk loads; the channel-change question before submit
 * (ChannelChangeGate) and, on a step sent back for correction, the reviewer's message (RejectionNotice) and the
 * correction round's Resubmit with its confirmation (core ResubmitGate).
 */
import { Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RouteGuard } from '@core/router';
import { ResubmitGate } from '@core/step-engine/ResubmitGate';
import { RouteSkeleton } from '@core/app/flow-kit/RouteSkeleton';
import { ChannelChangeGate } from './components/ChannelChangeGate';
import { RejectionNotice } from './components/RejectionNotice';
import type { FlowRoute } from './routes';

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
      </ChannelChangeGate>
    </RouteGuard>
  );
}

/** The react-router table of the flow's routes. */
export function routeObjects(routes: FlowRoute[]): RouteObject[] {
  return routes.map((route) => ({ path: route.path, element: <RouteElement route={route} /> }));
}
