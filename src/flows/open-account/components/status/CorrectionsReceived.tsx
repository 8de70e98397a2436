import type { ApplicationView } from '@core/domain/contract';
import { todayInHongKong } from '@core/domain/identity';
import { useT } from '@core/i18n/use-t';

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
