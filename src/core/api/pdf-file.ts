/**
 * Whether a PDF's address answers, asked before a PDF is handed to a viewer that cannot tell the page what went wrong
 * (a new browser window, the app's native viewer): a HEAD request, no body read. The same-origin static PDFs and
 * signed download addresses answer HEAD (Fastify answers HEAD for every GET route).
 */
export type PdfCheck = 'ok' | 'missing' | 'failed';

export async function checkPdf(url: string, signal?: AbortSignal): Promise<PdfCheck> {
  try {
    const res = await fetch(url, { method: 'HEAD', credentials: 'same-origin', cache: 'no-store', signal });
    // 404 is the file absent; any other answer is left to the viewer (a service that refuses HEAD still serves GET)
    return res.status === 404 ? 'missing' : 'ok';
  } catch {
    return 'failed';
  }
}
