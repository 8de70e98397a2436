/** The field errors moved to the form kit (src/core/form); kept here for the step engine's imports. */
export { useFieldErrors } from '../form/field-errors';
export type { FieldErrors, FieldLimits } from '../form/field-errors';
