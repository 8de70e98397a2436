/** The searchable list inside the pickers: a labelled search box and a list of option buttons, optionally in sections. */
import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import './pickers.css';

export interface ListItem {
  key: string;
  label: string;
  selected?: boolean;
  onPick: () => void;
}

export interface ListSection {
  title?: string;
  items: ListItem[];
}

export function SearchBox({ value, onChange, placeholder }: { value: string; onChange: (v: string) => void; placeholder?: string }) {
  const intl = useIntl();
  const id = useId();
  const label = intl.formatMessage({ id: 'ui.search' });
  return (
    <div className="esop-picker__search" role="search">
      <label htmlFor={id} className="esop-visually-hidden">
        {label}
      </label>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" className="esop-picker__search-icon">
        <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M15.5 15.5L20 20" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder ?? label}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
        className="esop-picker__search-input"
      />
    </div>
  );
}

export function PickerList({ sections, empty }: { sections: ListSection[]; empty?: ReactNode }) {
  const intl = useIntl();
  const total = sections.reduce((n, s) => n + s.items.length, 0);
  if (!total) {
    return (
      <p className="esop-picker__empty" role="status">
        {empty ?? intl.formatMessage({ id: 'ui.noResults' })}
      </p>
    );
  }
  return (
    <div className="esop-picker__list">
      {sections
        .filter((s) => s.items.length)
        .map((s, i) => (
          <Section key={s.title ?? i} section={s} />
        ))}
    </div>
  );
}

function Section({ section }: { section: ListSection }) {
  const id = useId();
  return (
    <div className="esop-picker__section">
      {section.title ? (
        <h3 id={id} className="esop-picker__section-title">
          {section.title}
        </h3>
      ) : null}
      <ul className="esop-picker__items" aria-labelledby={section.title ? id : undefined}>
        {section.items.map((it) => (
          <li key={it.key}>
            <button type="button" className="esop-picker__item" aria-current={it.selected ? 'true' : undefined} onClick={it.onPick}>
              <span className="esop-picker__item-text">{it.label}</span>
              {it.selected ? (
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" className="esop-picker__tick">
                  <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Case- and width-insensitive "contains" for searching names. */
export const fold = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
