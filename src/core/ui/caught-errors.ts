/**
 * React's onCaughtError for every page's root (and the desk's): what an error boundary caught is logged as React does
 * by default (console.error), except by a boundary that reports its errors itself — the PDF viewer's, whose failures
 * (a 404, bytes that are not a PDF, no network) are the expected ones the viewer and its toast already tell the
 * user: a warning, so that a handled missing file is not reported as the page's error.
 */
export interface ReportsOwnErrors {
  readonly reportsOwnErrors: true;
}

export function onCaughtError(error: unknown, info: { componentStack?: string; errorBoundary?: unknown }): void {
  // kept small: it is in every page's first script
  if ((info.errorBoundary as Partial<ReportsOwnErrors> | null | undefined)?.reportsOwnErrors) console.warn(error);
  else console.error(error, info.componentStack ?? '');
}
