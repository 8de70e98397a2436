// zod-free domain modules only (the barrel would bring zod into the browser bundle)
import type { ApplicationView } from '@core/domain/contract';
import { HOME_ROUTE, STEP_ROUTE, resumeStep, type StepName } from '@core/domain/steps';

/**
 * The route a returning applicant goes to: the step after the latest saved one (domain resumeStep), or the
 * last step when every step is saved (its Next submits). The route guard sends a submitted application on to
 * its status page.
 */
export function resumeRoute(app: Pick<ApplicationView, 'applyStepsName' | 'latestStep'>): string {
  const steps = app.applyStepsName as StepName[];
  if (steps.length === 0) return HOME_ROUTE;
  const step = resumeStep(steps, app.latestStep as StepName | null);
  return STEP_ROUTE[step === 'submit' ? steps[steps.length - 1] : step];
}
