/**
 * The pages of a PDF rendered in the page with react-pdf (pdf.js). Loaded only with a PDF viewer: pdf.js, its
 * worker and styles are chunks of their own. The worker, character maps and standard fonts come from our origin.
 *
 * react-pdf (11) loads through Suspense and reports every failure — the file's load (404, bytes that are not a PDF,
 * no network), a page's load or drawing — by throwing to the nearest error boundary. Never use this component
 * directly: PdfView puts it behind its boundary and Suspense (without them a failed PDF unmounts the whole page).
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { Document, Page } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import './pdf-worker';
import { canvasRatio } from './zoom';

const OPTIONS = { cMapUrl: '/pages/pdfjs/cmaps/', cMapPacked: true, standardFontDataUrl: '/pages/pdfjs/standard_fonts/' };

export interface PdfPagesProps {
  url: string;
  /** a page's accessible name, e.g. "Page 1 of 3" */
  pageLabel: (n: number, total: number) => string;
  /** the pages' width as a share of the box's (the box scrolls past 1); 1 by default. Pages are drawn at this size (sharp text). */
  scale?: number;
}

export default function PdfPages({ url, pageLabel, scale = 1 }: PdfPagesProps) {
  const box = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState(0);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => setWidth(Math.floor(el.clientWidth));
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const pageWidth = Math.round(width * scale);
  const ratio = canvasRatio(pageWidth, typeof window === 'undefined' ? 1 : window.devicePixelRatio);
  return (
    <div ref={box} className="esop-pdf__pages">
      <Document file={url} options={OPTIONS} onLoadSuccess={(pdf) => setPages(pdf.numPages)}>
        {width > 0
          ? Array.from({ length: pages }, (_, i) => (
              <div key={i} className="esop-pdf__page" role="group" aria-label={pageLabel(i + 1, pages)}>
                <Suspense fallback={null}>
                  <Page pageNumber={i + 1} width={pageWidth} devicePixelRatio={ratio} renderAnnotationLayer={false} />
                </Suspense>
              </div>
            ))
          : null}
      </Document>
    </div>
  );
}
