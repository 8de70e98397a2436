/**
 * A PDF shown inside the page: a full-screen sheet with the title and a close button, the pages rendered by
 * pdf.js (PdfPages, loaded with the first sheet opened, never with the screen). A missing file or a failed load
 * closes the sheet with the catalogue's toast (file absent / load failed: pdf-failure.ts). In the native app the bridge's own PDF
 * viewer could be used instead; this sheet works in both.
 */
import { Suspense, lazy, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { showPdfFailure } from './pdf-failure';
import './pdf.css';

const PdfPages = lazy(() => import('./PdfPages'));

export interface PdfSheetProps {
  url: string;
  title: string;
  onClose: () => void;
}

export function PdfSheet({ url, title, onClose }: PdfSheetProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const closeRef = useRef<HTMLButtonElement>(null);
  const closeNow = useRef(onClose);
  closeNow.current = onClose;

  // once per opening: focus the close button, Escape closes, the page behind does not scroll; all undone on close
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeNow.current();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  return (
    <div className="esop-pdf" role="dialog" aria-modal="true" aria-label={title}>
      <header className="esop-pdf__header">
        <h2 className="esop-pdf__title">{title}</h2>
        <button ref={closeRef} type="button" className="esop-pdf__close" onClick={onClose} aria-label={t('common.close')}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <div className="esop-pdf__body">
        <Suspense fallback={<p className="esop-pdf__loading">{t('common.loading')}</p>}>
          <PdfPages
            url={url}
            loading={t('common.loading')}
            pageLabel={(n, total) => t('pdf.page', { n, total })}
            onError={(err) => {
              showPdfFailure(intl, err);
              onClose();
            }}
          />
        </Suspense>
      </div>
    </div>
  );
}
