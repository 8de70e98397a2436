import { useId, type ReactNode } from 'react';
import './form.css';

export interface FieldGroupProps {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A card-like group of fields; with a title it is a named region-less section headed by an h2. */
export function FieldGroup({ title, children, className }: FieldGroupProps) {
  const id = useId();
  return (
    <section className={`esop-group${className ? ` ${className}` : ''}`} aria-labelledby={title ? id : undefined}>
      {title ? (
        <h2 id={id} className="esop-group__title">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
