import {
  DESK_DEPOSIT_STATUSES,
  STAFF_LOGIN_PATTERN,
  depositNeedsMessage,
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
  test('only a deposit that needs a change needs a message', () => {
    expect(DESK_DEPOSIT_STATUSES.filter(depositNeedsMessage)).toEqual([2020]);
  });
});
