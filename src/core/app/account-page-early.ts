/**
 * The first moves of an after-opening page's entry, before its React part has loaded (as the open-account page's
 * early start, lighter): the language's first messages, with a session hint and no page ticket to log in with
 * first, the user, and the chunk of the screen the address opens (the page's route table).
 */
import { startEarlyCall } from '../api/early-calls';
import { fetchUserInfo, sessionHinted } from '../api/first-fetches';
import { PAGE_TICKET_PARAM } from '../domain/account-routes';
import { currentLang } from '../i18n/lang';
import { loadLang } from '../i18n/messages';
import { preloadFirstScreen, type RouteEntry } from './flow-kit/route-table';

export function startAccountPage(table: readonly RouteEntry[]): void {
  void loadLang(currentLang()).catch(() => undefined);
  const ticket = new URLSearchParams(window.location.search).has(PAGE_TICKET_PARAM);
  if (sessionHinted() && !ticket) startEarlyCall('userInfo', () => fetchUserInfo());
  // the address's screen (its chunk and texts) now, not once the React part has arrived; without a session hint or a
  // page ticket to log in with, the login too, where the guard sends a browser visitor
  preloadFirstScreen(table, window.location.hash, sessionHinted() || ticket);
}

/**
 * Loads the page's React part: React first, the rest in a later task (one long evaluation holds a cheap phone's main
 * thread). If the script cannot be loaded the page says so in the three languages and reloads when back online.
 */
export function loadPage(load: () => Promise<void>): void {
  import('react-dom/client')
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(load)
    .catch((e: unknown) => {
      console.error('the page could not be loaded', e);
      document.querySelector('.shell-body')?.remove();
      // a first screen painted from the HTML gives way too (first-screen.ts)
      document.querySelector('.shell-first')?.remove();
      document.querySelector('.shell')?.removeAttribute('data-first');
      const failed = document.querySelector<HTMLElement>('.shell-failed');
      if (failed) failed.hidden = false;
      failed?.querySelector('.shell-retry')?.addEventListener('click', () => window.location.reload());
      window.addEventListener('online', () => window.location.reload(), { once: true });
    });
}
