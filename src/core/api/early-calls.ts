/**
 * Calls a page's entry starts before the React part of its script has loaded (src/core/app/early-start.ts), kept
 * here until the query that needs the answer asks for it: the query then takes the call in flight instead of making a
 * second one. A call is taken once, and only while fresh; later fetches of the query call the service as usual.
 */
const MAX_AGE_MS = 20_000;

const started = new Map<string, { at: number; promise: Promise<unknown> }>();

export function startEarlyCall<T>(name: string, call: () => Promise<T>): Promise<T> {
  const promise = call();
  // an unanswered early call must not be reported as unhandled: the query that takes it handles its failure
  promise.catch(() => undefined);
  started.set(name, { at: Date.now(), promise });
  return promise;
}

/** The early call `name`, if one was started and not yet taken (and is not stale). */
export function takeEarlyCall<T>(name: string): Promise<T> | undefined {
  const early = started.get(name);
  started.delete(name);
  return early && Date.now() - early.at <= MAX_AGE_MS ? (early.promise as Promise<T>) : undefined;
}

/** For tests: forget every early call. */
export function forgetEarlyCalls(): void {
  started.clear();
}
