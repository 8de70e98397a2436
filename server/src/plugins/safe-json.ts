/**
 * JSON from clients, parsed without prototype poisoning: keys that could reach an object's prototype when the
 * value is later merged or spread (`__proto__`, `constructor`, `prototype`) are taken out while parsing and
 * reported, so the caller can refuse the request.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A key can spell a forbidden name only literally or with \u escapes (JSON has no other escape that yields a
 * letter or `_`): text without either cannot carry one and is parsed without the per-key reviver.
 */
const MAY_FORBID = /__proto__|constructor|prototype|\\u/;

export function parseJsonSafely(text: string): { value: unknown; forbidden: string[] } {
  if (!MAY_FORBID.test(text)) return { value: JSON.parse(text) as unknown, forbidden: [] };
  const forbidden: string[] = [];
  const value: unknown = JSON.parse(text, (key, v: unknown) => {
    if (FORBIDDEN_KEYS.has(key)) {
      forbidden.push(key);
      return undefined; // drops the property
    }
    return v;
  });
  return { value, forbidden };
}
