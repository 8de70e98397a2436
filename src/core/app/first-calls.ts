/**
 * What the first screen needs, asked for when the page's script starts, before React mounts, all at once: the
 * language's first messages; with a session hint, the cipher handshake and then the user and the application side by
 * side (the user's query shares the handshake); the client settings come written into the page
 * (src/core/domain/page-data.ts). Without this, each was asked only when the component needing it rendered, one after
 * another (messages, then user, then application, then the screen's chunk).
 */
import type { QueryClient } from '@tanstack/react-query';
import { hasSessionHint } from '../domain/auth';
import { applyDetailQuery } from '../api/apply-detail';
import { clientConfigQuery } from '../api/client-config';
import { userInfoQuery } from '../api/user-info';
import { currentLang } from '../i18n/lang';
import { loadLang } from '../i18n/messages';

export function startFirstCalls(queryClient: QueryClient): void {
  void loadLang(currentLang()).catch(() => undefined);
  void queryClient.prefetchQuery(userInfoQuery());
  if (typeof document !== 'undefined' && hasSessionHint(document.cookie)) {
    // the application of a session that turns out to be over is dropped by the login-expired handling and asked for
    // again after the login (login invalidates it)
    void queryClient.prefetchQuery(applyDetailQuery());
  }
  // the page's own settings, or (a page served without them) the call, started now rather than by the first user
  void queryClient.prefetchQuery(clientConfigQuery());
}
