/**
 * The employment fields the employment step (JOBSTATUS) and the improve-info page share: the employment status
 * (a picker of the statuses offered for the applicant's age) and, for the employed and self-employed, the employer
 * (typed, or chosen on the company search page), its office address, the industry (in its six groups) and the position
 * (by employment). Every field comes wired as a Binding; a pick shows the field's error at once. Labels are the
 * screen's; the option texts are those of the code lists (`job.employment.*`, `job.industry.*`, `job.position.*`, also
 * read by the documents).
 */
import { useState, type ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { SelectField, TextField } from '../../ui/form';
import { OptionPicker } from '../../ui/pickers/OptionPicker';
import type { Binding } from '../use-rule-form';
import { IndustryPicker } from './IndustryPicker';

/** A picked value: kept, and the field shows its error (if any) at once. */
const pick = (field: Binding<string>, value: string) => {
  field.onChange(value);
  field.onBlur();
};

export interface EmploymentStatusFieldProps {
  field: Binding<string>;
  label: string;
  /** the statuses offered (employmentOptions(age)) */
  options: readonly string[];
}

/** The employment status: a row opening the list of statuses. */
export function EmploymentStatusField({ field, label, options }: EmploymentStatusFieldProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <SelectField name={field.name} label={label} value={field.value ? t(`job.employment.${field.value}`) : ''} onClick={() => setOpen(true)} error={field.error} required />
      <OptionPicker
        visible={open}
        title={label}
        options={options.map((code) => ({ value: code, label: t(`job.employment.${code}`) }))}
        value={field.value || undefined}
        onSelect={(v) => pick(field, v)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export interface CompanyFieldsProps {
  companyName: Binding<string>;
  officeAddress: Binding<string>;
  industry: Binding<string>;
  position: Binding<string>;
  /** the positions offered for the employment (positionOptions) */
  positions: readonly string[];
  labels: { companyName: string; officeAddress: string; industry: string; position: string };
  /** the employer is chosen on the company search page (a row opening it) instead of typed */
  search?: { open: () => void; placeholder: string; hint?: string };
  companyNameMax: number;
  officeAddressMax: number;
  officeAddressHint?: string;
  officeAddressPlaceholder?: string;
  /** fields after the position (the working years of the employment step) */
  children?: ReactNode;
}

/** The employer, its office address, the industry and the position. */
export function CompanyFields(p: CompanyFieldsProps) {
  const t = useT();
  const [picker, setPicker] = useState<'industry' | 'position' | null>(null);
  const { companyName, officeAddress, industry, position, labels } = p;
  return (
    <>
      {p.search ? (
        <SelectField
          name={companyName.name}
          label={labels.companyName}
          value={companyName.value}
          placeholder={p.search.placeholder}
          onClick={p.search.open}
          hint={p.search.hint}
          error={companyName.error}
          required
        />
      ) : (
        <TextField {...companyName} label={labels.companyName} maxLength={p.companyNameMax} required />
      )}
      <TextField
        {...officeAddress}
        label={labels.officeAddress}
        hint={p.officeAddressHint}
        placeholder={p.officeAddressPlaceholder}
        maxLength={p.officeAddressMax}
        multiline
        required
      />
      <SelectField
        name={industry.name}
        label={labels.industry}
        value={industry.value ? t(`job.industry.${industry.value}`) : ''}
        onClick={() => setPicker('industry')}
        error={industry.error}
        required
      />
      <SelectField
        name={position.name}
        label={labels.position}
        value={position.value ? t(`job.position.${position.value}`) : ''}
        onClick={() => setPicker('position')}
        error={position.error}
        required
      />
      {p.children}
      <IndustryPicker visible={picker === 'industry'} value={industry.value} onSelect={(v) => pick(industry, v)} onClose={() => setPicker(null)} />
      <OptionPicker
        visible={picker === 'position'}
        title={labels.position}
        options={p.positions.map((code) => ({ value: code, label: t(`job.position.${code}`) }))}
        value={position.value || undefined}
        onSelect={(v) => pick(position, v)}
        onClose={() => setPicker(null)}
      />
    </>
  );
}
