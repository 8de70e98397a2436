/**
 * `/`: where a visitor lands (a link's `jump` query is followed by the core RouteGuard before this runs).
 * No application → home (/account); an application → the step to resume (a restricted applicant whose list starts
 * with STATEMENT lands on /statement that way); a submitted one → its status page. The spec's "/ redirects to
 * /statement" is met through the resume step (see decisions).
 */
import { Navigate, useLocation } from 'react-router-dom';
import { useApplyDetail } from '@core/api/applications';
import { RouteSkeleton } from '@core/app/flow-kit/RouteSkeleton';
import { landingRoute } from '../../resume';

export default function RootRedirect() {
  const detail = useApplyDetail();
  const { search } = useLocation();
  if (detail.isPending) return <RouteSkeleton />;
  const app = detail.data;
  // the query (lang, jump, channel…) travels on with the redirect
  const go = (pathname: string) => <Navigate to={{ pathname, search }} replace />;
  return go(landingRoute(app ?? null));
}
