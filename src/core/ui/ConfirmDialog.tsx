/**
 * A declarative confirm / notice dialog over react-vant's Dialog (its popup, overlay and animation), with
 * the accessibility react-vant lacks: role="dialog", aria-modal, a name (the title) and a description
 * (the message), focus moved into the dialog on open and back on close, Escape = cancel.
 */
import { lazy, Suspense, useEffect, useId, useRef, type ComponentType, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useScrollFocusable } from './use-scroll-focusable';
import './confirm-dialog.css';

// react-vant's Dialog (with Popup, Overlay and react-transition-group, ~8 KB gzip) loads when the first
// ConfirmDialog mounts — screens mount theirs closed, so it is there before anyone taps — and stays
// out of the page's initial JS.
// If its chunk cannot be fetched (a flaky network), one retry, then a plain overlay stands in: the
// decision stays possible and nothing throws to the page.
type ShellProps = { visible?: boolean; className?: string; children?: ReactNode } & Record<string, unknown>;
function PlainDialog({ visible, className, children }: ShellProps) {
  if (!visible) return null;
  return (
    <div className="esop-dialog-plain">
      <div className={`esop-dialog-plain__panel ${className ?? ''}`}>{children}</div>
    </div>
  );
}
const loadDialog = () => import('react-vant/es/dialog/index.js') as Promise<{ default: ComponentType<ShellProps> }>;
const Dialog = lazy(() =>
  loadDialog()
    .catch(() => new Promise((r) => setTimeout(r, 1500)).then(loadDialog))
    .catch(() => ({ default: PlainDialog })),
);

export interface ConfirmDialogProps {
  visible: boolean;
  title: ReactNode;
  message?: ReactNode;
  /** extra content under the message */
  children?: ReactNode;
  /** default: common.confirm */
  confirmText?: ReactNode;
  /** default: common.cancel */
  cancelText?: ReactNode;
  /** false for a one-button notice (default true) */
  showCancel?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
  confirmLoading?: boolean;
  confirmDisabled?: boolean;
  /** tapping the overlay cancels (default false: decisions need a button) */
  closeOnOverlay?: boolean;
}

export function ConfirmDialog({
  visible,
  title,
  message,
  children,
  confirmText,
  cancelText,
  showCancel = true,
  onConfirm,
  onCancel,
  confirmLoading = false,
  confirmDisabled = false,
  closeOnOverlay = false,
}: ConfirmDialogProps) {
  const intl = useIntl();
  const id = useId();
  const titleId = `${id}-title`;
  const messageId = `${id}-message`;
  const boxRef = useRef<HTMLDivElement>(null);
  const messageRef = useScrollFocusable();
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    if (!visible) return;
    returnFocus.current = document.activeElement;
    let frame = 0;
    const focus = () => {
      if (boxRef.current) boxRef.current.focus();
      else frame = requestAnimationFrame(focus);
    };
    focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCancel?.();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKey);
      const el = returnFocus.current as HTMLElement | null;
      if (el && typeof el.focus === 'function' && document.contains(el)) el.focus();
    };
  }, [visible, onCancel]);

  const cancel = onCancel ?? (() => undefined);
  return (
    <Suspense fallback={null}>
      <Dialog
        visible={visible}
        className="esop-dialog"
        showConfirmButton={false}
        showCancelButton={false}
        closeOnClickOverlay={closeOnOverlay}
        onClose={closeOnOverlay ? cancel : undefined}
        footer={<></>}
      >
        <div
          ref={boxRef}
          role={showCancel ? 'dialog' : 'alertdialog'}
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={message ? messageId : undefined}
          tabIndex={-1}
          className="esop-dialog__box"
        >
          <h2 id={titleId} className="esop-dialog__title">
            {title}
          </h2>
          {message ? (
            <div id={messageId} ref={messageRef} className="esop-dialog__message">
              {message}
            </div>
          ) : null}
          {children}
          <div className={`esop-dialog__footer${showCancel ? ' esop-dialog__footer--two' : ''}`}>
            {showCancel ? (
              <button type="button" className="esop-dialog__btn esop-dialog__btn--cancel" onClick={cancel}>
                {cancelText ?? intl.formatMessage({ id: 'common.cancel' })}
              </button>
            ) : null}
            <button
              type="button"
              className="esop-dialog__btn esop-dialog__btn--confirm"
              onClick={onConfirm}
              disabled={confirmDisabled}
              aria-busy={confirmLoading || undefined}
            >
              {confirmText ?? intl.formatMessage({ id: 'common.confirm' })}
            </button>
          </div>
        </div>
      </Dialog>
    </Suspense>
  );
}
