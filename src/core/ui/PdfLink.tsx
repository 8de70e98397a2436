import type { MouseEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { checkPdf } from '../api/pdf-file';
import { bridge } from '../bridge/bridge';
import { showPdfFailure } from './pdf/pdf-failure';

export interface PdfLinkProps {
  url: string;
  /** the document's title (the app viewer shows it) */
  title: string;
  children: ReactNode;
  className?: string;
}

/**
 * A link to a PDF: the app's native viewer inside the app, a new window (the browser's own viewer)
 * otherwise. A real link, so it works before scripts and for assistive tech; never loads pdf.js.
 * Neither viewer can tell the page that the file is not there, so the address is checked first (HEAD): a missing
 * file gives the catalogue's "file absent" toast and opens nothing (pdf/pdf-failure.ts). In the browser the window
 * is opened at the click (a window opened after the check would be a blocked pop-up) and sent to the PDF, or
 * closed, once the check answers.
 */
export function PdfLink({ url, title, children, className }: PdfLinkProps) {
  const intl = useIntl();
  const inApp = bridge.isInApp();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const tab = inApp ? null : window.open('', '_blank');
    if (tab) tab.opener = null;
    void checkPdf(url).then((found) => {
      if (found !== 'ok') {
        tab?.close();
        showPdfFailure(intl, found);
        return;
      }
      if (inApp) void bridge.openPdf(url, title).catch(() => window.open(url, '_blank', 'noopener'));
      else if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    });
  };
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
      {children}
      {inApp ? null : <span className="esop-visually-hidden"> {intl.formatMessage({ id: 'core.opensNewWindow' })}</span>}
    </a>
  );
}
