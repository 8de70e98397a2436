/**
 * The router's routes of an after-opening page of its own (pages/investorIdentifier.html, pages/improveInfo.html)
 * from its route table (flow-kit/route-table.ts): each protected route behind the app's page ticket and the core guard,
 * each public one (the page's `/login`, the core login screen) behind the guard alone (account-page.tsx, loaded on
 * demand with the screen, so the page's first script carries neither the forms kit nor the calls); a path the page
 * does not have goes to its first route.
 */
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import type { AccountPage } from '../domain/hk-identifier';
import { lazyScreen } from '../i18n/lazy-screen';
import type { RouteEntry } from './flow-kit/route-table';
import { PageSkeleton } from './page-skeleton';

export { PageSkeleton };

const AccountRoute = lazy(() => import('./account-page'));
const AccountPublicRoute = lazy(() => import('./account-page').then((m) => ({ default: m.AccountPublicRoute })));

/** `titleKey`: the page title's message key, on every route. */
export function accountPageRoutes(page: AccountPage, titleKey: string, table: readonly RouteEntry[]): RouteObject[] {
  return [
    ...table.map((route): RouteObject => {
      const Screen = route.texts === 'all' ? lazyScreen(route.load) : lazy(route.load);
      return {
        path: route.path,
        element: (
          <Suspense fallback={<PageSkeleton />}>
            {route.public ? <AccountPublicRoute titleKey={titleKey} Screen={Screen} /> : <AccountRoute page={page} titleKey={titleKey} Screen={Screen} />}
          </Suspense>
        ),
      };
    }),
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}
