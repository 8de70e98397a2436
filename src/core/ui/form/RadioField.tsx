import type { ReactNode } from 'react';
import { describedBy, FieldError, FieldHint, FieldLabel, useFieldIds } from './field-parts';
import './form.css';

export interface RadioOption<T> {
  value: T;
  label: string;
}

export interface RadioFieldProps<T> {
  name: string;
  label: ReactNode;
  value: T | undefined;
  options: RadioOption<T>[];
  onChange: (value: T) => void;
  error?: string;
  hint?: ReactNode;
  /** options side by side (yes/no, gender); default stacked */
  inline?: boolean;
  required?: boolean;
  disabled?: boolean;
}

/** Native radio buttons in a labelled radiogroup (arrow keys move between them). */
export function RadioField<T extends string | number | boolean>({ name, label, value, options, onChange, error, hint, inline, required, disabled }: RadioFieldProps<T>) {
  const ids = useFieldIds(name);
  return (
    <div className="esop-field" data-name={name}>
      <FieldLabel ids={ids} label={label} required={required} asLabel={false} />
      <div
        role="radiogroup"
        aria-labelledby={ids.label}
        aria-describedby={describedBy(ids, !!hint, !!error)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        className={`esop-radio-group${inline ? ' esop-radio-group--inline' : ''}`}
      >
        {options.map((o, i) => {
          const id = `${ids.control}-${i}`;
          const checked = value === o.value;
          return (
            <label key={String(o.value)} htmlFor={id} className="esop-radio" data-checked={checked ? 'true' : undefined}>
              <input
                type="radio"
                id={id}
                name={`${ids.control}-${name}`}
                value={String(o.value)}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(o.value)}
                className="esop-radio__input"
              />
              <span className="esop-radio__mark" aria-hidden="true" />
              <span className="esop-radio__text">{o.label}</span>
            </label>
          );
        })}
      </div>
      <FieldHint ids={ids} hint={hint} />
      <FieldError ids={ids} error={error} />
    </div>
  );
}
