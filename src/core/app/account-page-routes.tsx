/**
 * The route table of an after-opening page of its own (pages/investorIdentifier.html, pages/improveInfo.html): each
 * route behind the app's page ticket and the core guard (account-page.tsx, loaded on demand with the screen, so the
 * page's first script carries neither the forms kit nor the calls), and `/login`, which hands a browser visitor
 * without a session to the open-account page's login (it brings them back).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import type { AccountPage } from '../domain/hk-identifier';
import { PageSkeleton } from './page-skeleton';

export { PageSkeleton };

const AccountRoute = lazy(() => import('./account-page'));
const LoginHandOver = lazy(() => import('./account-page').then((m) => ({ default: m.LoginHandOver })));

export interface AccountPageRoute {
  path: string;
  /** the page title message key */
  titleKey: string;
  Screen: ComponentType;
}

export function accountPageRoutes(page: AccountPage, routes: AccountPageRoute[]): RouteObject[] {
  return [
    ...routes.map(({ path, titleKey, Screen }) => ({
      path,
      element: (
        <Suspense fallback={<PageSkeleton />}>
          <AccountRoute page={page} titleKey={titleKey} Screen={Screen} />
        </Suspense>
      ),
    })),
    {
      path: '/login',
      element: (
        <Suspense fallback={<PageSkeleton />}>
          <LoginHandOver page={page} />
        </Suspense>
      ),
    },
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}
