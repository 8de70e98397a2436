/**
 * The pages of a PDF rendered in the page with react-pdf (pdf.js). Loaded only with a PDF sheet: pdf.js, its
 * worker and styles are chunks of their own. The worker, character maps and standard fonts come from our origin.
 */
import { useEffect, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';

pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

const OPTIONS = { cMapUrl: '/pages/pdfjs/cmaps/', cMapPacked: true, standardFontDataUrl: '/pages/pdfjs/standard_fonts/' };

export interface PdfPagesProps {
  url: string;
  /** the text shown while loading */
  loading: string;
  /** a page's accessible name, e.g. "Page 1 of 3" */
  pageLabel: (n: number, total: number) => string;
  /** the load error as pdf.js gives it (pdf-failure.ts tells a missing file from a failed load) */
  onError: (err: unknown) => void;
  /** the pages' width as a share of the box's (the box scrolls past 1); 1 by default */
  scale?: number;
}

export default function PdfPages({ url, loading, pageLabel, onError, scale = 1 }: PdfPagesProps) {
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

  return (
    <div ref={box} className="esop-pdf__pages">
      <Document
        file={url}
        options={OPTIONS}
        loading={<p className="esop-pdf__loading">{loading}</p>}
        error={<span />}
        onLoadSuccess={(pdf) => setPages(pdf.numPages)}
        onLoadError={(err) => onError(err)}
      >
        {width > 0
          ? Array.from({ length: pages }, (_, i) => (
              <div key={i} className="esop-pdf__page" role="group" aria-label={pageLabel(i + 1, pages)}>
                <Page pageNumber={i + 1} width={Math.round(width * scale)} renderAnnotationLayer={false} loading="" />
              </div>
            ))
          : null}
      </Document>
    </div>
  );
}
