/**
 * The popup every picker, the date field, the sample popup and the image preview use: a bottom sheet (or a
 * full-screen layer) over a dimmed page, rendered into document.body. Own component rather than
 * react-vant's Popup (which has no dialog role, no focus handling and pulls react-transition-group): a
 * modal dialog named by its title, focus moved into it on open and back to the opener on close, Tab kept
 * inside, Escape and the overlay close it, the page behind does not scroll.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { useScrollFocusable } from '../use-scroll-focusable';
import './sheet.css';

export interface SheetProps {
  visible: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** 'bottom' (default): a sheet from the bottom, up to 85% high; 'full': the whole screen; 'preview': full screen on black */
  variant?: 'bottom' | 'full' | 'preview';
  /** show the title visually (default true; the dialog is named by it either way) */
  showTitle?: boolean;
  /** content at the left of the header (e.g. a back button) */
  headerStart?: ReactNode;
  /** replaces the close button at the right of the header */
  headerEnd?: ReactNode;
  /** under the content, above the safe area */
  footer?: ReactNode;
  className?: string;
  /** element to focus on open (default the dialog itself) */
  initialFocus?: React.RefObject<HTMLElement | null>;
}

let locks = 0;
let savedOverflow = '';
function lockScroll(): () => void {
  if (locks++ === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  return () => {
    if (--locks === 0) document.body.style.overflow = savedOverflow;
  };
}

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

export function Sheet({ visible, title, onClose, children, variant = 'bottom', showTitle = true, headerStart, headerEnd, footer, className, initialFocus }: SheetProps) {
  const intl = useIntl();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const body = useScrollFocusable();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!visible) return;
    const opener = document.activeElement as HTMLElement | null;
    const unlock = lockScroll();
    (initialFocus?.current ?? panel.current)?.focus({ preventScroll: true });
    return () => {
      unlock();
      if (opener && typeof opener.focus === 'function' && document.contains(opener)) opener.focus({ preventScroll: true });
    };
    // initialFocus is read once per opening
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible]);

  if (!visible) return null;

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      closeRef.current();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]'));
    if (!items.length) {
      e.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={`esop-sheet esop-sheet--${variant}`}>
      <div className="esop-sheet__overlay" onClick={() => closeRef.current()} aria-hidden="true" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`esop-sheet__panel${className ? ` ${className}` : ''}`}
        onKeyDown={onKeyDown}
      >
        <div className="esop-sheet__header">
          <div className="esop-sheet__side">{headerStart}</div>
          <h2 id={titleId} className={showTitle ? 'esop-sheet__title' : 'esop-visually-hidden'}>
            {title}
          </h2>
          <div className="esop-sheet__side esop-sheet__side--end">
            {headerEnd ?? (
              <button type="button" className="esop-sheet__close" aria-label={intl.formatMessage({ id: 'ui.close' })} onClick={() => closeRef.current()}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </div>
        </div>
        <div className="esop-sheet__body" ref={body}>
          {children}
        </div>
        {footer ? <div className="esop-sheet__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
