/**
 * react-pdf for jsdom (pdf.js does not run there), behaving as react-pdf 11 does by default: the document's load is
 * read through Suspense (`use`), and a failure is thrown from a layout effect, after onLoadError, to the nearest error
 * boundary; a page's failure is thrown while it renders. A test says what each address gives (setFile). The failures
 * have pdf.js 5's shapes: ResponseException {status, missing} for an HTTP error, InvalidPDFException for bytes that
 * are not a PDF, UnknownErrorException "Failed to fetch" for no network (fetch's TypeError as pdf.js's worker wraps it).
 * Use: jest.mock('react-pdf', () => jest.requireActual('@core/testing/fake-react-pdf')), and mock the viewer's
 * pdf-worker module (it reads Vite's import.meta).
 */
import { createContext, use, useContext, useLayoutEffect, type ReactNode } from 'react';

export interface FakeLoad {
  error?: unknown;
  numPages?: number;
  /** the file loads, its pages cannot be drawn */
  brokenPage?: boolean;
}

export const missing = Object.assign(new Error('Unexpected server response (404) while retrieving PDF "/a.pdf".'), { name: 'ResponseException', status: 404, missing: true });
export const corrupt = Object.assign(new Error('Invalid PDF structure.'), { name: 'InvalidPDFException' });
export const offline = Object.assign(new Error('Failed to fetch'), { name: 'UnknownErrorException', details: 'TypeError: Failed to fetch' });

const loads = new Map<string, Promise<FakeLoad>>();
/** a load already answered: React's `use` reads it at once (jsdom's tests need not wait for a Suspense retry) */
const answered = (load: FakeLoad) => Object.assign(Promise.resolve(load), { status: 'fulfilled', value: load });
const Broken = createContext(false);

/** what the file at `url` gives from now on (one page that loads, when never said) */
export function setFile(url: string, load: FakeLoad): void {
  loads.set(url, answered(load));
}

export function Document({ file, onLoadSuccess, onLoadError, children }: { file: string; onLoadSuccess?: (p: { numPages: number }) => void; onLoadError?: (e: unknown) => void; children?: ReactNode }) {
  if (!loads.has(file)) setFile(file, { numPages: 1 });
  const result = use(loads.get(file)!);
  useLayoutEffect(() => {
    if (result.error) {
      onLoadError?.(result.error);
      throw result.error;
    }
    onLoadSuccess?.({ numPages: result.numPages ?? 1 });
    // as react-pdf: told once per load, not when the callbacks change
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  return <Broken.Provider value={!!result.brokenPage}>{result.error ? null : children}</Broken.Provider>;
}

export function Page({ pageNumber, width }: { pageNumber: number; width: number }) {
  if (useContext(Broken)) throw new Error('Invalid page request.');
  return <canvas data-testid={`page-${pageNumber}`} data-width={width} />;
}

export const pdfjs = { GlobalWorkerOptions: {} };
