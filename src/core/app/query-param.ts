/**
 * A query parameter of the page's address, outside the app's router: from the outer query or from the query inside
 * the hash (`#/path?x=1`). (pick-lang.ts reads `lang` the same way inside itself: its source must stand alone.)
 */
export function readQueryParam(name: string, loc: Pick<Location, 'search' | 'hash'> = window.location): string | null {
  const outer = new URLSearchParams(loc.search).get(name);
  if (outer !== null) return outer;
  const q = loc.hash.indexOf('?');
  return q >= 0 ? new URLSearchParams(loc.hash.slice(q + 1)).get(name) : null;
}
