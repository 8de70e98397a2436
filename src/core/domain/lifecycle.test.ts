import { ErrorCode } from './errors';
import {
  approveRefusal,
  canApprove,
  canMoveReviewStatus,
  canRecordFunding,
  canReject,
  clientStatusRefusal,
  closeRefusal,
  fundingRefusal,
  isOpened,
  openDecisions,
  refusalErrorCode,
  reviewStatusRefusal,
  sendBackRefusal,
  sentBackSteps,
  statusRefusal,
  stockStatusRefusal,
  witnessRefusal,
  type LifecycleRefusal,
  type LifecycleState,
} from './lifecycle';

const at = (applyStatus: number, more: Partial<LifecycleState> = {}): LifecycleState => ({ applyStatus, clientStatus: 30, subAcctId: null, ...more });
const opened = at(4000, { clientStatus: 31, subAcctId: 'S12345678' });

describe('what staff may do', () => {
  test.each([
    [1110, false, false],
    [1200, true, true],
    [1500, true, true],
    [1900, false, false],
    [3000, true, false],
    [4000, false, false],
    [5000, false, false],
  ])('%i: approve %p, reject %p', (status, approve, reject) => {
    expect(canApprove(status)).toBe(approve);
    expect(canReject(status)).toBe(reject);
  });

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

  test.each<[LifecycleState, boolean]>([
    [at(1200), false],
    [at(4000), true],
    [at(1200, { clientStatus: 31 }), true],
    [at(3000, { subAcctId: 'S1' }), true],
  ])('%o is opened: %s', (s, is) => expect(isOpened(s)).toBe(is));
});

describe('why a decision is refused', () => {
  test.each<[string, LifecycleState, LifecycleRefusal | null]>([
    ['under review', at(1200), null],
    ['awaiting the verification', at(1500), null],
    ['approved', at(3000), null],
    ['opened', opened, { reason: 'opened', subAcctId: 'S12345678' }],
    ['closed', at(5000), { reason: 'closed' }],
    ['sent back', at(1901), { reason: 'notUnderReview', status: 1901 }],
    ['not submitted', at(1110), { reason: 'notUnderReview', status: 1110 }],
  ])('approve, %s: %o', (_what, s, refusal) => expect(approveRefusal(s)).toEqual(refusal));

  test.each<[string, LifecycleState, string[], LifecycleRefusal | null]>([
    ['its steps', at(1200), ['USERINFO'], null],
    ['at 1500', at(1500), ['USERINFO', 'IDCARD'], null],
    ['a step it lacks', at(1200), ['USERINFO', 'RISK'], { reason: 'notStepsOf', steps: ['RISK'], own: ['IDCARD', 'USERINFO'] }],
    ['approved', at(3000), ['USERINFO'], { reason: 'notUnderReview', status: 3000 }],
    ['sent back already', at(1900), ['USERINFO'], { reason: 'notUnderReview', status: 1900 }],
    ['opened', opened, ['USERINFO'], { reason: 'opened', subAcctId: 'S12345678' }],
  ])('send back, %s: %o', (_what, s, steps, refusal) => expect(sendBackRefusal(s, steps, ['IDCARD', 'USERINFO'])).toEqual(refusal));

  test('the steps sent back keep the application’s order', () => {
    expect(sentBackSteps(['USERINFO', 'IDCARD'], ['IDCARD', 'BANKCARD', 'USERINFO'])).toEqual(['IDCARD', 'USERINFO']);
  });

  test.each<[string, LifecycleState, LifecycleRefusal | null]>([
    ['under review', at(1200), null],
    ['sent back', at(1902), null],
    ['approved', at(3000), null],
    ['a draft', at(1110), { reason: 'notSubmitted', status: 1110 }],
    ['closed', at(5000), { reason: 'closed' }],
    ['opened', at(1200, { clientStatus: 31 }), { reason: 'opened', subAcctId: null }],
  ])('close, %s: %o', (_what, s, refusal) => expect(closeRefusal(s)).toEqual(refusal));

  test.each<[string, LifecycleState, number, LifecycleRefusal | null]>([
    ['a known status', at(1200), 3000, null],
    ['an unknown status', at(1200), 1234, { reason: 'unknownStatus', status: 1234 }],
    ['a reject status', at(1200), 1901, { reason: 'statusOfDecision', status: 1901, decision: 'sendBack' }],
    ['4000', at(1200), 4000, { reason: 'statusOfDecision', status: 4000, decision: 'approve' }],
    ['an opened application', opened, 1200, { reason: 'opened', subAcctId: 'S12345678' }],
  ])('set the status, %s: %o', (_what, s, to, refusal) => expect(statusRefusal(s, to)).toEqual(refusal));

  test.each<[number, number, LifecycleRefusal | null]>([
    [1200, 1500, null],
    [1500, 1200, null],
    [1500, 1500, { reason: 'reviewStatusMove', from: 1500, to: 1500 }],
    [3000, 1200, { reason: 'reviewStatusMove', from: 3000, to: 1200 }],
    [1200, 3000, { reason: 'reviewStatusMove', from: 1200, to: 3000 }],
  ])('the desk’s review status %i → %i: %o', (from, to, refusal) => expect(reviewStatusRefusal(at(from), to)).toEqual(refusal));

  test.each<[number, boolean, LifecycleRefusal | null]>([
    [1500, true, null],
    [1500, false, { reason: 'noProofs' }],
    [1200, true, { reason: 'notAwaitingVerification', status: 1200 }],
  ])('the verification at %i, proofs %s: %o', (status, proofs, refusal) => expect(witnessRefusal(at(status), proofs)).toEqual(refusal));

  test.each<[string, LifecycleState, LifecycleRefusal | null]>([
    ['under review', at(1200), null],
    ['approved', at(3000), null],
    ['opened', opened, null],
    ['sent back', at(1900), { reason: 'fundingNotOpen', status: 1900 }],
    ['closed', at(5000), { reason: 'fundingNotOpen', status: 5000 }],
    ['a draft', at(1110), { reason: 'fundingNotOpen', status: 1110 }],
  ])('the funding states, %s: %o', (_what, s, refusal) => expect(fundingRefusal(s)).toEqual(refusal));

  test.each<[number, LifecycleRefusal | null]>([
    [1, null],
    [5, null],
    [6, { reason: 'unknownStockStatus', status: 6 }],
  ])('stock status %i: %o', (status, refusal) => expect(stockStatusRefusal(status)).toEqual(refusal));

  test.each<[LifecycleState, number, LifecycleRefusal | null]>([
    [at(1200), 33, null],
    [at(1200), 30, null],
    [at(1200), 32, { reason: 'unknownClientStatus', status: 32 }],
    [at(1200), 31, { reason: 'clientStatusOfApprove' }],
    [opened, 33, { reason: 'opened', subAcctId: 'S12345678' }],
  ])('client status of %o to %i: %o', (s, to, refusal) => expect(clientStatusRefusal(s, to)).toEqual(refusal));

  test.each<[LifecycleRefusal, number]>([
    [{ reason: 'noApplication', appId: 'A1' }, ErrorCode.NOT_FOUND],
    [{ reason: 'archived', appId: 'A1' }, ErrorCode.NOT_FOUND],
    [{ reason: 'closed' }, ErrorCode.CASE_STATE],
    [{ reason: 'approvedOnce' }, ErrorCode.CASE_STATE],
  ])('the API answers %o with %i', (refusal, code) => expect(refusalErrorCode(refusal)).toBe(code));
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
