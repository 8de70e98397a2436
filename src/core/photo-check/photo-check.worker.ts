/**
 * The photo check's worker (issue 41): decodes the picked photo (its orientation applied), draws it at the work size
 * and analyses it (analyse.ts), off the main thread. One message in ({id, file}), one out ({id, problems, ms} or
 * {id, error}).
 */
import { analysePhoto, workSize } from './analyse';

interface Request {
  id: number;
  file: Blob;
}

self.onmessage = async (e: MessageEvent<Request>) => {
  const { id, file } = e.data;
  const t0 = performance.now();
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = workSize(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const { data } = ctx.getImageData(0, 0, size.width, size.height);
    const result = analysePhoto({ data, width: size.width, height: size.height });
    postMessage({ id, problems: result.problems, ms: performance.now() - t0 });
  } catch (err) {
    postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
