import { RETURN_PARAM, returnStepOf, routeReturningTo } from './return-to';
import { STEPS_OF, type StepName } from './steps';

const cn = STEPS_OF.cn;

describe('returnStepOf: the step a fixing screen comes back to', () => {
  test.each<[string, readonly StepName[], readonly string[], StepName, unknown, StepName | undefined]>([
    ['the liveness step, from the ID card step', cn, [], 'IDCARD', 'LIVINGWITNESS', 'LIVINGWITNESS'],
    ['an earlier step is as good', cn, [], 'RISK', 'BANKCARD', 'BANKCARD'],
    ['no parameter', cn, [], 'IDCARD', null, undefined],
    ['empty', cn, [], 'IDCARD', '', undefined],
    ['not a step name', cn, [], 'IDCARD', '/elsewhere', undefined],
    ['lower case is not a step name', cn, [], 'IDCARD', 'livingwitness', undefined],
    ['a step not in this application (hk has no liveness)', STEPS_OF.hk, [], 'HK_IDCARD', 'LIVINGWITNESS', undefined],
    ['the step itself', cn, [], 'IDCARD', 'IDCARD', undefined],
    ['under a rejection: a step sent back', cn, ['IDCARD', 'LIVINGWITNESS'], 'IDCARD', 'LIVINGWITNESS', 'LIVINGWITNESS'],
    ['under a rejection: a step not sent back is closed', cn, ['IDCARD'], 'IDCARD', 'LIVINGWITNESS', undefined],
  ])('%s', (_name, steps, rejected, current, value, want) => expect(returnStepOf(steps, rejected, current, value)).toBe(want));
});

test('routeReturningTo: the step route with the parameter', () => {
  expect(routeReturningTo('IDCARD', 'LIVINGWITNESS')).toBe('/IDcard?returnTo=LIVINGWITNESS');
  expect(new URLSearchParams(routeReturningTo('HK_IDCARD', 'LIVINGWITNESS').split('?')[1]).get(RETURN_PARAM)).toBe('LIVINGWITNESS');
});
