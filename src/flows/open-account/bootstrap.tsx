/**
 * Starts the open-account page: providers (React Query, i18n, toasts) and the hash router with lazy screens.
 * main.tsx and esop-main.tsx differ only in `esop` (see FlowSettings).
 */
import 'react-vant/es/styles/index.js';
import '@core/ui/theme.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '@core/api/query-client';
import { I18nProvider } from '@core/i18n';
import { GuardSettingsProvider } from '@core/router';
import { ToastHost } from '@core/ui/ToastHost';
import { routeObjects } from './AppShell';
import { FlowContext, flowTitleKey, type FlowSettings } from './flow-context';
import { flowRoutes, preloadFirstScreens } from './routes';

export function FlowProviders({ settings, queryClient, children }: { settings: FlowSettings; queryClient: QueryClient; children: React.ReactNode }) {
  return (
    <FlowContext.Provider value={settings}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider>
          <GuardSettingsProvider value={{ appTitleKey: flowTitleKey(settings.esop), loginPath: '/login' }}>{children}</GuardSettingsProvider>
          <ToastHost />
        </I18nProvider>
      </QueryClientProvider>
    </FlowContext.Provider>
  );
}

export function bootstrap(settings: FlowSettings): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from the page');
  preloadFirstScreens();
  const queryClient = createQueryClient();
  const router = createHashRouter(routeObjects(flowRoutes(settings)));
  createRoot(container).render(
    <StrictMode>
      <FlowProviders settings={settings} queryClient={queryClient}>
        <RouterProvider router={router} />
      </FlowProviders>
    </StrictMode>,
  );
}
