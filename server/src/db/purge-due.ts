/**
 * Clearing old rows on the way (expired login codes, sessions, hand-offs): at most once a minute per kind of row and
 * process, whichever request comes first. `key` names the kind (the repository's purge function).
 */
const lastPurge = new WeakMap<object, number>();

export function purgeDue(key: object, now: number): boolean {
  if (now - (lastPurge.get(key) ?? 0) < 60_000) return false;
  lastPurge.set(key, now);
  return true;
}
