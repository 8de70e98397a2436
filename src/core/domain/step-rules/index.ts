/**
 * The rules of each step's data, one validator a step (each in its step's definition, steps/<step>.ts). The screens
 * use them to enable Next and to show errors; the service runs the same validator on every ApplyUpdate that is not a
 * draft (100400 with data.issues [{path: "data.<field>", message: <rule>}]).
 */
export type { FieldIssue, StepContext, StepSettings, StepValidator } from './types';
export { issuesOf, at, str, savedStepsOf, stepContextOfApp, stepSourceOf } from './types';
export { STEP_VALIDATORS, validateStep } from '../steps/full';
