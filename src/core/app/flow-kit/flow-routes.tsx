/**
 * The router's routes of an after-opening flow's page (account.html, transferInStock.html, ...) from its route table
 * (route-table.ts): each screen lazy (lazyScreen for a screen that needs all the messages, so its chunk and texts load
 * together) behind the core RouteGuard (session, submitted-only routes, the page title), with the skeleton while its
 * chunk loads; a path the page does not have goes to the page's first route.
 */
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../i18n/lazy-screen';
import { RouteGuard } from '../../router';
import { RouteSkeleton } from './RouteSkeleton';
import type { RouteEntry } from './route-table';

export function flowRouteObjects(table: readonly RouteEntry[], { titleKey, start }: { titleKey: string; start: string }): RouteObject[] {
  return [
    ...table.map((route): RouteObject => {
      const Screen = route.texts === 'all' ? lazyScreen(route.load) : lazy(route.load);
      return {
        path: route.path,
        element: (
          <RouteGuard submittedFlag={route.submittedFlag} titleKey={titleKey} public={route.public}>
            <Suspense fallback={<RouteSkeleton />}>
              <Screen />
            </Suspense>
          </RouteGuard>
        ),
      };
    }),
    { path: '*', element: <Navigate to={start} replace /> },
  ];
}
