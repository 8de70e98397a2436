import {
  DESK_DEPOSIT_STATUSES,
  STAFF_LOGIN_PATTERN,
  canMoveReviewStatus,
  canRecordFunding,
  depositNeedsMessage,
  openDecisions,
  isStaffRole,
  needsSecondApproval,
  staffMay,
  type StaffNeed,
  type StaffRole,
} from './staff';

describe('staff roles', () => {
  test.each<[StaffRole, StaffNeed, boolean]>([
    ['reviewer', 'staff', true],
    ['reviewer', 'approver', false],
    ['reviewer', 'admin', false],
    ['approver', 'staff', true],
    ['approver', 'approver', true],
    ['approver', 'admin', false],
    ['admin', 'staff', true],
    ['admin', 'approver', true],
    ['admin', 'admin', true],
  ])('a %s may make a call that needs %s: %s', (role, need, may) => {
    expect(staffMay(role, need)).toBe(may);
  });

  test.each([
    ['reviewer', true],
    ['admin', true],
    ['Admin', false],
    ['root', false],
    [undefined, false],
  ])('%s is a role: %s', (v, is) => expect(isStaffRole(v)).toBe(is));
});

describe('four eyes', () => {
  test.each([
    [{ margin: false, amlHit: false }, false],
    [{ margin: true, amlHit: false }, true],
    [{ margin: false, amlHit: true }, true],
    [{ margin: true, amlHit: true }, true],
  ])('%o needs a second approver: %s', (c, needs) => expect(needsSecondApproval(c)).toBe(needs));
});

describe('staff logins', () => {
  test.each([
    ['ada', true],
    ['ada.lovelace', true],
    ['r2-d2_x', true],
    ['ab', false],
    ['1ada', false],
    ['Ada', false],
    ['ada lovelace', false],
    ['a'.repeat(33), false],
  ])('%s: %s', (login, ok) => expect(STAFF_LOGIN_PATTERN.test(login)).toBe(ok));
});

describe('what the desk records besides the review decisions', () => {
  test.each([
    [1200, 1500, true],
    [1500, 1200, true],
    [1200, 1200, false],
    [1900, 1200, false],
    [3000, 1500, false],
    [1200, 3000, false],
  ])('the review status %i may move to %i: %s', (from, to, ok) => expect(canMoveReviewStatus(from, to)).toBe(ok));

  test.each([
    [1090, false],
    [1200, true],
    [1500, true],
    [1900, false],
    [1904, false],
    [3000, true],
    [4000, true],
    [5000, false],
  ])('deposit and transfer states at status %i: %s', (status, ok) => expect(canRecordFunding(status)).toBe(ok));

  test('only a deposit that needs a change needs a message', () => {
    expect(DESK_DEPOSIT_STATUSES.filter(depositNeedsMessage)).toEqual([2020]);
  });
});

describe('the desk decisions an application allows', () => {
  test.each([
    [1090, false, { review: false, reviewStatus: false, funding: false, witness: false, any: false }],
    [1200, false, { review: true, reviewStatus: true, funding: true, witness: false, any: true }],
    [1500, false, { review: true, reviewStatus: true, funding: true, witness: false, any: true }],
    [1500, true, { review: true, reviewStatus: true, funding: true, witness: true, any: true }],
    [1200, true, { review: true, reviewStatus: true, funding: true, witness: false, any: true }],
    [1900, false, { review: false, reviewStatus: false, funding: false, witness: false, any: false }],
    [3000, false, { review: true, reviewStatus: false, funding: true, witness: false, any: true }],
    [4000, false, { review: false, reviewStatus: false, funding: true, witness: false, any: true }],
    [5000, false, { review: false, reviewStatus: false, funding: false, witness: false, any: false }],
  ])('status %i, proofs handed over %s: %o', (status, proofs, expected) => expect(openDecisions(status, proofs)).toEqual(expected));
});
