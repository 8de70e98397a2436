import { lazy, Suspense, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { STEP_ROUTE, stepOfRoute, type Progress } from '../domain/steps';
import { HandoffOffer } from './handoff/offer';
import { onComputer } from './handoff/on-computer';
import { FooterButton } from './FooterButton';
import { LangMenu } from './LangMenu';
import './step-page.css';

import { useNextLabel } from './next-label';

export { NextLabelContext, useNextLabel } from './next-label';

/** "Continue on your phone" (issue 41): on a computer only, in a chunk of its own with the QR encoder */
const DesktopHandoff = lazy(() => import('./handoff/DesktopHandoff'));
const COMPUTER = onComputer();

/** The computer's hand-off card beside a step, made anew for each step (a code opens the step it was made on). */
function HandoffBeside() {
  const step = stepOfRoute(useLocation().pathname);
  if (!step) return null;
  return (
    <Suspense fallback={null}>
      <DesktopHandoff key={step} route={STEP_ROUTE[step]} />
    </Suspense>
  );
}

export interface StepPageProps {
  /** the page heading (already translated) */
  title: string;
  /**
   * progress "n of 5/6"; omitted on pages without a step number. `'pending'` keeps its row's place while the
   * application (which says the total) loads, so that the page does not move when it comes.
   */
  progress?: Progress | 'pending';
  /** the step's introduction (already translated): the first paragraph under the heading, why the step asks */
  intro?: ReactNode;
  /** back arrow; omitted → no back button */
  onBack?: () => void;
  children: ReactNode;
  /** default footer: one Next button */
  onNext?: () => void;
  /** default: common.next */
  nextLabel?: string;
  nextDisabled?: boolean;
  nextLoading?: boolean;
  /** replaces the default footer (e.g. two buttons) */
  footer?: ReactNode;
  className?: string;
}

/**
 * The frame of a step: a header (back button, title), the progress "n of 5"/"n of 6" with a bar,
 * scrollable content, and a sticky footer with the Next button above the safe area. On arrival the page is
 * scrolled to the top and focus moves to the heading. The header's right end offers the language choice. On a
 * computer, a page that offers it (HandoffOffer) shows the card to go on with the phone beside the step.
 */
export function StepPage({
  title,
  progress,
  intro,
  onBack,
  children,
  onNext,
  nextLabel,
  nextDisabled,
  nextLoading,
  footer,
  className,
}: StepPageProps) {
  const intl = useIntl();
  const routeLabel = useNextLabel();
  const label = progress && progress !== 'pending' ? intl.formatMessage({ id: 'common.progress' }, { current: progress.current, total: progress.total }) : undefined;
  const hasFooter = footer !== undefined || !!onNext;
  const heading = useRef<HTMLHeadingElement>(null);
  const handoff = useContext(HandoffOffer) && COMPUTER;
  // a new step opens at its top with its heading focused (announced by screen readers), not at the scroll
  // position the previous step was left at
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <div className={`esop-step${className ? ` ${className}` : ''}`}>
      <header className="esop-step__header">
        {onBack ? (
          <button type="button" className="esop-step__back" onClick={onBack} aria-label={intl.formatMessage({ id: 'core.back' })}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        ) : (
          <span className="esop-step__back-spacer" aria-hidden="true" />
        )}
        <h1 className="esop-step__title" ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <LangMenu className="esop-step__lang" />
      </header>
      {progress === 'pending' ? (
        <div className="esop-step__progress esop-step__progress--pending" aria-hidden="true">
          <span className="esop-step__bar" />
          <span className="esop-step__progress-label">&nbsp;</span>
        </div>
      ) : progress && label ? (
        <div className="esop-step__progress">
          <div
            className="esop-step__bar"
            role="progressbar"
            aria-label={intl.formatMessage({ id: 'core.progressName' })}
            aria-valuemin={1}
            aria-valuemax={progress.total}
            aria-valuenow={progress.current}
            aria-valuetext={label}
          >
            {Array.from({ length: progress.total }, (_, i) => (
              <span key={i} className={`esop-step__seg${i < progress.current ? ' esop-step__seg--done' : ''}`} />
            ))}
          </div>
          <span className="esop-step__progress-label" aria-hidden="true">
            {label}
          </span>
        </div>
      ) : null}
      {/* not <main>: the page shell already is the main landmark */}
      <div className="esop-step__content">
        {intro ? <p className="esop-step__intro">{intro}</p> : null}
        {children}
      </div>
      {hasFooter ? (
        <footer className="esop-step__footer">
          {footer !== undefined ? (
            footer
          ) : (
            <FooterButton onClick={onNext!} disabled={nextDisabled} loading={nextLoading}>
              {routeLabel ?? nextLabel ?? intl.formatMessage({ id: 'common.next' })}
            </FooterButton>
          )}
        </footer>
      ) : null}
      {handoff ? <HandoffBeside /> : null}
    </div>
  );
}
