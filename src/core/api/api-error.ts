import type { Rule } from '../domain/identity';
import { ErrorCode, type ApiErrorBody } from '../domain/errors';

/** A failed call: the service's {error:{code,message,data}} (with the HTTP status), or code 'NETWORK' when no answer came. */
export class ApiError extends Error {
  readonly code: number | 'NETWORK';
  readonly data: unknown;
  /** HTTP status; 0 when no answer came */
  readonly status: number;

  constructor(code: number | 'NETWORK', message: string, data?: unknown, status = 0) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.status = status;
  }

  static network(cause?: unknown): ApiError {
    const e = new ApiError(ErrorCode.NETWORK, 'network failure');
    (e as { cause?: unknown }).cause = cause;
    return e;
  }

  static fromBody(body: ApiErrorBody, status: number): ApiError {
    return new ApiError(body.code, body.message ?? '', body.data, status);
  }
}

export function isApiError(e: unknown, code?: number | 'NETWORK'): e is ApiError {
  return e instanceof ApiError && (code === undefined || e.code === code);
}

/**
 * The step-data issues of a 100400 answer (ApplyUpdate's `data.issues`), by field — the path without "data." —
 * each a rule name (`rules.<rule>` translates it); null when the error is not such an answer.
 */
export function stepIssuesOf(err: unknown): Record<string, Rule> | null {
  if (!(err instanceof ApiError) || err.code !== ErrorCode.INVALID_INPUT) return null;
  const list = (err.data as { issues?: { path?: unknown; message?: unknown }[] } | undefined)?.issues;
  if (!Array.isArray(list)) return null;
  const found: Record<string, Rule> = {};
  for (const i of list) {
    if (typeof i.path === 'string' && i.path.startsWith('data.') && typeof i.message === 'string') found[i.path.slice(5)] = i.message as Rule;
  }
  return found;
}
