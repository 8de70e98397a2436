import '@testing-library/jest-dom';
import * as ReactDOM from 'react-dom';
import { createRoot } from 'react-dom/client';

// react-vant's imperative helpers look for createRoot on 'react-dom' (moved to 'react-dom/client' in React 19).
Object.assign(ReactDOM as unknown as Record<string, unknown>, { createRoot });

// jsdom has no matchMedia / scrollTo; react-vant calls them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}
window.scrollTo = () => {};

// Tests start as a page where a session was started (the readable hint cookie the service sets with it);
// a test of an anonymous visitor clears it with clearSessionHint().
beforeEach(() => {
  document.cookie = 'esop_in=1; path=/';
});
