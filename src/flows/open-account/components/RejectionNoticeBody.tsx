/** RejectionNotice's content (loaded with it only on a step sent back): what to do here, the reason and the note. */
import type { ApplicationView } from '@core/domain/contract';
import { useT } from '@core/i18n/use-t';
import { ReviewerReason } from './status/ReviewerReason';
import './rejection-notice.css';

export default function RejectionNoticeBody({ rejectData }: { rejectData: NonNullable<ApplicationView['rejectData']> }) {
  const t = useT();
  return <ReviewerReason rejectData={rejectData} heading={t('submit.rejected.here')} className="esop-rejection-notice" />;
}
