/**
 * The one path of a PDF that cannot be opened, on every page (spec part 3 §8 "PDF missing / load failure: toasts for
 * file absent or load failed"): what the failure was — 'missing' for a file that is not there (HTTP 404 from pdf.js or a
 * HEAD check, the service's 100404), 'failed' for anything else — and its toast. Used by the in-page viewer
 * (PdfSheet), the links to the browser's or the app's viewer (PdfLink) and the pages that fetch a PDF through a call
 * first (the signing page's documents, the certificate step's generated forms).
 */
import type { IntlShape } from 'react-intl';
import { ApiError } from '../../api/api-error';
import { ErrorCode } from '../../domain/errors';
import { toast } from '../toast';

export type PdfFailure = 'missing' | 'failed';

/** The message key of a failure: "file absent" or "failed to load". */
export const PDF_FAILURE_TEXT: Record<PdfFailure, string> = { missing: 'pdf.missing', failed: 'pdf.failed' };

export function pdfFailureOf(err: unknown): PdfFailure {
  if (err === 'missing') return 'missing';
  if (err instanceof ApiError) return err.code === ErrorCode.NOT_FOUND || err.status === 404 ? 'missing' : 'failed';
  if (err && typeof err === 'object') {
    // pdf.js 5+: ResponseException {status, missing}; before: MissingPDFException
    const e = err as { status?: unknown; missing?: unknown; name?: unknown };
    if (e.missing === true || e.status === 404 || e.name === 'MissingPDFException') return 'missing';
  }
  return 'failed';
}

/** The catalogue's toast for a PDF that could not be opened. */
export function showPdfFailure(intl: IntlShape, err: unknown): void {
  toast.show(intl.formatMessage({ id: PDF_FAILURE_TEXT[pdfFailureOf(err)] }));
}
