import { useId, type ReactNode } from 'react';
import './form.css';

export interface CheckboxRowProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** the label */
  children: ReactNode;
  name?: string;
  error?: string;
  disabled?: boolean;
}

/**
 * A checkbox whose label is the children. Links inside the children stay links: a tap on them does not
 * toggle the box (only the box and the plain text do).
 */
export function CheckboxRow({ checked, onChange, children, name, error, disabled }: CheckboxRowProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="esop-check" data-name={name}>
      <div className="esop-check__row">
        <input
          type="checkbox"
          id={id}
          name={name}
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="esop-check__input"
        />
        <span className="esop-check__mark" aria-hidden="true">
          <svg viewBox="0 0 16 16" width="14" height="14" focusable="false">
            <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <label
          htmlFor={id}
          className="esop-check__label"
          onClick={(e) => {
            // a link inside the label opens the link, not the box
            if ((e.target as HTMLElement).closest('a,button')) e.preventDefault();
          }}
        >
          {children}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="esop-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
