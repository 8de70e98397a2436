import { movedRouteUrl } from '@core/domain/account-routes';

/**
 * An address of this page whose route moved to a page of its own (issue 39: the opened client's routes to account.html,
 * the transfer-in routes to theirs): sent there at once, query and route kept, before anything else loads. True when
 * the page is leaving.
 */
export function leaveForMovedRoute(): boolean {
  const url = movedRouteUrl(window.location.search, window.location.hash);
  if (url) window.location.replace(url);
  return url !== null;
}
