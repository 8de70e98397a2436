/**
 * A date field: shows YYYY/MM/DD (or the translated "long-term"), sends YYYY-MM-DD (or LONG_TERM). Tapping
 * opens a sheet with three wheels (year / month / day, DateWheels) limited to [min, max]; `longTerm` adds a
 * "long-term" button. The date picked is held here, one state the wheels show and Confirm sends: Confirm sends
 * the date the wheels show at that instant, however fast the taps before it (docs/decisions.md, issue 25).
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { DATE_MAX, DATE_MIN, displayDate, isIsoDate, LONG_TERM, todayInHongKong } from '../../domain/identity';
import { Sheet } from '../pickers/Sheet';
import { DateWheels, type DateWheelsHandle } from './DateWheels';
import { settleDate, ymdOf } from './date-wheels';
import { SelectField } from './SelectField';
import './form.css';

export interface DateFieldProps {
  name: string;
  label: ReactNode;
  /** 'YYYY-MM-DD', LONG_TERM (with longTerm) or '' */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  /** 'YYYY-MM-DD' (default DATE_MIN) */
  min?: string;
  /** 'YYYY-MM-DD' (default DATE_MAX) */
  max?: string;
  /** where the wheels open while the field is empty, 'YYYY-MM-DD' (default today in Hong Kong); kept inside [min, max] */
  start?: string;
  readOnly?: boolean;
  /** offer "long-term" (an ID valid without end) */
  longTerm?: boolean;
  required?: boolean;
  placeholder?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function DateField({ name, label, value, onChange, error, hint, min = DATE_MIN, max = DATE_MAX, start, readOnly, longTerm, required, placeholder }: DateFieldProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  /** where the wheels open: the value, else `start`, else today in Hong Kong; inside [min, max] */
  const opening = useCallback(() => {
    const base = ymdOf(isIsoDate(value) ? value : start && isIsoDate(start) ? start : todayInHongKong());
    return settleDate(base.y, base.m, base.d, min, max);
  }, [value, start, min, max]);
  const [draft, setDraft] = useState(opening);
  const wheels = useRef<DateWheelsHandle>(null);

  const names = useMemo(() => ['years', 'months', 'days'].map((k) => intl.formatMessage({ id: `ui.date.${k}` })) as [string, string, string], [intl]);
  const format = useCallback(
    (part: 'year' | 'month' | 'day', v: number) => {
      if (part === 'year') return intl.formatMessage({ id: 'ui.date.year' }, { value: String(v) });
      if (part === 'month') return intl.formatDate(Date.UTC(2000, v - 1, 15), { month: 'short', timeZone: 'UTC' });
      return intl.formatMessage({ id: 'ui.date.day' }, { value: pad(v) });
    },
    [intl],
  );

  const shown = value === LONG_TERM ? intl.formatMessage({ id: 'ui.date.longTerm' }) : isIsoDate(value) ? displayDate(value) : '';

  const openPicker = () => {
    setDraft(opening());
    setOpen(true);
  };
  // the date the wheels show now (a list still moving under the finger included), else the last one picked
  const confirm = () => {
    onChange(wheels.current?.shown() ?? draft);
    setOpen(false);
  };

  return (
    <SelectField
      name={name}
      label={label}
      value={shown}
      placeholder={placeholder || intl.formatMessage({ id: 'ui.date.pick' })}
      onClick={openPicker}
      error={error}
      hint={hint}
      readOnly={readOnly}
      required={required}
    >
      <Sheet
        visible={open}
        title={label}
        onClose={() => setOpen(false)}
        headerStart={
          <button type="button" className="esop-sheet__text-btn" onClick={() => setOpen(false)}>
            {intl.formatMessage({ id: 'ui.cancel' })}
          </button>
        }
        headerEnd={
          <button type="button" className="esop-sheet__text-btn esop-sheet__text-btn--primary" onClick={confirm}>
            {intl.formatMessage({ id: 'ui.confirm' })}
          </button>
        }
        footer={
          longTerm ? (
            <button
              type="button"
              className="esop-date__long"
              aria-pressed={value === LONG_TERM}
              onClick={() => {
                onChange(LONG_TERM);
                setOpen(false);
              }}
            >
              {intl.formatMessage({ id: 'ui.date.longTerm' })}
            </button>
          ) : undefined
        }
      >
        <div className="esop-date__wheels">{open ? <DateWheels ref={wheels} value={draft} min={min} max={max} onChange={setDraft} format={format} names={names} /> : null}</div>
      </Sheet>
    </SelectField>
  );
}
