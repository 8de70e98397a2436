import { useId } from 'react';
import type { ClientType } from '@core/domain/client-type';

export interface TypeCardProps {
  type: ClientType;
  checked: boolean;
  onChoose: () => void;
  title: string;
  description: string;
  steps: string;
  prepareTitle: string;
  documents: string[];
}

function TypeIcon({ type }: { type: ClientType }) {
  if (type === 'hk') {
    // globe: Hong Kong, Macau and overseas
    return (
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="11" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M5 16h22M16 5c3.2 3.2 4.6 6.8 4.6 11S19.2 23.8 16 27c-3.2-3.2-4.6-6.8-4.6-11S12.8 8.2 16 5z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
    );
  }
  // ID card: mainland resident ID
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <rect x="4" y="7" width="24" height="18" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="11.5" cy="14.5" r="2.6" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M7.5 21c.7-2 2.2-3 4-3s3.3 1 4 3M19 13h5M19 17h5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" fill="none" />
    </svg>
  );
}

/** One opening type: a native radio (arrow keys move between the two) in a card that lists the documents to prepare once chosen. */
export function TypeCard({ type, checked, onChoose, title, description, steps, prepareTitle, documents }: TypeCardProps) {
  const id = useId();
  return (
    <div className="oa-type" data-checked={checked ? 'true' : 'false'}>
      <label className="oa-type__main" htmlFor={`${id}-radio`}>
        <input
          id={`${id}-radio`}
          className="oa-type__input"
          type="radio"
          name="oa-type"
          value={type}
          checked={checked}
          onChange={onChoose}
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
        />
        <span className="oa-type__icon">
          <TypeIcon type={type} />
        </span>
        <span className="oa-type__text">
          <span className="oa-type__title" id={`${id}-title`}>
            {title}
          </span>
          <span className="oa-type__desc" id={`${id}-desc`}>
            {description}
          </span>
          <span className="oa-type__steps" aria-hidden="true">
            {steps}
          </span>
        </span>
        <span className="oa-type__mark" aria-hidden="true" />
      </label>
      {checked && (
        <div className="oa-type__docs">
          <p className="oa-type__docs-title">{prepareTitle}</p>
          <ul aria-label={`${title}: ${prepareTitle}`}>
            {documents.map((d) => (
              <li key={d}>
                <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                  <path d="M3.5 8.5l3 3 6-7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
                </svg>
                {d}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
