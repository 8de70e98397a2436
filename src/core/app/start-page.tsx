/**
 * What every page (pages/*.html) starts with: the base styles, React Query, the messages (react-intl + react-vant),
 * the route guard's settings, the toasts and a hash router over the page's routes. A flow's entry calls startPage with
 * its routes and, if it has one, its own context around them.
 */
import 'react-vant/es/styles/index.js';
import '../ui/theme.css';
import { ConnectionWatcher } from '../api/connection';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { HashRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { createQueryClient } from '../api/query-client';
import { onCaughtError } from '../ui/caught-errors';
import { startFirstCalls } from './first-calls';
import { I18nProvider } from '../i18n/I18nProvider';
import { GuardSettingsProvider } from '../router';
import { ToastHost } from '../ui/ToastHost';

export interface PageSettings {
  /** the message key of the page title (fixed inside the app shell) */
  appTitleKey: string;
  /** where a visitor without a session is sent (a hash route of this page, or another page's address) */
  loginPath: string;
  /** whom its login is for (the core GuardSettings): the opening's applicants unless the page is an opened client's */
  loginFor?: 'opening' | 'account';
}

export function PageProviders({ settings, queryClient, children }: { settings: PageSettings; queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <GuardSettingsProvider value={settings}>{children}</GuardSettingsProvider>
        <ToastHost />
        <ConnectionWatcher />
      </I18nProvider>
    </QueryClientProvider>
  );
}

export interface StartPageOptions extends PageSettings {
  routes: RouteObject[];
  /** the flow's own context around the page (e.g. the open-account flow's ESOP setting) */
  wrap?: (children: ReactNode) => ReactNode;
}

/**
 * The page's routes under a plain hash router: no loaders or actions are used, so React Router's data router (a large
 * part of its code) stays out of the first screen's script.
 */
function PageRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export function startPage({ routes, wrap, ...settings }: StartPageOptions): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from the page');
  const queryClient = createQueryClient();
  startFirstCalls(queryClient);
  const page = (
    <PageProviders settings={settings} queryClient={queryClient}>
      <HashRouter>
        <PageRoutes routes={routes} />
      </HashRouter>
    </PageProviders>
  );
  const root = createRoot(container, { onCaughtError });
  // rendered as a transition: React renders the first screen in slices of a few milliseconds, yielding to the browser
  // between them, instead of one long task that blocks input (the HTML's skeleton stays up until it commits)
  startTransition(() => root.render(<StrictMode>{wrap ? wrap(page) : page}</StrictMode>));
}
