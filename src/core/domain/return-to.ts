/**
 * "Return to": a step screen opened to fix something another step found (the liveness step's face check names the ID
 * card photo or information) carries the step to come back to in its address, `?returnTo=<STEP>`. After that step is
 * saved (its Next), or on its Back, the applicant goes straight back there instead of through the steps in between.
 * The value comes from the address bar, so it is taken only when it names a step the applicant may open now.
 */
import { STEP_ROUTE, isStepName, type StepName } from './steps';

/** The search parameter that carries the step to come back to. */
export const RETURN_PARAM = 'returnTo';

/** The address of `step`'s screen that comes back to `returnTo` once saved. */
export function routeReturningTo(step: StepName, returnTo: StepName): string {
  return `${STEP_ROUTE[step]}?${RETURN_PARAM}=${encodeURIComponent(returnTo)}`;
}

/**
 * The step to come back to from `current`, or undefined to follow the flow as usual. `value` is the parameter as
 * read (anything); it counts when it names a step of the application's list (`steps`) other than the current one,
 * and, under a rejection (`rejected` not empty), one of the steps sent back (the others are closed).
 */
export function returnStepOf(steps: readonly StepName[], rejected: readonly string[], current: StepName, value: unknown): StepName | undefined {
  if (!isStepName(value) || value === current || !steps.includes(value)) return undefined;
  if (rejected.length > 0 && !rejected.includes(value)) return undefined;
  return value;
}
