/**
 * The headline of both status pages (issue 25): title and subtitle from the application's state (domain
 * statusHeadline: under review, approved and waiting for the deposit, opened, needs correction, failed), the same rule
 * for cn and hk, so the headline never says "under review" beside "Review passed".
 */
import type { ApplicationView } from '@core/domain/contract';
import { todayInHongKong } from '@core/domain/identity';
import { applicantAge } from '@core/domain/profile';
import { MIN_DEPOSIT_HKD, statusHeadline } from '@core/domain/result';
import { stepContextOfApp } from '@core/domain/step-rules/types';
import { useLang, useT } from '@core/i18n';
import { StatusHeader } from './StatusParts';

export function StatusHeadline({ app }: { app: ApplicationView }) {
  const t = useT();
  const { lang } = useLang();
  const accountType = (app.data.SELECTACCOUNT as { accountType?: unknown } | undefined)?.accountType;
  const age = applicantAge(stepContextOfApp(app, todayInHongKong()));
  const h = statusHeadline(app, { accountType, age });
  return (
    <StatusHeader tone={h.tone} title={t(`statusHeadline.title.${h.title}`)}>
      <p className="oa-status__sub">{t(`statusHeadline.sub.${h.sub}`, { min: MIN_DEPOSIT_HKD.toLocaleString(lang) })}</p>
    </StatusHeader>
  );
}
