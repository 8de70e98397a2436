import type { MouseEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { bridge } from '../bridge/bridge';

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
 */
export function PdfLink({ url, title, children, className }: PdfLinkProps) {
  const intl = useIntl();
  const inApp = bridge.isInApp();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!inApp) return; // the browser opens target=_blank itself
    e.preventDefault();
    void bridge.openPdf(url, title).catch(() => window.open(url, '_blank', 'noopener'));
  };
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
      {children}
      {inApp ? null : <span className="esop-visually-hidden"> {intl.formatMessage({ id: 'core.opensNewWindow' })}</span>}
    </a>
  );
}
