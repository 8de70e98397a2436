import { STEP_ROUTE, resumeStep, type ApplicationView, type StepName } from '@core/domain';

/**
 * The route a returning applicant goes to: the step after the latest saved one (domain resumeStep), or the
 * last step when every step is saved (its Next submits). The route guard sends a submitted application on to
 * its status page.
 */
export function resumeRoute(app: Pick<ApplicationView, 'applyStepsName' | 'latestStep'>): string {
  const steps = app.applyStepsName as StepName[];
  if (steps.length === 0) return '/account';
  const step = resumeStep(steps, app.latestStep as StepName | null);
  return STEP_ROUTE[step === 'submit' ? steps[steps.length - 1] : step];
}
