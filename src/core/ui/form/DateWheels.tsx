/**
 * Three wheels (year, month, day) over one date held by the caller: each wheel is a native scrolling list that
 * snaps to its options (the browser's own touch scrolling and momentum), a named listbox whose chosen option is
 * the only tab stop (arrow keys, Home and End move it). A tap chooses at once; a swipe chooses when the list comes
 * to rest. The caller's date is the only state: no copy inside the wheels that a late report could overwrite.
 * `shown()` gives the date the wheels show this instant, a list still moving under the finger included.
 */
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, type KeyboardEvent, type Ref } from 'react';
import { settleDate, wheelBounds, ymdOf } from './date-wheels';

/** an option's height in px (the CSS's --esop-wheel-item) */
const ITEM = 44;
/** quiet time after the last scroll event that counts as the list at rest (where the `scrollend` event is missing) */
const REST_MS = 150;

export interface DateWheelsHandle {
  /** the date the wheels show now (YYYY-MM-DD) */
  shown: () => string;
}

interface ColumnHandle {
  /** the value under the frame when the user moved the list since it last came to rest, else null */
  moving: () => number | null;
}

type Part = 'year' | 'month' | 'day';

export interface DateWheelsProps {
  /** YYYY-MM-DD inside [min, max] */
  value: string;
  min: string;
  max: string;
  onChange: (iso: string) => void;
  /** an option's text: (part, value) → e.g. '1990', 'May', '12' */
  format: (part: Part, value: number) => string;
  /** the listboxes' names, year, month, day */
  names: readonly [string, string, string];
  ref?: Ref<DateWheelsHandle>;
}

const range = ([a, b]: [number, number]) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

export function DateWheels({ value, min, max, onChange, format, names, ref }: DateWheelsProps) {
  const at = ymdOf(value);
  const bounds = wheelBounds(value, min, max);
  const cols = { year: useRef<ColumnHandle>(null), month: useRef<ColumnHandle>(null), day: useRef<ColumnHandle>(null) };
  const pick = (part: Part, v: number) => {
    const next = { ...at, [part === 'year' ? 'y' : part === 'month' ? 'm' : 'd']: v };
    onChange(settleDate(next.y, next.m, next.d, min, max));
  };

  useImperativeHandle(ref, () => ({
    shown: () => {
      const y = cols.year.current?.moving() ?? at.y;
      const m = cols.month.current?.moving() ?? at.m;
      const d = cols.day.current?.moving() ?? at.d;
      return settleDate(y, m, d, min, max);
    },
  }));

  return (
    <div className="esop-wheels">
      <Column handle={cols.year} name={names[0]} part="year" values={range(bounds.year)} selected={at.y} format={format} onPick={pick} />
      <Column handle={cols.month} name={names[1]} part="month" values={range(bounds.month)} selected={at.m} format={format} onPick={pick} />
      <Column handle={cols.day} name={names[2]} part="day" values={range(bounds.day)} selected={at.d} format={format} onPick={pick} />
      <div className="esop-wheels__frame" aria-hidden="true" />
    </div>
  );
}

interface ColumnProps {
  handle: Ref<ColumnHandle>;
  name: string;
  part: Part;
  values: number[];
  selected: number;
  format: DateWheelsProps['format'];
  onPick: (part: Part, v: number) => void;
}

function Column({ handle, name, part, values, selected, format, onPick }: ColumnProps) {
  const list = useRef<HTMLUListElement>(null);
  const index = Math.max(0, values.indexOf(selected));
  /** the user scrolled the list and it has not come to rest yet */
  const moved = useRef(false);
  /** the scrollTop we set ourselves (its scroll event is not the user's) */
  const placed = useRef<number | null>(null);
  const rest = useRef<number | undefined>(undefined);
  const focusChosen = useRef(false);
  const latest = useRef({ values, selected, onPick });
  latest.current = { values, selected, onPick };

  const underFrame = () => {
    const el = list.current;
    const vs = latest.current.values;
    if (!el || !vs.length) return null;
    return vs[Math.min(vs.length - 1, Math.max(0, Math.round(el.scrollTop / ITEM)))];
  };

  useImperativeHandle(handle, () => ({ moving: () => (moved.current ? underFrame() : null) }));

  // the chosen option in the frame (unless the user's finger is moving the list)
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || moved.current) return;
    const top = index * ITEM;
    if (Math.abs(el.scrollTop - top) < 1) return;
    placed.current = top;
    el.scrollTop = top;
  }, [index, values.length]);

  useEffect(() => {
    if (!focusChosen.current) return;
    focusChosen.current = false;
    list.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus({ preventScroll: true });
  }, [selected]);

  useEffect(() => () => window.clearTimeout(rest.current), []);

  const settle = () => {
    window.clearTimeout(rest.current);
    if (!moved.current) return;
    moved.current = false;
    const v = underFrame();
    if (v === null) return;
    if (v !== latest.current.selected) latest.current.onPick(part, v);
    else if (list.current) {
      // back on the same option: snap it to the frame exactly
      placed.current = index * ITEM;
      list.current.scrollTop = index * ITEM;
    }
  };

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    if (placed.current !== null && Math.abs(el.scrollTop - placed.current) < 1) {
      placed.current = null;
      return;
    }
    placed.current = null;
    moved.current = true;
    window.clearTimeout(rest.current);
    rest.current = window.setTimeout(settle, REST_MS);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const to = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: values.length - 1, PageDown: index + 5, PageUp: index - 5 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const i = Math.min(values.length - 1, Math.max(0, to));
    if (i === index) return;
    focusChosen.current = true;
    onPick(part, values[i]);
  };

  return (
    <ul ref={list} role="listbox" aria-label={name} className="esop-wheels__col" onScroll={onScroll} onScrollEnd={settle} onKeyDown={onKeyDown}>
      {values.map((v) => {
        const chosen = v === selected;
        return (
          <li
            key={v}
            role="option"
            aria-selected={chosen}
            tabIndex={chosen ? 0 : -1}
            className={`esop-wheels__item${chosen ? ' esop-wheels__item--chosen' : ''}`}
            onClick={() => {
              moved.current = false;
              window.clearTimeout(rest.current);
              if (!chosen) onPick(part, v);
              else if (list.current) {
                placed.current = index * ITEM;
                list.current.scrollTop = index * ITEM;
              }
            }}
          >
            {format(part, v)}
          </li>
        );
      })}
    </ul>
  );
}
