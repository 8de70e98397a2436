import {
  STEPS_OF, furthestStep, insertStatement, nextMove, orderSteps, previousStep, progressOf, resumeStep, stepOfRoute, STEP_ROUTE,
} from './steps';
import { isLockedForEditing, effectiveApplyStatus } from './status';
import { maskPhone } from './errors';

describe('step lists', () => {
  test('cn starts at the ID card, hk at the HK identity step', () => {
    expect(STEPS_OF.cn[0]).toBe('IDCARD');
    expect(STEPS_OF.hk[0]).toBe('HK_IDCARD');
    expect(STEPS_OF.cn).not.toContain('STATEMENT');
  });

  test.each([
    ['cn', 'IDCARD', '1 of 5'],
    ['cn', 'BANKCARD', '2 of 5'],
    ['cn', 'JOBSTATUS', '3 of 5'],
    ['cn', 'RISK', '4 of 5'],
    ['cn', 'SIGN', '5 of 5'],
    ['hk', 'HK_IDCARD', '1 of 6'],
    ['hk', 'USERINFO', '2 of 6'],
    ['hk', 'PROOFADDRESS', '3 of 6'],
    ['hk', 'JOBSTATUS', '4 of 6'],
    ['hk', 'RISK', '5 of 6'],
    ['hk', 'SIGN', '6 of 6'],
  ] as const)('%s %s shows %s', (ct, step, label) => {
    const p = progressOf(ct, step)!;
    expect(`${p.current} of ${p.total}`).toBe(label);
  });

  test('every step has a route and routes map back', () => {
    for (const [step, route] of Object.entries(STEP_ROUTE)) expect(stepOfRoute(route)).toBe(step);
    expect(stepOfRoute('/idcard')).toBe('IDCARD');
    expect(stepOfRoute('/nowhere')).toBeUndefined();
  });
});

describe('statement insertion', () => {
  const cn = STEPS_OF.cn;
  test('first when it cannot be skipped', () => {
    expect(insertStatement(cn, false)[0]).toBe('STATEMENT');
  });
  test('last when it may be submitted later', () => {
    const s = insertStatement(cn, true);
    expect(s[s.length - 1]).toBe('STATEMENT');
    expect(s[0]).toBe('IDCARD');
  });
  test('never twice', () => {
    const twice = insertStatement(insertStatement(cn, false), false);
    expect(twice.filter((x) => x === 'STATEMENT')).toHaveLength(1);
  });
  test('the local skip flag moves it to the end', () => {
    const first = insertStatement(cn, false);
    expect(orderSteps(first, true).at(-1)).toBe('STATEMENT');
    expect(orderSteps(first, false)[0]).toBe('STATEMENT');
    expect(orderSteps(cn, true)).toEqual([...cn]);
  });
});

describe('next, back, resume', () => {
  const hk = STEPS_OF.hk;
  test.each([
    ['HK_IDCARD', { kind: 'step', step: 'USERINFO' }],
    ['TAXINFO', { kind: 'step', step: 'RISK' }],
    ['SIGNATURE', { kind: 'submit' }],
    ['IDCARD', { kind: 'unknown' }],
  ] as const)('next from %s', (from, move) => {
    expect(nextMove(hk, from)).toEqual(move);
  });
  test('back from the first goes nowhere, from the second to the first', () => {
    expect(previousStep(hk, 'HK_IDCARD')).toBeUndefined();
    expect(previousStep(hk, 'USERINFO')).toBe('HK_IDCARD');
  });
  test('latest never goes back', () => {
    expect(furthestStep(hk, 'FINANCE', 'USERINFO')).toBe('FINANCE');
    expect(furthestStep(hk, 'USERINFO', 'FINANCE')).toBe('FINANCE');
    expect(furthestStep(hk, null, 'USERINFO')).toBe('USERINFO');
  });
  test('resume after the latest saved step', () => {
    expect(resumeStep(hk, null)).toBe('HK_IDCARD');
    expect(resumeStep(hk, 'USERINFO')).toBe('PROOFADDRESS');
    expect(resumeStep(hk, 'SIGNATURE')).toBe('submit');
  });
});

describe('statuses', () => {
  test.each([
    [1000, 33, false],
    [1110, 33, false],
    [1200, 33, true],
    [1500, 33, true],
    [1900, 33, false],
    [1904, 33, false],
    [4000, 33, true],
    [1000, 31, true],
  ])('apply %i client %i locked %s', (apply, client, locked) => {
    expect(isLockedForEditing(apply, client)).toBe(locked);
  });
  test('client status 31 or a sub-account counts as success', () => {
    expect(effectiveApplyStatus(1000, 31)).toBe(4000);
    expect(effectiveApplyStatus(1000, 33, 'S123')).toBe(4000);
    expect(effectiveApplyStatus(1000, 33, null)).toBe(1000);
  });
});

describe('masked phone', () => {
  test.each([
    ['13812345678', '138****5678'],
    ['91234567', '91****67'],
    ['138-1234-5678', '138****5678'],
    ['123', '****'],
  ])('%s → %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});

describe('progress of the statement step', () => {
  test('first stage when STATEMENT leads, last stage when it was moved to the end', () => {
    expect(progressOf('cn', 'STATEMENT', insertStatement(STEPS_OF.cn, false))).toEqual({ current: 1, total: 5 });
    expect(progressOf('cn', 'STATEMENT', insertStatement(STEPS_OF.cn, true))).toEqual({ current: 5, total: 5 });
    expect(progressOf('cn', 'STATEMENT')).toEqual({ current: 1, total: 5 });
  });
});
