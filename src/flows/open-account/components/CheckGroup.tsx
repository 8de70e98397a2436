/**
 * Pieces the employment and finance pages share: a labelled group of checkboxes (fund sources, debts) and the
 * customer-service line of the offline notices.
 */
import { useId, type ReactNode } from 'react';
import { useClientConfig } from '@core/api/client-config';
import type { ClientType } from '@core/domain/client-type';
import { useT } from '@core/i18n';
import { CheckboxRow } from '@core/ui/form';
import './check-group.css';

export interface CheckGroupProps {
  name: string;
  label: ReactNode;
  options: { value: string; label: string }[];
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
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="esop-field esop-job-status__checks" data-name={name} role="group" aria-labelledby={labelId} aria-describedby={described}>
      <span id={labelId} className="esop-field__label" data-required={required ? 'true' : undefined}>
        {label}
      </span>
      {hint ? (
        <p id={hintId} className="esop-job-status__checks-hint">
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
      {error ? (
        <p id={errorId} className="esop-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "Customer service: <phone>" with a call link: the mainland line for cn applicants, the Hong Kong line otherwise. */
export function ServicePhone({ clientType }: { clientType: ClientType }) {
  const t = useT();
  const config = useClientConfig();
  const phones = config.data?.servicePhones;
  const phone = phones ? (clientType === 'cn' ? phones.mainland : phones.hongKong) || phones.hongKong || phones.mainland : '';
  if (!phone) return null;
  return (
    <p className="esop-job-status__phone">
      {t('job.servicePhone')} <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
    </p>
  );
}
