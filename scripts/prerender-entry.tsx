/**
 * Build step (scripts/prerender.ts imports this under a jsdom window, style imports loaded as empty modules): a page's
 * first screen rendered by the app's own screens, in one language, as the page's HTML shows it before any script runs.
 */
import { Suspense, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { I18nProvider } from '@core/i18n/I18nProvider';
import { ALL_MESSAGES } from '@core/i18n/all-messages';
import type { Lang } from '@core/i18n/lang';
import { GuardSettingsProvider } from '@core/router';
import type { StartPageOptions } from '@core/app/start-page';
import { queryKeys } from '@core/api/keys';
import type { UserView } from '@core/domain/contract';

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * A visitor with a session as the first screen sees one before any answer has come: the guards pass (a user with no
 * account shown, no application), so that the screen's own wait for its data renders (it shows nothing of the user).
 */
export const SIGNED_IN: { user: UserView; application: null } = {
  user: { userId: '', phoneMasked: '', areaCode: '', subAcctId: null, clientStatus: 0, hasApplication: false, clientInfo: { accts: [] } },
  application: null,
};

export async function renderFirstScreen(page: StartPageOptions, route: string, lang: Lang, signedIn = false): Promise<string> {
  const { routes, wrap, ...settings } = page;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  if (signedIn) {
    queryClient.setQueryData(queryKeys.user(), SIGNED_IN.user);
    queryClient.setQueryData(queryKeys.application(), SIGNED_IN.application);
  }
  const tree: ReactNode = (
    <QueryClientProvider client={queryClient}>
      <I18nProvider lang={lang} messages={ALL_MESSAGES[lang]}>
        <GuardSettingsProvider value={settings}>
          <MemoryRouter initialEntries={[route]}>
            <Suspense fallback={null}>
              <Routes routes={routes} />
            </Suspense>
          </MemoryRouter>
        </GuardSettingsProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
  const { prelude } = await prerender(wrap ? wrap(tree) : tree);
  const reader = prelude.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
