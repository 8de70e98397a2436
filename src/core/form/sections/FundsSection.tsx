/**
 * The funds fields the employment step, the finance step and the improve-info page share: a list of sources as a
 * group of boxes, with the text an "other" box asks for, and the source of funds (FINANCE's list: salary only for the
 * employed and self-employed) with its code list's texts (`finance.funds.*`).
 */
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { TextField } from '../../ui/form';
import type { Binding } from '../use-rule-form';
import { ChecksField, type CheckOption, type Toggle } from './CheckGroup';

export interface OtherDetail {
  /** the box that asks for the text */
  value: string;
  field: Binding<string>;
  label: string;
  placeholder?: string;
  maxLength: number;
}

export interface SourcesFieldProps {
  field: Binding<string[]>;
  label: ReactNode;
  hint?: ReactNode;
  options: readonly CheckOption[];
  toggle?: Toggle;
  /** the text asked while the "other" box is ticked, under the boxes */
  other?: OtherDetail;
  required?: boolean;
}

/** A list of sources (or debts) as boxes; the "other" box's text under them while it is ticked. */
export function SourcesField({ field, other, ...rest }: SourcesFieldProps) {
  return (
    <ChecksField field={field} {...rest}>
      {other && field.value.includes(other.value) ? (
        <TextField {...other.field} label={other.label} placeholder={other.placeholder} maxLength={other.maxLength} multiline required />
      ) : null}
    </ChecksField>
  );
}

export interface FundsSourceFieldProps {
  field: Binding<string[]>;
  label: ReactNode;
  hint?: ReactNode;
  /** the sources offered (fundsSourceOptions of the employment, or every one when it is not known) */
  offered: readonly string[];
}

/** Where the money traded with comes from (FINANCE's list). */
export function FundsSourceField({ field, label, hint, offered }: FundsSourceFieldProps) {
  const t = useT();
  return <SourcesField field={field} label={label} hint={hint} options={offered.map((s) => ({ value: s, label: t(`finance.funds.${s}`) }))} required />;
}
