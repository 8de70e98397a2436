import { STEPS_OF, correctionSteps, firstStepOfSubmitIssues, markFixed, nextMoveUnderRejection, resubmitsOnNext, previousStepUnderRejection, rejectedStepsInOrder, rejectionRedirect, orderSteps, type StepName } from './steps';
import { supplementRoute } from './after-submit';

const cn = STEPS_OF.cn;
const strictLast = orderSteps(['STATEMENT', ...cn], true); // STATEMENT moved to the end by the skip flag

describe('rejected steps in list order', () => {
  test('ordered by the flow, not by how staff listed them; unknown names dropped', () => {
    expect(rejectedStepsInOrder(cn, ['TAXINFO', 'IDCARD', 'NOPE'])).toEqual(['IDCARD', 'TAXINFO']);
    expect(rejectedStepsInOrder(cn, [])).toEqual([]);
  });
});

describe('next move under a rejection', () => {
  const rejected = ['FINANCE', 'IDCARD', 'SIGNATURE'];
  // the walk in list order: each step saved before Next is fixed by then
  test.each([
    ['the first rejected goes to the second', 'IDCARD', [], { kind: 'step', step: 'FINANCE' }],
    ['skips the steps between rejected ones', 'FINANCE', ['IDCARD'], { kind: 'step', step: 'SIGNATURE' }],
    ['the last rejected step resubmits once the others are fixed', 'SIGNATURE', ['IDCARD', 'FINANCE'], { kind: 'submit' }],
    ['the last in list order goes back to one still to fix', 'SIGNATURE', ['IDCARD'], { kind: 'step', step: 'FINANCE' }],
    ['a step opened out of order goes to the next to fix after it', 'FINANCE', [], { kind: 'step', step: 'SIGNATURE' }],
    ['fixed steps after it are passed over', 'IDCARD', ['FINANCE'], { kind: 'step', step: 'SIGNATURE' }],
    ['a fixed step opened again, others fixed: resubmits', 'FINANCE', ['IDCARD', 'FINANCE', 'SIGNATURE'], { kind: 'submit' }],
    ['the current step counts as fixed whatever the list says', 'IDCARD', ['FINANCE', 'SIGNATURE'], { kind: 'submit' }],
    ['a step that is not rejected has no move', 'BANKCARD', ['IDCARD', 'FINANCE', 'SIGNATURE'], { kind: 'unknown' }],
    ['a step not in the list has no move', 'HK_IDCARD', [], { kind: 'unknown' }],
  ] as const)('%s', (_n, current, fixed, move) => {
    expect(nextMoveUnderRejection(cn, rejected, fixed, current as StepName)).toEqual(move);
    expect(resubmitsOnNext(cn, rejected, fixed, current as StepName)).toBe(move.kind === 'submit');
  });

  test('one rejected step submits at once', () => {
    expect(nextMoveUnderRejection(cn, ['CAAPPLY'], [], 'CAAPPLY')).toEqual({ kind: 'submit' });
    expect(nextMoveUnderRejection(cn, ['IDCARD'], [], 'IDCARD')).toEqual({ kind: 'submit' });
  });

  test('the statement moved last by the skip flag is visited last', () => {
    expect(nextMoveUnderRejection(strictLast, ['STATEMENT', 'IDCARD'], [], 'IDCARD')).toEqual({ kind: 'step', step: 'STATEMENT' });
    expect(nextMoveUnderRejection(strictLast, ['STATEMENT', 'IDCARD'], ['IDCARD'], 'STATEMENT')).toEqual({ kind: 'submit' });
  });
});

describe('the correction round as the status page lists it', () => {
  test('the rejected steps in list order, each to fix or fixed; unknown names dropped', () => {
    expect(correctionSteps(cn, ['TAXINFO', 'IDCARD', 'NOPE'], ['TAXINFO', 'BANKCARD'])).toEqual([
      { step: 'IDCARD', state: 'toFix' },
      { step: 'TAXINFO', state: 'fixed' },
    ]);
    expect(correctionSteps(cn, [], ['IDCARD'])).toEqual([]);
  });
});

