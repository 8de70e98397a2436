import type { ReactNode } from 'react';
import { useApplyDetail } from '@core/api/apply-detail';
import type { ApplicationView } from '@core/domain/contract';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import './with-application.css';

export interface WithApplicationProps {
  /** the step's heading (already translated), shown while the application loads */
  title: string;
  /** the step's page, once the application is there */
  children: (app: ApplicationView) => ReactNode;
  /** what the step shows first whatever the application (as AccountPageGate's lead), above "Loading…" meanwhile */
  lead?: ReactNode;
}

/** A step screen's loader: the step's frame with "Loading…" until the application detail is there, then the page. */
export function WithApplication({ title, children, lead }: WithApplicationProps) {
  const t = useT();
  const application = useApplyDetail();
  if (!application.data) {
    return (
      <StepPage title={title}>
        {lead}
        <p className="oa-step-loading">{t('common.loading')}</p>
      </StepPage>
    );
  }
  return children(application.data);
}
