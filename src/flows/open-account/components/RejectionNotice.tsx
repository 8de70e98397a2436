/**
 * On a step the reviewer sent back (status 1900-1904, the step in rejectData.steps): what to do here ("correct this
 * page"), the reason in the applicant's language and the reviewer's note, above the page, so the applicant sees what
 * to correct while editing. Nothing on other routes.
 */
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useApplyDetail } from '@core/api/shell';
import { isRejected } from '@core/domain/status';
import { stepOfRoute } from '@core/domain/steps';

// its words and styles load only on a step sent back: the route shell around every screen is in every page's first
// script (issue 37 kept the first script within its budget)
const Notice = lazy(() => import('./RejectionNoticeBody'));

export function RejectionNotice() {
  const { pathname } = useLocation();
  const { data: app } = useApplyDetail();
  const step = stepOfRoute(pathname);
  if (!app || !step || !isRejected(app.applyStatus) || !app.rejectData?.steps.includes(step)) return null;
  return (
    <Suspense fallback={null}>
      <Notice rejectData={app.rejectData} />
    </Suspense>
  );
}
