/**
 * A labelled group of checkboxes (fund sources, debts, margin-upgrade answers): `CheckGroup` draws it from its
 * values; `ChecksField` wires it to a form field (a Binding of the ticked values), the way every form field is wired.
 * The group's wrapper carries `data-name` (the field), so a form's check() scrolls to it and focuses its first box.
 */
import type { ReactNode } from 'react';
import { CheckboxRow } from '../../ui/form';
import { describedBy, FieldError, FieldLabel, useFieldIds } from '../../ui/form/field-parts';
import type { Binding } from '../use-rule-form';
import './check-group.css';

export { ServicePhone } from './ServicePhone';

export interface CheckOption {
  value: string;
  label: string;
}

export interface CheckGroupProps {
  name: string;
  label: ReactNode;
  options: readonly CheckOption[];
  /** the ticked values */
  values: readonly string[];
  onChange: (value: string, checked: boolean) => void;
  /** already translated; describes the group */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** content under the boxes (e.g. the other-debt text) */
  children?: ReactNode;
}

/** Checkboxes in a group named by its label; the error under the group describes it. */
export function CheckGroup({ name, label, options, values, onChange, error, hint, required, children }: CheckGroupProps) {
  const ids = useFieldIds(name);
  return (
    <div className="esop-field esop-job-status__checks" data-name={name} role="group" aria-labelledby={ids.label} aria-describedby={describedBy(ids, !!hint, !!error)}>
      <FieldLabel ids={ids} label={label} required={required} asLabel={false} />
      {hint ? (
        <p id={ids.hint} className="esop-job-status__checks-hint">
          {hint}
        </p>
      ) : null}
      <div className="esop-job-status__checks-list" data-invalid={error ? 'true' : undefined}>
        {options.map((o) => (
          <CheckboxRow key={o.value} name={`${name}-${o.value}`} checked={values.includes(o.value)} onChange={(c) => onChange(o.value, c)}>
            {o.label}
          </CheckboxRow>
        ))}
      </div>
      {children}
      <FieldError ids={ids} error={error} />
    </div>
  );
}

/** A box ticked or unticked: the new list (default: added at the end or taken out). */
export type Toggle = (values: string[], value: string, checked: boolean) => string[];

const plainToggle: Toggle = (values, value, checked) => (checked ? [...values, value] : values.filter((v) => v !== value));

export interface ChecksFieldProps extends Omit<CheckGroupProps, 'name' | 'values' | 'onChange' | 'error'> {
  field: Binding<string[]>;
  /** how a tick changes the list (mutually exclusive boxes: the debts' "no liabilities") */
  toggle?: Toggle;
}

/** A CheckGroup wired to a form field: a tick changes the list and shows the field's error at once. */
export function ChecksField({ field, toggle = plainToggle, ...rest }: ChecksFieldProps) {
  return (
    <CheckGroup
      {...rest}
      name={field.name}
      values={field.value}
      onChange={(value, checked) => {
        field.onChange(toggle(field.value, value, checked));
        field.onBlur();
      }}
      error={field.error}
    />
  );
}
