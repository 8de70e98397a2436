/**
 * The first moves of an after-opening page's entry, before its React part has loaded (as the open-account page's
 * early start, lighter): the language's first messages and, with a session hint and no page ticket to log in with
 * first, the user.
 */
import { startEarlyCall } from '../api/early-calls';
import { fetchUserInfo, sessionHinted } from '../api/first-fetches';
import { currentLang } from '../i18n/lang';
import { loadLang } from '../i18n/messages';

export function startAccountPage(): void {
  void loadLang(currentLang()).catch(() => undefined);
  if (sessionHinted() && !new URLSearchParams(window.location.search).has('ticket')) startEarlyCall('userInfo', () => fetchUserInfo());
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
