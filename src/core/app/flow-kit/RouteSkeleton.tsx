import { PageSkeleton } from '@core/app/page-skeleton';

/**
 * The Suspense fallback while a screen's chunk loads, and a screen's wait for its data: core's PageSkeleton as the
 * account-opening page draws it (the same skeleton the HTML shell paints: two cards, the page's spacing).
 */
export function RouteSkeleton() {
  return <PageSkeleton cards={2} className="oa-route-skeleton" />;
}
