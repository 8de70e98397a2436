// zod-free domain modules only (the barrel would bring zod into the browser bundle)
import type { ApplicationView } from '@core/domain/contract';
import { HOME_ROUTE, STEP_ROUTE, resumeStep, type StepName } from '@core/domain/steps';
import { statusLanding, statusRouteOf } from '@core/domain/after-submit';
import { clientTypeOf } from '@core/domain/client-type';
import { isLockedForEditing } from '@core/domain/status';

/**
 * The route a returning applicant goes to: a submitted, opened or sent-back application → its status page
 * (domain statusLanding); otherwise the step after the latest saved one (domain resumeStep), or the last step when
 * every step is saved (its Next submits).
 */
export function resumeRoute(
  app: Pick<ApplicationView, 'applyStepsName' | 'latestStep'> & Partial<Pick<ApplicationView, 'clientType' | 'applyStatus' | 'clientStatus' | 'rejectData' | 'clientInfo'>>,
): string {
  if (app.clientType && app.applyStatus !== undefined && app.clientStatus !== undefined) {
    const landing = statusLanding({ clientType: app.clientType, applyStatus: app.applyStatus, clientStatus: app.clientStatus, rejectData: app.rejectData ?? null, clientInfo: app.clientInfo });
    if (landing) return landing;
  }
  const steps = app.applyStepsName as StepName[];
  if (steps.length === 0) return HOME_ROUTE;
  const step = resumeStep(steps, app.latestStep as StepName | null);
  return STEP_ROUTE[step === 'submit' ? steps[steps.length - 1] : step];
}

/** Where `/` sends a visitor: home without an application, the status page once it is submitted, else resumeRoute. */
export function landingRoute(app: ApplicationView | null): string {
  if (!app) return HOME_ROUTE;
  if (isLockedForEditing(app.applyStatus, app.clientStatus)) return statusRouteOf(clientTypeOf(app.oaType));
  return resumeRoute(app);
}
