import { ErrorCode } from '../domain/errors';
import { ApiError } from './api-error';
import { queryRetryDelay, shouldRetryQuery, UNAVAILABLE_RETRIES } from './query-client';

const unavailable = new ApiError(ErrorCode.UNAVAILABLE, 'try again', undefined, 503);

describe('which failed queries are tried again, and when', () => {
  test.each([
    ['no answer', new ApiError(ErrorCode.NETWORK, ''), [true, false]],
    ['an error of the service (500)', new ApiError(ErrorCode.INTERNAL, '', undefined, 500), [true, false]],
    ['login expired (401)', new ApiError(ErrorCode.LOGIN_EXPIRED, '', undefined, 401), [false, false]],
    ['a business error (400)', new ApiError(ErrorCode.INVALID_INPUT, '', undefined, 400), [false, false]],
    ['not an answer at all', new Error('render'), [false, false]],
  ])('%s: once at most', (_what, error, expected) => {
    expect([shouldRetryQuery(0, error), shouldRetryQuery(1, error)]).toEqual(expected);
    expect(queryRetryDelay(0, error)).toBe(800);
  });

  test('the database or file store away for a moment (100502): four times more, waiting longer each time', () => {
    const tries = Array.from({ length: UNAVAILABLE_RETRIES + 1 }, (_v, i) => shouldRetryQuery(i, unavailable));
    expect(tries).toEqual([true, true, true, true, false]);
    expect([0, 1, 2, 3].map((i) => queryRetryDelay(i, unavailable))).toEqual([2000, 4000, 8000, 10_000]);
  });
});
