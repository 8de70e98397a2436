import {
  APPLY_STATUSES, STOCK_STATUSES, isKnownApplyStatus, isLockedForEditing, isRejected, isStockFailure,
  isUnderReview, submitOutcome, submittedStatusFor,
} from './status';

describe('status ranges at each boundary', () => {
  test.each([
    // status, under review, locked (client status 33), rejected
    [1110, false, false, false],
    [1199, false, false, false],
    [1200, true, true, false],
    [1500, true, true, false],
    [1899, true, true, false],
    [1900, false, false, true],
    [1904, false, false, true],
    [1905, true, true, false],
    [2999, true, true, false],
    [3000, false, true, false],
    [4000, false, true, false],
    [5000, false, true, false],
  ])('%i: under review %p, locked %p, rejected %p', (status, review, locked, rejected) => {
    expect(isUnderReview(status)).toBe(review);
    expect(isLockedForEditing(status, 33)).toBe(locked);
    expect(isRejected(status)).toBe(rejected);
  });

  test('client status 31 locks whatever the status', () => {
    expect(isLockedForEditing(1000, 31)).toBe(true);
    expect(isLockedForEditing(1900, 31)).toBe(true);
  });
});

describe('what staff may do', () => {
  test('known statuses: the step codes and the review, reject and final codes, nothing else', () => {
    for (const s of [1000, 1010, 1011, 1110, 1200, 1500, 1900, 1901, 1904, 3000, 4000, 5000]) expect(isKnownApplyStatus(s)).toBe(true);
    for (const s of [0, 999, 1001, 1111, 1199, 1201, 1499, 1899, 1905, 2999, 3001, 4001, 99999]) expect(isKnownApplyStatus(s)).toBe(false);
    expect([...APPLY_STATUSES]).toEqual([...APPLY_STATUSES].sort((a, b) => a - b));
  });
});

describe('ApplySubmit', () => {
  test.each([
    [1000, 33, 'submit'],
    [1110, 33, 'submit'],
    [1199, 33, 'submit'],
    [1200, 33, 'already'],
    [1500, 33, 'already'],
    [1900, 33, 'resubmit'],
    [1904, 33, 'resubmit'],
    [3000, 33, 'locked'],
    [4000, 33, 'locked'],
    [5000, 33, 'locked'],
    [1110, 31, 'locked'],
  ] as const)('status %i (client %i) → %s', (status, client, outcome) => {
    expect(submitOutcome(status, client)).toBe(outcome);
  });

  test('1500 for applicants marked for the professional-person verification, else 1200', () => {
    expect(submittedStatusFor(true)).toBe(1500);
    expect(submittedStatusFor(false)).toBe(1200);
  });
});

describe('stock transfer-in statuses', () => {
  test.each([
    [null, false],
    [1, false],
    [2, true],
    [3, false],
    [4, true],
    [5, false],
  ])('%p failure %p', (s, failure) => {
    expect(isStockFailure(s)).toBe(failure);
  });
  test('the list', () => expect(STOCK_STATUSES).toEqual([1, 2, 3, 4, 5]));
});
