/**
 * The form plumbing of a profile step page: the step validator's issues for the page's data, the field errors
 * built on them, the step flow (Next/Back; a 100400 puts the service's issues on the fields, its message still
 * shows as the toast) and the halfway save of the data when the page is left.
 */
import { useMemo } from 'react';
import type { StepName } from '@core/domain/steps';
import { validateStep } from '@core/domain/step-rules';
import type { FieldIssue, StepContext } from '@core/domain/step-rules/types';
import { useHalfwaySave, useStepFlow, type StepFlow } from '@core/step-engine';
import { useFieldErrors, type FieldErrors } from './components/field-errors';

export interface StepFormOptions {
  /** the {max} of a field's tooLong / tooManyFiles message (default none) */
  limits?: Readonly<Record<string, number>>;
  /** keeps the issues the page shows (the others do not block Next); a dependency: give a stable function */
  filterIssues?: (issue: FieldIssue) => boolean;
  /** what the halfway save keeps, when not `data` itself */
  draft?: () => Record<string, unknown> | null | undefined;
}

export interface StepForm {
  issues: FieldIssue[];
  errors: FieldErrors;
  flow: StepFlow;
}

const NO_LIMITS: Readonly<Record<string, number>> = {};

/** `data` and `ctx` are the step's data and context as the validator sees them (memoised by the page). */
export function useStepForm(step: StepName, data: Record<string, unknown>, ctx: StepContext, opts: StepFormOptions = {}): StepForm {
  const { limits = NO_LIMITS, filterIssues, draft } = opts;
  const issues = useMemo(() => {
    const all = validateStep(step, data, ctx);
    return filterIssues ? all.filter(filterIssues) : all;
  }, [step, data, ctx, filterIssues]);
  const errors = useFieldErrors(issues, limits);
  const flow = useStepFlow(step, {
    onError: (err) => {
      errors.takeServerIssues(err);
      return false;
    },
  });
  useHalfwaySave(step, draft ?? (() => data));
  return { issues, errors, flow };
}
