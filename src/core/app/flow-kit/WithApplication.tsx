import type { ReactNode } from 'react';
import { useApplyDetail } from '@core/api/shell';
import type { ApplicationView } from '@core/domain/contract';
import { STEP_INTRO_KEY, type StepName } from '@core/domain/steps';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import './with-application.css';

export interface WithApplicationProps {
  /** the screen's heading (already translated), shown while the application loads */
  title: string;
  /**
   * the step this screen is: its frame while the application loads has the step's introduction and keeps the
   * progress row's place, as the step's form then has them (the page does not move when it comes)
   */
  step?: StepName;
  /** the screen's page, once the application is there */
  children: (app: ApplicationView) => ReactNode;
  /** what the screen shows first whatever the application (as AccountPageGate's lead), above "Loading…" meanwhile */
  lead?: ReactNode;
}

/**
 * A screen's frame while what it needs loads: its heading, "Loading…", and for a step its introduction and the
 * progress row's place (as the step's form then has them, so the page does not move when the form comes).
 */
export function StepLoading({ title, step, lead, onBack }: { title: string; step?: StepName; lead?: ReactNode; onBack?: () => void }) {
  const t = useT();
  return (
    <StepPage title={title} intro={step ? t(STEP_INTRO_KEY[step]) : undefined} progress={step ? 'pending' : undefined} onBack={onBack}>
      {lead}
      <p className="oa-step-loading">{t('common.loading')}</p>
    </StepPage>
  );
}

/** A screen's loader: the screen's frame with "Loading…" until the application detail is there, then the page. */
export function WithApplication({ title, step, children, lead }: WithApplicationProps) {
  const application = useApplyDetail();
  if (!application.data) return <StepLoading title={title} step={step} lead={lead} />;
  return children(application.data);
}
