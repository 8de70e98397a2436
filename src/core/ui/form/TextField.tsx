import { useLayoutEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { describedBy, FieldError, FieldHint, FieldLabel, useFieldIds } from './field-parts';
import './form.css';

export interface TextFieldProps {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  /** already translated; shown under the field and tied to the input */
  error?: string;
  /** a line of help under the input (tied to it) */
  hint?: ReactNode;
  placeholder?: string;
  maxLength?: number;
  /** a growing textarea (addresses) */
  multiline?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  required?: boolean;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  /** e.g. a scan button inside the box, right of the input */
  rightSlot?: ReactNode;
  type?: 'text' | 'email' | 'tel';
}

/** A labelled text input (or growing textarea) with the error under it. */
export function TextField({
  name,
  label,
  value,
  onChange,
  onBlur,
  onFocus,
  error,
  hint,
  placeholder,
  maxLength,
  multiline,
  readOnly,
  disabled,
  required,
  inputMode,
  autoComplete,
  rightSlot,
  type = 'text',
}: TextFieldProps) {
  const ids = useFieldIds(name);
  const area = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
  }, [value, multiline]);
  const common = {
    id: ids.control,
    name,
    value,
    placeholder,
    maxLength,
    readOnly,
    disabled,
    autoComplete: autoComplete ?? 'off',
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(ids, !!hint, !!error),
    onBlur,
    onFocus,
  } as const;
  return (
    <div className="esop-field" data-name={name}>
      <FieldLabel ids={ids} label={label} required={required} />
      <div className="esop-field__box" data-invalid={error ? 'true' : undefined} data-readonly={readOnly || disabled ? 'true' : undefined}>
        {multiline ? (
          <textarea ref={area} rows={2} {...common} onChange={(e) => onChange(e.target.value)} className="esop-field__input esop-field__input--multi" />
        ) : (
          <input type={type} inputMode={inputMode} {...common} onChange={(e) => onChange(e.target.value)} className="esop-field__input" />
        )}
        {rightSlot ? <div className="esop-field__slot">{rightSlot}</div> : null}
      </div>
      <FieldHint ids={ids} hint={hint} />
      <FieldError ids={ids} error={error} />
    </div>
  );
}
