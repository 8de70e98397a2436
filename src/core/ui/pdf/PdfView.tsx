/**
 * The one way to show a PDF's pages inside a page (the sheet of the applicant's pages, the desk's file viewer): the
 * pages (PdfPages: react-pdf and pdf.js, a lazy chunk loaded with the first PDF shown) behind an error boundary and
 * Suspense. Whatever a PDF does — a 404, bytes that are not a PDF, no network, a page that cannot be drawn, the chunk
 * that does not come — ends in this boundary: the viewer area shows the caller's failure view with a retry
 * (spec part 3 §8 "PDF missing / load failure"), and the rest of the page stays as it was.
 */
import { Component, Fragment, Suspense, lazy, type ReactNode } from 'react';
import type { ReportsOwnErrors } from '../caught-errors';
import { pdfFailureOf, type PdfFailure } from './pdf-failure';

let chunkLoaded = false;
const loadPages = () =>
  import('./PdfPages').then((m) => {
    chunkLoaded = true;
    return m;
  });
/** React keeps a lazy component's failed load for good: a retry after the chunk did not come starts a new one */
let LazyPages = lazy(loadPages);

interface BoundaryProps {
  /** told once per failure, with what was thrown */
  onError: (err: unknown) => void;
  /** before the pages are tried again */
  onRetry?: () => void;
  fallback: (failure: PdfFailure, retry: () => void) => ReactNode;
  children: ReactNode;
}
interface BoundaryState {
  failure: PdfFailure | null;
  attempt: number;
}

/**
 * Catches what the pages throw; a retry mounts them afresh (react-pdf drops a failed load when its pages unmount). Its
 * failures are told to the user (onError), so the page's root logs them as warnings (ui/caught-errors.ts).
 */
export class PdfBoundary extends Component<BoundaryProps, BoundaryState> implements ReportsOwnErrors {
  readonly reportsOwnErrors = true;
  state: BoundaryState = { failure: null, attempt: 0 };

  static getDerivedStateFromError(err: unknown): Partial<BoundaryState> {
    return { failure: pdfFailureOf(err) };
  }

  componentDidCatch(err: unknown): void {
    this.props.onError(err);
  }

  retry = (): void => {
    this.props.onRetry?.();
    this.setState((s) => ({ failure: null, attempt: s.attempt + 1 }));
  };

  render(): ReactNode {
    if (this.state.failure) return this.props.fallback(this.state.failure, this.retry);
    return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
  }
}

export interface PdfViewProps {
  url: string;
  /** the pages' width as a share of the viewer's; 1 (fit the width) by default */
  scale?: number;
  /** a page's accessible name, e.g. "Page 1 of 3" */
  pageLabel: (n: number, total: number) => string;
  /** shown while the viewer's chunk and the file load */
  loading: ReactNode;
  /** told once per failure: what it was (file absent or failed to load) and what was thrown */
  onFailure?: (failure: PdfFailure, err: unknown) => void;
  /** told when the applicant asks to try again */
  onRetry?: () => void;
  /** the viewer area after a failure, with the retry to offer */
  renderFailure: (failure: PdfFailure, retry: () => void) => ReactNode;
}

export function PdfView({ url, scale = 1, pageLabel, loading, onFailure, onRetry, renderFailure }: PdfViewProps) {
  return (
    // a new file is a new boundary: the failure of the one before is not carried over
    <PdfBoundary
      key={url}
      onError={(err) => onFailure?.(pdfFailureOf(err), err)}
      onRetry={() => {
        if (!chunkLoaded) LazyPages = lazy(loadPages);
        onRetry?.();
      }}
      fallback={renderFailure}
    >
      <Suspense fallback={loading}>
        <LazyPages url={url} scale={scale} pageLabel={pageLabel} />
      </Suspense>
    </PdfBoundary>
  );
}
