/**
 * A PDF shown inside the page: a full-screen sheet with the title and a close button, the pages (PdfView: react-pdf,
 * loaded with the first sheet opened, never with the screen, behind an error boundary) and a zoom bar (zoom out, the
 * current per cent, zoom in, fit the width; two-finger pinch too). A missing file or a failed load gives the
 * catalogue's toast (file absent / load failed: pdf-failure.ts) and the sheet says it with a retry; the page behind
 * stays as it was. In the native app the bridge's own PDF viewer could be used instead; this sheet works in both.
 */
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { PDF_FAILURE_TEXT, showPdfFailure } from './pdf-failure';
import { PdfView } from './PdfView';
import { usePinchZoom } from './use-pinch-zoom';
import { ZOOM_FIT, ZOOM_MAX, ZOOM_MIN, zoomInFrom, zoomOutFrom } from './zoom';
import './pdf.css';

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
  const body = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(ZOOM_FIT);
  const [failed, setFailed] = useState(false);
  const { zoomTo, handlers } = usePinchZoom(body, content, zoom, setZoom);

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
      <div ref={body} className="esop-pdf__body" {...(failed ? {} : handlers)}>
        <div ref={content} className="esop-pdf__content">
          <PdfView
            url={url}
            scale={zoom}
            loading={<p className="esop-pdf__loading">{t('common.loading')}</p>}
            pageLabel={(n, total) => t('pdf.page', { n, total })}
            onFailure={(_failure, err) => {
              setFailed(true);
              showPdfFailure(intl, err);
            }}
            onRetry={() => setFailed(false)}
            renderFailure={(failure, retry) => (
              <div className="esop-pdf__failed">
                <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
                  <path d="M6 2h8l5 5v15H6z M14 2v5h5 M10 12l5 5 M15 12l-5 5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round" />
                </svg>
                <p>{t(PDF_FAILURE_TEXT[failure])}</p>
                <button type="button" className="esop-pdf__retry" onClick={retry}>
                  {t('common.retry')}
                </button>
              </div>
            )}
          />
        </div>
      </div>
      {failed ? null : (
        <div className="esop-pdf__tools" role="toolbar" aria-label={t('pdf.zoom')}>
          <button type="button" className="esop-pdf__tool" onClick={() => zoomTo(zoomOutFrom(zoom))} disabled={zoom <= ZOOM_MIN} aria-label={t('pdf.zoomOut')}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M5 12h14" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
          <output className="esop-pdf__percent" aria-live="polite">
            {intl.formatNumber(zoom, { style: 'percent' })}
          </output>
          <button type="button" className="esop-pdf__tool" onClick={() => zoomTo(zoomInFrom(zoom))} disabled={zoom >= ZOOM_MAX} aria-label={t('pdf.zoomIn')}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M5 12h14M12 5v14" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
          <button type="button" className="esop-pdf__fit" onClick={() => zoomTo(ZOOM_FIT)}>
            {t('pdf.fitWidth')}
          </button>
        </div>
      )}
    </div>
  );
}
