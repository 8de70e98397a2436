/**
 * pdf.js's worker from our origin (a chunk of its own, loaded with the pages). Apart from PdfPages so that the pages'
 * tests, where Vite's `import.meta.url` does not exist, can leave it out.
 */
import { pdfjs } from 'react-pdf';

pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
