/**
 * What a page's entry module runs first, before it imports the React part of the page (see the entries of
 * src/flows/*): the language's first messages, and, with a session hint, the cipher handshake with the user and the
 * application side by side (they share the handshake). The React part's queries take these calls in flight
 * (early-calls.ts), so the first screen waits for at most one handshake and one round of calls, started while the rest
 * of the script is still loading. Nothing here imports React or React Query.
 */
import type { ApplicationView } from '../domain/contract';
import { startEarlyCall } from '../api/early-calls';
import { fetchApplyDetail, fetchUserInfo, sessionHinted } from '../api/first-fetches';
import { currentLang } from '../i18n/lang';
import { loadLang } from '../i18n/messages';

export interface EarlyStart {
  /** a session was started on this browser (the readable hint cookie): the calls below were started */
  hinted: boolean;
  /** the application, when hinted */
  application?: Promise<ApplicationView | null>;
}

/**
 * The browser's first use of Intl loads its locale data (tens of ms on a cheap phone; react-intl does it when it first
 * renders). Done here, in its own task while the page's scripts and first calls are still on the network, that cost
 * leaves the first render's critical path.
 */
function warmIntl(lang: string): void {
  // one task each: together they are one long task on a cheap phone
  const warmers = [
    () => Intl.NumberFormat.supportedLocalesOf(lang),
    () => Intl.DateTimeFormat.supportedLocalesOf(lang),
    () => Intl.PluralRules.supportedLocalesOf(lang),
  ];
  for (const warm of warmers) {
    setTimeout(() => {
      try {
        warm();
      } catch {
        // a browser without Intl: react-intl reports it where it is used
      }
    }, 0);
  }
}

export function earlyStart(): EarlyStart {
  const lang = currentLang();
  void loadLang(lang).catch(() => undefined);
  warmIntl(lang);
  const hinted = sessionHinted();
  if (!hinted) return { hinted };
  startEarlyCall('userInfo', () => fetchUserInfo());
  return { hinted, application: startEarlyCall('applyDetail', () => fetchApplyDetail()) };
}
