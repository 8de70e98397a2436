/**
 * The React part's first queries, started as the query client is made, before React mounts: the user and, with a
 * session hint, the application (each takes the call the page's early start already has in flight, early-calls.ts, or
 * makes it), and the client settings (written into the page: src/core/domain/page-data.ts). The first messages are
 * the early start's and I18nProvider's.
 */
import type { QueryClient } from '@tanstack/react-query';
import { applyDetailQuery } from '../api/shell';
import { clientConfigQuery } from '../api/system';
import { userInfoQuery } from '../api/shell';
import { sessionHinted } from '../api/first-fetches';

export function startFirstCalls(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(userInfoQuery());
  if (sessionHinted()) {
    // the application of a session that turns out to be over is dropped by the login-expired handling and asked for
    // again after the login (login invalidates it)
    void queryClient.prefetchQuery(applyDetailQuery());
  }
  // the page's own settings, or (a page served without them) the call, started now rather than by the first user
  void queryClient.prefetchQuery(clientConfigQuery());
}
