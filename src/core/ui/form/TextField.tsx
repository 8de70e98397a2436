import { useLayoutEffect, useRef, type ChangeEvent, type CompositionEvent, type HTMLAttributes, type ReactNode } from 'react';
import { describedBy, FieldError, FieldHint, FieldLabel, useFieldIds } from './field-parts';
import './form.css';

export interface TextFieldProps {
  name: string;
  label: ReactNode;
  value: string;
  /** the new value (after `format`), and what was typed */
  onChange: (value: string, typed: string) => void;
  /**
   * cleans the value as it is typed (the field shows the result at once), keeping the caret after what was typed;
   * not during an input method's composition (a Chinese IME), whose text is cleaned when it ends
   */
  format?: (typed: string) => string;
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
  format,
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
  const typed = (el: HTMLInputElement | HTMLTextAreaElement, composing: boolean) => {
    const raw = el.value;
    if (!format || composing) return onChange(raw, raw);
    const next = format(raw);
    // the caret after what was typed, once the formatted value is in the box (React has rendered by then)
    const at = Math.min(next.length, format(raw.slice(0, el.selectionStart ?? raw.length)).length);
    onChange(next, raw);
    if (next !== raw) queueMicrotask(() => document.activeElement === el && el.value === next && el.setSelectionRange(at, at));
  };
  const change = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => typed(e.target, (e.nativeEvent as InputEvent).isComposing === true);
  const compositionEnd = (e: CompositionEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (format) typed(e.currentTarget, false);
  };
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
    onCompositionEnd: compositionEnd,
  } as const;
  return (
    <div className="esop-field" data-name={name}>
      <FieldLabel ids={ids} label={label} required={required} />
      <div className="esop-field__box" data-invalid={error ? 'true' : undefined} data-readonly={readOnly || disabled ? 'true' : undefined}>
        {multiline ? (
          <textarea ref={area} rows={2} {...common} onChange={change} className="esop-field__input esop-field__input--multi" />
        ) : (
          <input type={type} inputMode={inputMode} {...common} onChange={change} className="esop-field__input" />
        )}
        {rightSlot ? <div className="esop-field__slot">{rightSlot}</div> : null}
      </div>
      <FieldHint ids={ids} hint={hint} />
      <FieldError ids={ids} error={error} />
    </div>
  );
}
