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
