/**
 * Why the review team sent the application back (issue 37: the reviewer's text alone, typed in the reviewer's
 * language, reached a traditional-Chinese page with no reason in the applicant's words): the reason from the desk's
 * list in the applicant's language, then the reviewer's note, labelled as their own words (as written).
 */
import type { ApplicationView } from '@core/domain/contract';
import { todayInHongKong } from '@core/domain/identity';
import { useT } from '@core/i18n/use-t';

type RejectData = NonNullable<ApplicationView['rejectData']>;

export function ReviewerReason({ rejectData, heading, className = 'oa-status__reason' }: { rejectData: RejectData; heading?: string; className?: string }) {
  const t = useT();
  const title = heading ?? t('status.reason');
  if (!rejectData.reason && !rejectData.message) return null;
  return (
    <div className={className} role="note" aria-label={title}>
      <strong>{title}</strong>
      {rejectData.reason ? <p className="oa-reason__why">{t(`status.reasons.${rejectData.reason}`)}</p> : null}
      {rejectData.message ? (
        <p className="oa-reason__note">
          <span className="oa-reason__label">{t('status.reviewerNote')}</span> <q>{rejectData.message}</q>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The acknowledgement of a corrected resubmission, from the service's record of it (resubmittedAt), while the
 * corrections are under review: the Hong Kong date, as the flow shows dates (YYYY/MM/DD).
 */
export function CorrectionsReceived({ app }: { app: Pick<ApplicationView, 'resubmittedAt'> }) {
  const t = useT();
  if (!app.resubmittedAt) return null;
  const date = todayInHongKong(new Date(app.resubmittedAt)).replace(/-/g, '/');
  return (
    <p className="oa-status__received" role="status">
      {t('status.resubmitted', { date })}
    </p>
  );
}
