/**
 * The parts every field shares: the ids that tie a label, a hint and an error to the control, the visible
 * label (with the required star and a spoken "required"), and the error line under the field.
 */
import { useId, type ReactNode } from 'react';

export interface FieldIds {
  control: string;
  label: string;
  error: string;
  hint: string;
}

export function useFieldIds(name: string): FieldIds {
  const base = `${useId()}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return { control: `${base}-control`, label: `${base}-label`, error: `${base}-error`, hint: `${base}-hint` };
}

/** aria-describedby of a control: its hint and its error, whichever exist. */
export const describedBy = (ids: FieldIds, hasHint: boolean, hasError: boolean) =>
  [hasHint ? ids.hint : '', hasError ? ids.error : ''].filter(Boolean).join(' ') || undefined;

/** The visible label: a <label for> when the control is a form control, else a plain element named by id. */
export function FieldLabel({ ids, label, required, asLabel = true }: { ids: FieldIds; label: ReactNode; required?: boolean; asLabel?: boolean }) {
  // the star is drawn by CSS (not part of the label's text, so the name stays the label); the control
  // carries aria-required for assistive technology
  return asLabel ? (
    <label id={ids.label} htmlFor={ids.control} className="esop-field__label" data-required={required ? 'true' : undefined}>
      {label}
    </label>
  ) : (
    <span id={ids.label} className="esop-field__label" data-required={required ? 'true' : undefined}>
      {label}
    </span>
  );
}

export function FieldError({ ids, error }: { ids: FieldIds; error?: string }) {
  if (!error) return null;
  return (
    <p id={ids.error} className="esop-field__error">
      {error}
    </p>
  );
}

export function FieldHint({ ids, hint }: { ids: FieldIds; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={ids.hint} className="esop-field__hint">
      {hint}
    </p>
  );
}
