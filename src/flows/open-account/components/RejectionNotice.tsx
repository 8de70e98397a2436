/**
 * On a step the reviewer sent back (status 1900-1904, the step in rejectData.steps): what to do here ("correct this
 * page"), the reason in the applicant's language and the reviewer's note, above the page, so the applicant sees what
 * to correct while editing. Nothing on other routes.
 */
import { useLocation } from 'react-router-dom';
import { useApplyDetail } from '@core/api/apply-detail';
import { isRejected } from '@core/domain/status';
import { stepOfRoute } from '@core/domain/steps';
import { useT } from '@core/i18n/use-t';
import { ReviewerReason } from './status/ReviewerReason';
import './rejection-notice.css';

export function RejectionNotice() {
  const t = useT();
  const { pathname } = useLocation();
  const { data: app } = useApplyDetail();
  const step = stepOfRoute(pathname);
  if (!app || !step || !isRejected(app.applyStatus) || !app.rejectData?.steps.includes(step)) return null;
  return (
    <ReviewerReason rejectData={app.rejectData} heading={t('submit.rejected.here')} className="esop-rejection-notice" />
  );
}
