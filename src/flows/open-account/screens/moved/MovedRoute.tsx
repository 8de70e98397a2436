/**
 * A route of the opened client that moved from this page to a page of its own (issue 39: account.html,
 * transferInStock.html, assetTransferAgreement.html), reached by a link inside this page: the same route, with the
 * page's query and the route's, on its new page (domain movedRouteUrl). The entry sends an address that opens such a
 * route before anything loads; this covers the in-page way.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteSkeleton } from '@core/app/flow-kit/RouteSkeleton';
import { movedRouteUrl } from '@core/domain/account-routes';

export default function MovedRoute() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const url = movedRouteUrl(window.location.search, `#${pathname}${search}`);
    if (url) window.location.replace(url);
  }, [pathname, search]);
  return <RouteSkeleton />;
}