describe('back under a rejection', () => {
  const rejected = ['FINANCE', 'IDCARD', 'SIGNATURE'];
  test.each([
    ['SIGNATURE', 'FINANCE'],
    ['FINANCE', 'IDCARD'],
    ['IDCARD', undefined],
    ['BANKCARD', undefined],
  ] as const)('back from %s → %s', (current, prev) => {
    expect(previousStepUnderRejection(cn, rejected, current)).toBe(prev);
  });
});

describe('the guard under a rejection', () => {
  test.each([
    ['a rejected step stays open', ['BANKCARD', 'TAXINFO'], 'TAXINFO', undefined],
    ['another step goes to the first rejected one', ['TAXINFO', 'BANKCARD'], 'IDCARD', 'BANKCARD'],
    ['a later step too', ['BANKCARD'], 'CAAPPLY', 'BANKCARD'],
    ['nothing rejected: no redirect', [], 'IDCARD', undefined],
    ['only unknown names: no redirect', ['FILE'], 'IDCARD', undefined],
  ] as const)('%s', (_n, rejected, step, to) => {
    expect(rejectionRedirect(cn, rejected, step)).toBe(to);
  });
});

describe('supplement target (result pages)', () => {
  const app = (steps: readonly string[], rejected: string[] | null, fixed: string[] = []) => ({ applyStepsName: steps, rejectData: rejected ? { steps: rejected, fixed } : null });
  test.each([
    ['FILE (statement) first → /statement', app(['STATEMENT', ...cn], ['BANKCARD', 'STATEMENT']), false, '/statement'],
    ['otherwise the first rejected step in list order', app(['STATEMENT', ...cn], ['TAXINFO', 'BANKCARD']), false, '/bankCard'],
    ['statement moved last by the skip flag is not first', app(['STATEMENT', ...cn], ['STATEMENT', 'TAXINFO']), true, '/TaxInfo'],
    ['only the statement, moved last: still /statement', app(['STATEMENT', ...cn], ['STATEMENT']), true, '/statement'],
    ['hk first rejected step', app(STEPS_OF.hk, ['SIGNATURE', 'PROOFADDRESS']), false, '/ProofAddress'],
    ['the first still to fix', app(STEPS_OF.hk, ['SIGNATURE', 'PROOFADDRESS', 'FINANCE'], ['PROOFADDRESS']), false, '/Finance'],
    ['all fixed: the first again (its Next resubmits)', app(STEPS_OF.hk, ['SIGNATURE', 'PROOFADDRESS'], ['PROOFADDRESS', 'SIGNATURE']), false, '/ProofAddress'],
    ['nothing sent back: no button', app(cn, null), false, null],
    ['empty list: no button', app(cn, []), false, null],
  ] as const)('%s', (_n, a, skipped, route) => {
    expect(supplementRoute(a, skipped)).toBe(route);
  });
});

describe('the step a refused submit sends the applicant to', () => {
  test.each([
    ['the first named in list order', [{ path: 'steps.TAXINFO' }, { path: 'steps.BANKCARD' }], 'BANKCARD'],
    ['other paths ignored', [{ path: 'appId' }, { path: 'data.x' }, { path: 'steps.RISK' }], 'RISK'],
    ['a step not in the list ignored', [{ path: 'steps.HK_IDCARD' }], undefined],
    ['no issues', [], undefined],
  ] as const)('%s', (_n, issues, step) => {
    expect(firstStepOfSubmitIssues(cn, issues)).toBe(step);
  });
});

describe('a save under a rejection', () => {
  const rd = (fixed?: string[]) => ({ steps: ['FINANCE', 'USERINFO'], message: 'check', ...(fixed ? { fixed } : {}) });
  test.each<[string, ReturnType<typeof rd>, StepName, string[] | undefined]>([
    ['a rejected step becomes fixed', rd(), 'FINANCE', ['FINANCE']],
    ['in the order saved', rd(['USERINFO']), 'FINANCE', ['USERINFO', 'FINANCE']],
    ['saved again: once', rd(['FINANCE']), 'FINANCE', ['FINANCE']],
    ['another step changes nothing', rd(), 'TAXINFO', undefined],
  ])('%s', (_n, before, step, fixed) => {
    const after = markFixed(before, step);
    expect(after.fixed).toEqual(fixed);
    expect([after.steps, after.message]).toEqual([['FINANCE', 'USERINFO'], 'check']);
  });
});
