/**
 * `/`: where a visitor lands. A link's `jump` query names the route to open; otherwise: no application → home
 * (/account); an application → the step to resume (a restricted applicant whose list starts with STATEMENT lands
 * on /statement that way); a submitted one → its status page. The spec's "/ redirects to /statement" is met
 * through the resume step (see decisions).
 */
import { Navigate } from 'react-router-dom';
import { useApplyDetail } from '@core/api';
import { clientTypeOf, isLockedForEditing, statusRouteOf } from '@core/domain';
import { readQueryParam } from '@core/i18n';
import { RouteSkeleton } from '../../components/RouteSkeleton';
import { resumeRoute } from '../../resume';
import { namedRoute } from '../../routes';

export default function RootRedirect() {
  const jump = namedRoute(readQueryParam('jump'));
  const detail = useApplyDetail({ enabled: !jump });
  if (jump) return <Navigate to={jump} replace />;
  if (detail.isPending) return <RouteSkeleton />;
  const app = detail.data;
  if (!app) return <Navigate to="/account" replace />;
  if (isLockedForEditing(app.applyStatus, app.clientStatus)) {
    return <Navigate to={statusRouteOf(clientTypeOf(app.oaType))} replace />;
  }
  return <Navigate to={resumeRoute(app)} replace />;
}
