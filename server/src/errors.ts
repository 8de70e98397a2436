/**
 * The service's error type. Throw `new AppError(ErrorCode.X, {data})` anywhere in a route, service
 * or plugin: the error handler answers {error: {code, message, data}} with the HTTP status below
 * and the message in the request's language (locales errors.<code>).
 */
import { ErrorCode } from '@core/domain';

const STATUS: Record<number, number> = {
  [ErrorCode.INVALID_INPUT]: 400,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.INTERNAL]: 500,
  [ErrorCode.UNAVAILABLE]: 503,
  [ErrorCode.BUSY]: 503,
  [ErrorCode.CIPHER_REQUIRED]: 400,
  [ErrorCode.CIPHER_INVALID]: 401,
  [ErrorCode.CIPHER_STALE]: 400,
  [ErrorCode.CIPHER_REPLAY]: 400,
  [ErrorCode.LOGIN_EXPIRED]: 401,
  [ErrorCode.SESSION_IDLE]: 401,
  [ErrorCode.SESSION_ABSOLUTE]: 401,
  [ErrorCode.SIGN_SESSION_ENDED]: 401,
  [ErrorCode.TOKEN_INVALID]: 401,
  [ErrorCode.CODE_TOO_FREQUENT]: 429,
  [ErrorCode.STAFF_SIGN_IN_FAILED]: 401,
  [ErrorCode.STAFF_LOCKED]: 429,
  [ErrorCode.STAFF_NOT_ALLOWED]: 403,
  [ErrorCode.CASE_CLAIMED]: 409,
  [ErrorCode.CASE_STATE]: 409,
  [ErrorCode.FOUR_EYES]: 403,
  [ErrorCode.CODE_SEND_FAILED]: 502,
  [ErrorCode.FILE_TOO_LARGE]: 413,
  [ErrorCode.FILE_TYPE]: 415,
  [ErrorCode.FILE_PDF_REFUSED]: 422,
};

/** HTTP status for an error code: the table above, 400 for every other business error. */
export function httpStatusOf(code: number): number {
  return STATUS[code] ?? 400;
}

export class AppError extends Error {
  readonly code: number;
  readonly data?: unknown;
  readonly statusCode: number;
  /** a message to send instead of the translated one (e.g. 150200 "show the given message") */
  readonly givenMessage?: string;

  constructor(code: number, opts: { data?: unknown; message?: string; status?: number } = {}) {
    super(opts.message ?? `error ${code}`);
    this.name = 'AppError';
    this.code = code;
    this.data = opts.data;
    this.statusCode = opts.status ?? httpStatusOf(code);
    this.givenMessage = opts.message;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

// connection-class failures (no @core import there: the database module and jest's global set-up load it)
export { asUnavailable, isConnectionError, UnavailableError } from './unavailable';

/**
 * A refusal of an operator's command (bad input, a business rule): ops/run.ts shows its message to the operator as it
 * is. Thrown by the ops functions of every module (they extend it for their own refusals), so it lives here, below them.
 */
export class OpsInputError extends Error {}

/** Shape of data.issues for 100400 */
export interface Issue {
  path: string;
  message: string;
}
