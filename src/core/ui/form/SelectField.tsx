import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { describedBy, FieldError, FieldHint, FieldLabel, useFieldIds } from './field-parts';
import './form.css';

export interface SelectFieldProps {
  name: string;
  label: ReactNode;
  /** the chosen value's display text ('' when none) */
  value: string;
  placeholder?: string;
  onClick: () => void;
  error?: string;
  hint?: ReactNode;
  readOnly?: boolean;
  required?: boolean;
  /** the picker the row opens, when the field owns it (e.g. DateField's sheet) */
  children?: ReactNode;
}

/** A row with a chevron that opens a picker: one button named by the label and the value. */
export function SelectField({ name, label, value, placeholder, onClick, error, hint, readOnly, required, children }: SelectFieldProps) {
  const intl = useIntl();
  const ids = useFieldIds(name);
  const valueId = `${ids.control}-value`;
  return (
    <div className="esop-field" data-name={name}>
      <FieldLabel ids={ids} label={label} required={required} asLabel={false} />
      <button
        type="button"
        id={ids.control}
        className="esop-field__box esop-field__select"
        data-invalid={error ? 'true' : undefined}
        data-readonly={readOnly ? 'true' : undefined}
        aria-labelledby={`${ids.label} ${valueId}`}
        aria-describedby={describedBy(ids, !!hint, !!error)}
        aria-invalid={error ? true : undefined}
        aria-haspopup="dialog"
        aria-disabled={readOnly || undefined}
        onClick={readOnly ? undefined : onClick}
      >
        <span id={valueId} className={value ? 'esop-field__value' : 'esop-field__placeholder'}>
          {value || placeholder || intl.formatMessage({ id: 'ui.select' })}
        </span>
        {readOnly ? null : <Chevron />}
      </button>
      <FieldHint ids={ids} hint={hint} />
      <FieldError ids={ids} error={error} />
      {children}
    </div>
  );
}

export function Chevron() {
  return (
    <svg className="esop-field__chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
