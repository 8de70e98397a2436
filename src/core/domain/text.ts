/**
 * Text hygiene: what no text the service accepts may contain, whatever the field. A NUL character breaks
 * PostgreSQL's text type and C-string tools downstream; a lone UTF-16 surrogate cannot be encoded as UTF-8 at all.
 * Both are refused at the edge with 100400, rule `textEncoding`, at the path of the first bad string or key.
 */

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isCleanText = (s: string): boolean => !BAD_TEXT.test(s);

/**
 * The dotted path of the first string (value or object key) that is not clean text, or null when all are.
 * A key's path names the key itself. Walks at most `maxDepth` levels (deeper values are the schema's business).
 */
export function badTextPath(value: unknown, path = '', maxDepth = 32): string | null {
  if (typeof value === 'string') return isCleanText(value) ? null : path;
  if (value === null || typeof value !== 'object' || maxDepth <= 0) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = badTextPath(value[i], path ? `${path}.${i}` : String(i), maxDepth - 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (!isCleanText(key)) return at;
    const found = badTextPath(v, at, maxDepth - 1);
    if (found !== null) return found;
  }
  return null;
}
