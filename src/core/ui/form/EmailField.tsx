/**
 * An e-mail field that suggests the common domains while typing (emailSuggestions: after "@", the domains
 * starting with what follows; none once a listed domain is complete). Picking one fills the field.
 * Spaces and Chinese characters are dropped as typed (normaliseEmail). onBlur runs when focus leaves the
 * field and its suggestions, not when it moves to a suggestion.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { emailSuggestions, MAX_LEN, normaliseEmail } from '../../domain/identity';
import { TextField } from './TextField';
import './form.css';

export interface EmailFieldProps {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  readOnly?: boolean;
  placeholder?: string;
}

const SHOWN = 5;

export function EmailField({ name, label, value, onChange, onBlur, error, required, readOnly, placeholder }: EmailFieldProps) {
  const intl = useIntl();
  const listId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(false);
  const suggestions = focused && !readOnly ? emailSuggestions(value).slice(0, SHOWN) : [];

  return (
    <div
      ref={box}
      className="esop-email"
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (box.current?.contains(e.relatedTarget as Node | null)) return;
        setFocused(false);
        onBlur?.();
      }}
    >
      <TextField
        name={name}
        label={label}
        value={value}
        onChange={(v) => onChange(normaliseEmail(v))}
        error={error}
        required={required}
        readOnly={readOnly}
        placeholder={placeholder}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={MAX_LEN.email}
      />
      {suggestions.length ? (
        <ul id={listId} className="esop-email__list" aria-label={intl.formatMessage({ id: 'ui.email.suggestions' })}>
          {suggestions.map((s) => (
            <li key={s}>
              <button
                type="button"
                className="esop-email__item"
                onMouseDown={(e) => e.preventDefault() /* keep the focus in the input */}
                onClick={() => {
                  onChange(s);
                  setFocused(false);
                  onBlur?.();
                }}
              >
                {s}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
