import { useRef, type ReactNode } from 'react';
import { NEXT_DEBOUNCE_MS } from '../domain/limits';
import './footer-button.css';

export interface FooterButtonProps {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  /** shows a spinner and aria-busy; the button stays pressable so a repeat press can be told "no repeat" */
  loading?: boolean;
  /** presses within this many ms of the last accepted one are ignored (default 1 s) */
  debounceMs?: number;
  variant?: 'primary' | 'secondary';
  type?: 'button' | 'submit';
  className?: string;
}

/** A full-width footer action, debounced on the leading edge (the first press acts at once). */
export function FooterButton({
  children,
  onClick,
  disabled = false,
  loading = false,
  debounceMs = NEXT_DEBOUNCE_MS,
  variant = 'primary',
  type = 'button',
  className,
}: FooterButtonProps) {
  const last = useRef(0);
  const press = () => {
    const now = Date.now();
    if (disabled || now - last.current < debounceMs) return;
    last.current = now;
    onClick();
  };
  return (
    <button
      type={type}
      className={`esop-footer-btn esop-footer-btn--${variant}${className ? ` ${className}` : ''}`}
      onClick={press}
      disabled={disabled}
      aria-busy={loading || undefined}
    >
      {loading ? <span className="esop-footer-btn__spinner" aria-hidden="true" /> : null}
      <span>{children}</span>
    </button>
  );
}
