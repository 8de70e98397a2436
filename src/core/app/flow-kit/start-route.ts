/**
 * A page of the flow that opens at a route of its own (transferInStock.html, assetTransferAgreement.html): with no
 * route in the address, the hash is set to it before the early start reads it (the page's query is kept).
 */
export function startAt(route: string): void {
  const hash = window.location.hash.replace(/^#/, '');
  if (hash && hash !== '/' && !hash.startsWith('/?')) return;
  const query = hash.startsWith('/?') ? hash.slice(1) : '';
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}#${route}${query}`);
}
