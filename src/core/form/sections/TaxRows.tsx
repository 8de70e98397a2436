/**
 * The tax-residence rows the tax step (TAXINFO) and the improve-info page share: each row a titled card with its
 * delete button, the country (a row opening the screen's country picker) and the taxpayer identification number
 * (cleaned as typed, as the step keeps it); under them the add button, up to MAX_TAX_ROWS (then the limit's note, if
 * the screen has one). Fields come wired as Bindings; what a row holds besides (files) is the screen's.
 */
import { useId, type ReactNode } from 'react';
import { MAX_TAX_ROWS } from '../../domain/profile';
import { SelectField, TextField } from '../../ui/form';
import type { Binding } from '../use-rule-form';
import './tax-rows.css';

export { MAX_TAX_ROWS };

export interface TaxRowFrameProps {
  title: string;
  /** the delete button's text and accessible name; no button without onDelete */
  remove?: { text: string; name: string; onDelete: () => void; opensDialog?: boolean };
  /** the row's id (a new row's country gets the focus through it) */
  rowId?: string;
  className?: string;
  /** the title's heading level (3 inside a titled card) */
  level?: 2 | 3;
  children: ReactNode;
}

/** One tax residence: a section titled "Tax residence n", with its delete button. */
export function TaxRowFrame({ title, remove, rowId, className = 'esop-group esop-tax__row', level = 2, children }: TaxRowFrameProps) {
  const headId = useId();
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section className={className} aria-labelledby={headId} data-row={rowId}>
      <div className="esop-tax__row-head">
        <Heading id={headId} className="esop-group__title esop-tax__row-title">
          {title}
        </Heading>
        {remove ? (
          <button type="button" className="esop-tax__delete" aria-label={remove.name} aria-haspopup={remove.opensDialog ? 'dialog' : undefined} onClick={remove.onDelete}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path
                d="M4 7h16M9 7V4.5h6V7M6.5 7l1 13h9l1-13M10 11v5.5M14 11v5.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            {remove.text}
          </button>
        ) : null}
      </div>
      {children}
    </section>
  );
}

export interface TaxRowFieldsProps {
  /** the country code (the screen's picker sets it) */
  country: Binding<string>;
  countryName: string;
  onPickCountry: () => void;
  /** the number, cleaned as typed (bind it with `map: cleanTaxNumber`) */
  number: Binding<string>;
  numberMax: number;
  labels: { country: string; number: string };
  countryReadOnly?: boolean;
  countryHint?: string;
  numberReadOnly?: boolean;
  numberHint?: string;
}

/** A row's country and taxpayer identification number. */
export function TaxRowFields(p: TaxRowFieldsProps) {
  return (
    <>
      <SelectField
        name={p.country.name}
        label={p.labels.country}
        value={p.countryName}
        onClick={p.onPickCountry}
        readOnly={p.countryReadOnly}
        hint={p.countryHint}
        error={p.country.error}
        required
      />
      <TextField {...p.number} label={p.labels.number} readOnly={p.numberReadOnly} hint={p.numberHint} maxLength={p.numberMax} required />
    </>
  );
}

export interface AddTaxRowProps {
  /** the rows there are */
  count: number;
  onAdd: () => void;
  label: string;
  /** said once MAX_TAX_ROWS rows are there (nothing without it) */
  limit?: string;
}

/** The add button, while fewer than MAX_TAX_ROWS rows are there. */
export function AddTaxRow({ count, onAdd, label, limit }: AddTaxRowProps) {
  if (count < MAX_TAX_ROWS) {
    return (
      <button type="button" className="esop-tax__add" onClick={onAdd}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M12 5v14M5 12h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {label}
      </button>
    );
  }
  return limit ? (
    <p className="esop-tax__limit" role="note">
      {limit}
    </p>
  ) : null;
}
