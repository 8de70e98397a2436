/**
 * A date field: shows YYYY/MM/DD (or the translated "long-term"), sends YYYY-MM-DD (or LONG_TERM). Tapping
 * opens a sheet with react-vant's DatetimePicker (date type, wheels year / month / day, loaded on first
 * use so it stays out of the page's first JS); `longTerm` adds a "long-term" button.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { DATE_MAX, DATE_MIN, displayDate, isIsoDate, LONG_TERM, todayInHongKong } from '../../domain/identity';
import { Sheet } from '../pickers/Sheet';
import { SelectField } from './SelectField';
import './form.css';

type WheelProps = {
  type: 'date';
  value: Date;
  minDate: Date;
  maxDate: Date;
  showToolbar: boolean;
  visibleItemCount?: number;
  itemHeight?: number;
  formatter: (type: string, value: string) => string;
  onChange: (d: Date) => void;
};
const loadPicker = () => import('react-vant/es/datetime-picker/index.js').then((m) => ({ default: m.DatetimePicker as unknown as React.ComponentType<WheelProps> }));
const DatetimePicker = lazy(loadPicker);

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
  readOnly?: boolean;
  /** offer "long-term" (an ID valid without end) */
  longTerm?: boolean;
  required?: boolean;
  placeholder?: string;
}

const toDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};
const pad = (n: number) => String(n).padStart(2, '0');
export const isoOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export function DateField({ name, label, value, onChange, error, hint, min = DATE_MIN, max = DATE_MAX, readOnly, longTerm, required, placeholder }: DateFieldProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const minDate = useMemo(() => toDate(min), [min]);
  const maxDate = useMemo(() => toDate(max), [max]);
  const start = useCallback(() => {
    // an empty field starts on today in Hong Kong (the broker's calendar, as the age rules count it)
    const base = isIsoDate(value) ? value : todayInHongKong();
    const clamped = base < min ? min : base > max ? max : base;
    return toDate(clamped);
  }, [value, min, max]);
  // the wheels start at `initial` and then run on their own (feeding each change back as the value races
  // react-vant's debounced change report); the last reported date waits in draftRef
  const [initial, setInitial] = useState<Date>(start);
  const draftRef = useRef(initial);

  // fetch the picker's code while the user reads the form, not when they tap
  useEffect(() => {
    if (!readOnly) void loadPicker().catch(() => undefined);
  }, [readOnly]);

  const wheels = useRef<HTMLDivElement>(null);
  const columnNames = useMemo(() => ['years', 'months', 'days'].map((k) => intl.formatMessage({ id: `ui.date.${k}` })), [intl]);
  useWheelA11y(wheels, open, columnNames);

  const shown = value === LONG_TERM ? intl.formatMessage({ id: 'ui.date.longTerm' }) : isIsoDate(value) ? displayDate(value) : '';

  const formatter = useCallback(
    (type: string, v: string) => {
      if (type === 'year') return intl.formatMessage({ id: 'ui.date.year' }, { value: v });
      if (type === 'month') return intl.formatDate(new Date(2000, Number(v) - 1, 1), { month: 'short' });
      if (type === 'day') return intl.formatMessage({ id: 'ui.date.day' }, { value: v });
      return v;
    },
    [intl],
  );

  const openPicker = () => {
    const d = start();
    draftRef.current = d;
    setInitial(d);
    setOpen(true);
  };
  // react-vant reports a wheel change 100 ms after it settles (and, racing its own re-render, sometimes not
  // at all): Confirm takes the date the wheels show, read from their selected options; the last report
  // (draftRef) is the fallback while the wheels are not there yet
  const confirm = () => {
    const shownOnWheels = wheels.current ? readWheels(wheels.current, formatter, minDate, maxDate) : null;
    onChange(isoOf(shownOnWheels ?? draftRef.current));
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
        <div className="esop-date__wheels" ref={wheels}>
          <Suspense fallback={<div className="esop-date__loading">{intl.formatMessage({ id: 'common.loading' })}</div>}>
            <DatetimePicker
              type="date"
              value={initial}
              minDate={minDate}
              maxDate={maxDate}
              showToolbar={false}
              visibleItemCount={5}
              itemHeight={44}
              formatter={formatter}
              onChange={(d) => {
                draftRef.current = d;
              }}
            />
          </Suspense>
        </div>
      </Sheet>
    </SelectField>
  );
}

/** The date the three wheels (year, month, day) show as selected, clamped to the month's end and to [min, max]; null if they are not all there. */
export function readWheels(root: HTMLElement, format: (type: string, value: string) => string, min: Date, max: Date): Date | null {
  const cols = root.querySelectorAll('ul.rv-picker-column__wrapper');
  if (cols.length !== 3) return null;
  const picked = Array.from(cols).map((ul) => ul.querySelector(':scope > li.rv-picker-column__item--selected')?.textContent ?? null);
  if (picked.some((t) => t === null)) return null;
  const find = (type: string, from: number, to: number, text: string | null) => {
    for (let v = from; v <= to; v++) if (format(type, type === 'year' ? String(v) : pad(v)) === text) return v;
    return null;
  };
  const y = find('year', min.getFullYear(), max.getFullYear(), picked[0]);
  const m = find('month', 1, 12, picked[1]);
  const d = find('day', 1, 31, picked[2]);
  if (y === null || m === null || d === null) return null;
  const date = new Date(y, m - 1, Math.min(d, new Date(y, m, 0).getDate()));
  return date < min ? min : date > max ? max : date;
}

/**
 * react-vant's wheel columns are <ul>s of <li role="button" tabindex="0"> (hundreds of tab stops, lists of
 * non-items): each column becomes a named listbox of options with the chosen one selected and the only
 * tab stop; the arrow keys move the choice.
 */
function useWheelA11y(root: React.RefObject<HTMLDivElement | null>, open: boolean, names: string[]) {
  useEffect(() => {
    if (!open) return;
    let observer: MutationObserver | undefined;
    let frame = 0;
    const set = (el: Element, name: string, v: string) => {
      if (el.getAttribute(name) !== v) el.setAttribute(name, v);
    };
    const patch = () => {
      root.current?.querySelectorAll('ul.rv-picker-column__wrapper').forEach((ul, i) => {
        set(ul, 'role', 'listbox');
        if (names[i]) set(ul, 'aria-label', names[i]);
        ul.querySelectorAll(':scope > li').forEach((li) => {
          const selected = li.classList.contains('rv-picker-column__item--selected');
          set(li, 'role', 'option');
          set(li, 'aria-selected', String(selected));
          set(li, 'tabindex', selected ? '0' : '-1');
        });
      });
    };
    const onKey = (e: KeyboardEvent) => {
      const li = (e.target as HTMLElement).closest('li[role="option"]');
      if (!li || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
      e.preventDefault();
      const next = (e.key === 'ArrowDown' ? li.nextElementSibling : li.previousElementSibling) as HTMLElement | null;
      if (next) {
        next.click();
        requestAnimationFrame(() => next.focus());
      }
    };
    let el: HTMLDivElement | null = null;
    const start = () => {
      el = root.current;
      if (!el) {
        frame = requestAnimationFrame(start);
        return;
      }
      patch();
      observer = new MutationObserver(patch);
      observer.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'role', 'tabindex'] });
      el.addEventListener('keydown', onKey);
    };
    start();
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      el?.removeEventListener('keydown', onKey);
    };
  }, [root, open, names]);
}
