/**
 * The W-8BEN permanent residence address field of the tax step and the account update: the address is cleaned as
 * it is typed by the domain's one W-8BEN rule (w8Address: letters, digits and spaces, upper case), so the applicant
 * sees at once what will be on the form, and the end is tidied when the field is left. Letters of other scripts
 * (Chinese characters) cannot be on the form: they are removed and a note under the field names them and asks
 * for the English words, never a silent change.
 */
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { W8_ADDRESS_MAX, w8Address, w8AddressDropped } from '../../domain/w8-address';
import { TextField } from './TextField';

export interface W8AddressFieldProps {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onFocus?: () => void;
  /** after the field is left (its value already tidied through onChange) */
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
}

const typing = (raw: string) => w8Address(raw, { typing: true });

export function W8AddressField({ name, label, value, onChange, onFocus, onBlur, error, hint, required }: W8AddressFieldProps) {
  const intl = useIntl();
  const [dropped, setDropped] = useState('');
  // the note stays until the field is entered again (the applicant may have left it already)
  const note = dropped ? (
    <span className="esop-field__note" role="status">
      {intl.formatMessage({ id: 'ui.w8.dropped' }, { chars: dropped })}
    </span>
  ) : null;
  return (
    <TextField
      name={name}
      label={label}
      value={value}
      format={typing}
      onChange={(v, raw) => {
        // an IME's composition comes through as typed (cleaned when it ends): nothing is dropped yet
        if (v === raw && typing(raw) !== raw) return onChange(v);
        const d = w8AddressDropped(raw);
        if (d) setDropped((was) => [...new Set([...was, ...d])].join(''));
        onChange(v);
      }}
      onFocus={() => {
        setDropped('');
        onFocus?.();
      }}
      onBlur={() => {
        const tidy = w8Address(value);
        if (tidy !== value) onChange(tidy);
        onBlur?.();
      }}
      error={error}
      hint={
        note ? (
          <>
            {hint} {note}
          </>
        ) : (
          hint
        )
      }
      maxLength={W8_ADDRESS_MAX}
      multiline
      required={required}
      autoComplete="off"
    />
  );
}
