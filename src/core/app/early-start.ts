/**
 * What a page's entry module runs first, before it imports the React part of the page (see the entries of
 * src/flows/*): the language's first messages, and, with a session hint, the cipher handshake with the user and the
 * application side by side (they share the handshake). The React part's queries take these calls in flight
 * (early-calls.ts), so the first screen waits for at most one handshake and one round of calls, started while the rest
 * of the script is still loading. Nothing here imports React or React Query.
 */
import { hasSessionHint } from '../domain/auth';
import type { ApplicationView } from '../domain/contract';
import { startEarlyCall } from '../api/early-calls';
import { fetchApplyDetail, fetchUserInfo } from '../api/first-fetches';
import { currentLang } from '../i18n/lang';
import { loadLang } from '../i18n/messages';

export interface EarlyStart {
  /** a session was started on this browser (the readable hint cookie): the calls below were started */
  hinted: boolean;
  /** the application, when hinted */
  application?: Promise<ApplicationView | null>;
}

export function earlyStart(): EarlyStart {
  void loadLang(currentLang()).catch(() => undefined);
  const hinted = typeof document !== 'undefined' && hasSessionHint(document.cookie);
  if (!hinted) return { hinted };
  startEarlyCall('userInfo', () => fetchUserInfo());
  return { hinted, application: startEarlyCall('applyDetail', () => fetchApplyDetail()) };
}
