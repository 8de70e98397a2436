/** The status headline of the result pages and the after-opening screens: an icon in the tone's colour, the title, what follows. */
import type { ReactNode } from 'react';
import './status-head.css';

export type Tone = 'success' | 'failure' | 'progress';

export function StatusHeader({ tone, title, children }: { tone: Tone; title: string; children?: ReactNode }) {
  return (
    <div className={`oa-status__head oa-status__head--${tone}`}>
      <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false" className="oa-status__icon">
        <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.12" />
        {tone === 'success' ? (
          <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        ) : tone === 'failure' ? (
          <path d="M24 13v14M24 33v2" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
        ) : (
          <path d="M24 13v12l8 5" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        )}
      </svg>
      <h2 className="oa-status__title">{title}</h2>
      {children}
    </div>
  );
}
