export { useStepFlow, orderedStepsOf, rejectedStepsOf, STATEMENT_SKIP_KEY, HOME_ROUTE, STATEMENT_SUPPLEMENT_ROUTE } from './use-step-flow';
export type { NextOptions, StepFlow, StepFlowOptions, StepPhase } from './use-step-flow';
export { useHalfwaySave } from './use-halfway-save';
export { SubmitGateContext, useBeforeSubmit } from './submit-gate';
export type { BeforeSubmit, SubmitExtras } from './submit-gate';
export { useStepPage } from './use-step-page';
export type { Binding, BindOptions, StepPage, StepPageOptions } from './use-step-page';
export { useFieldErrors } from './field-errors';
export type { FieldErrors, FieldLimits } from './field-errors';
