/**
 * Checks a picked card photo in a worker before it is uploaded (issue 41): what looks wrong with it (too dark,
 * blurred, glare, the card cut off or too small). The worker is made on the first photo and kept; a check that fails
 * or takes longer than `timeoutMs` answers null, so that a slow or old phone is never held up: the service checks
 * the card again anyway. Vite bundles the worker as a chunk of its own (nothing in the first script).
 */
import type { PhonePhotoProblem } from '../domain/photo-quality';

export interface PhotoVerdict {
  problems: PhonePhotoProblem[];
  /** decoding and analysis in the worker (milliseconds) */
  ms: number;
}

let worker: Worker | null = null;
let seq = 0;
const waiting = new Map<number, (v: PhotoVerdict | null) => void>();

function start(): Worker {
  const w = new Worker(new URL('./photo-check.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (e: MessageEvent<{ id: number; problems?: PhonePhotoProblem[]; ms?: number; error?: string }>) => {
    const done = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    done?.(e.data.problems ? { problems: e.data.problems, ms: e.data.ms ?? 0 } : null);
  };
  w.onerror = () => {
    // a worker that cannot run (an old browser): every check waiting answers null, the next one tries a new worker
    for (const done of waiting.values()) done(null);
    waiting.clear();
    worker = null;
  };
  return w;
}

export function checkPhoto(file: Blob, timeoutMs = 4000): Promise<PhotoVerdict | null> {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return Promise.resolve(null);
  try {
    worker ??= start();
  } catch {
    return Promise.resolve(null);
  }
  const id = ++seq;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      resolve(null);
    }, timeoutMs);
    waiting.set(id, (v) => {
      clearTimeout(timer);
      if (v) performance.mark?.('esop-photo-check', { detail: v.ms });
      resolve(v);
    });
    worker!.postMessage({ id, file });
  });
}
