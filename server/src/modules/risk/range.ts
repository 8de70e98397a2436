/** One HTTP byte range (RFC 9110 §14): what `Range: bytes=…` asks of a body of `size` bytes. */
export type RangeAsk = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads a Range header: absent or not a single bytes range → the whole body; "a-b", "a-" and "-n" (the last n
 * bytes) are served; a start past the end → unsatisfiable (416). Multiple ranges are answered with the whole body.
 */
export function parseRange(header: string | undefined, size: number): RangeAsk {
  if (!header) return { kind: 'whole' };
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'whole' };
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}
