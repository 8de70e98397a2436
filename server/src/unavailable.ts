/**
 * A part the request needs cannot be reached just now (the database, the file store): the request answers 503
 * 100502 "try again" (plugins/errors.ts), and nothing else follows from it: no session is ended, no file is said to
 * be absent or forbidden. Thrown by the database and storage wrappers for their connection-class failures.
 */
export class UnavailableError extends Error {
  constructor(
    readonly part: 'database' | 'storage',
    readonly cause?: unknown,
  ) {
    super(`${part} unavailable: ${(cause as Error | undefined)?.message ?? 'no answer'}`);
    this.name = 'UnavailableError';
  }
}

/** PostgreSQL's SQLSTATEs of a server that is going away, not accepting, or full of connections. */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '53400']);
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
const PG_CLIENT_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect/, /is not queryable/, /^Client was closed/, /Connection terminated due to connection timeout/];

/**
 * A database client's error that says the server could not be reached or went away (not a statement's own fault):
 * SQLSTATE class 08 (connection exception), 57P0x (shutdown), 53300 (too many connections), a socket error, or
 * node-postgres' own words for a lost or timed-out connection. AggregateError (a host with several addresses) too.
 */
export function isConnectionError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  if (err instanceof UnavailableError) return true;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (e.code.startsWith('08') || PG_UNAVAILABLE.has(e.code) || NET_CODES.has(e.code))) return true;
  if (typeof e.message === 'string' && PG_CLIENT_MESSAGES.some((re) => re.test(e.message as string))) return true;
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isConnectionError);
}

/** `err` as an UnavailableError of `part` when it is a connection-class failure, else unchanged. */
export function asUnavailable(part: UnavailableError['part'], err: unknown): unknown {
  return err instanceof UnavailableError || !isConnectionError(err) ? err : new UnavailableError(part, err);
}
