import type { FlowSettings } from './flow-context';

/**
 * Loads the React part of the page (bootstrap.tsx and what it imports) and starts it. If the script cannot be loaded
 * (the connection dropped), the page says so in the three languages and reloads when the connection returns.
 */
export function loadApp(settings: FlowSettings): void {
  import('./bootstrap')
    .then((m) => m.bootstrap(settings))
    .catch((e: unknown) => {
      console.error('the page could not be loaded', e);
      const skeleton = document.querySelector('.shell-skeleton');
      const failed = document.querySelector<HTMLElement>('.shell-failed');
      if (failed) failed.hidden = false;
      skeleton?.remove();
      window.addEventListener('online', () => window.location.reload(), { once: true });
    });
}
