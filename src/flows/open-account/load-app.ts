import type { FlowSettings } from './flow-context';

/**
 * Loads the React part of the page (bootstrap.tsx and what it imports) and starts it: React, then the rest. If the script cannot be loaded
 * (the connection dropped), the page says so in the three languages and reloads when the connection returns.
 */
export function loadApp(settings: FlowSettings): void {
  // React first, then (in a later task) the rest: one long evaluation would hold a cheap phone's main thread
  import('react-dom/client')
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => import('./bootstrap'))
    .then((m) => m.bootstrap(settings))
    .catch((e: unknown) => {
      console.error('the page could not be loaded', e);
      // the skeleton's header stays; its shimmering lines give way to the message and a button to try again
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
