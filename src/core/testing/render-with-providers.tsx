/**
 * Renders a component the way the app does: QueryClient, I18nProvider (messages loaded synchronously),
 * a MemoryRouter at `route`, the ToastHost, and a location probe readable by role.
 */
import type { ReactElement, ReactNode } from 'react';
import { render, screen, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { I18nProvider } from '../i18n/I18nProvider';
import { ALL_MESSAGES } from '../i18n/all-messages';
import type { Lang } from '../i18n/lang';
import { ToastHost } from '../ui/ToastHost';

export const testMessages = ALL_MESSAGES;

/** A QueryClient for tests: no retries, no garbage-collection timers left behind. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity, staleTime: 0, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** Shows the router location (pathname + search) as a named note, for assertions by role. */
export function LocationProbe() {
  const loc = useLocation();
  return (
    <div role="note" aria-label="current location">
      {`${loc.pathname}${loc.search}`}
    </div>
  );
}

export function currentLocation(): string {
  return screen.getByRole('note', { name: 'current location' }).textContent ?? '';
}

export interface RenderOptions {
  route?: string;
  /** a history to start with (the last entry is shown unless initialIndex says otherwise); overrides route */
  initialEntries?: string[];
  initialIndex?: number;
  lang?: Lang;
  queryClient?: QueryClient;
  /** render the location probe (default true) */
  probe?: boolean;
}

export function Providers({
  children,
  route = '/',
  initialEntries,
  initialIndex,
  lang = 'en',
  queryClient,
  probe = true,
}: RenderOptions & { children: ReactNode; queryClient: QueryClient }) {
  const entries = initialEntries ?? [route];
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider lang={lang} messages={testMessages[lang]}>
        <MemoryRouter initialEntries={entries} initialIndex={initialIndex ?? entries.length - 1}>
          {children}
          {probe ? <LocationProbe /> : null}
        </MemoryRouter>
        <ToastHost />
      </I18nProvider>
    </QueryClientProvider>
  );
}

export function renderWithProviders(
  ui: ReactElement,
  opts: RenderOptions = {},
): RenderResult & { queryClient: QueryClient; user: ReturnType<typeof userEvent.setup> } {
  const queryClient = opts.queryClient ?? createTestQueryClient();
  const user = userEvent.setup({ advanceTimers: (ms) => (jest.isMockFunction(setTimeout) ? jest.advanceTimersByTime(ms) : undefined) });
  const result = render(
    <Providers {...opts} queryClient={queryClient}>
      {ui}
    </Providers>,
  );
  return { ...result, queryClient, user };
}

/**
 * A screen at its path, with every other path rendered as "elsewhere" (so a test can see the screen navigate
 * away). `route` defaults to the path; `initialEntries` gives a history instead (e.g. a query, or a page before).
 */
export function renderScreenAt(path: string, screenElement: ReactElement, opts: RenderOptions = {}) {
  return renderWithProviders(
    <Routes>
      <Route path={path} element={screenElement} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { route: path, ...opts },
  );
}
