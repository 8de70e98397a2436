import { afterSubmitRoute, statusLanding, statusRouteOf } from './after-submit';

describe('afterSubmitRoute (part 3 §4, after submit success)', () => {
  test.each([
    ['hk goes to the account status page', { clientType: 'hk', applyStatus: 1200, rejectData: null }, '/AccountStatus'],
    ['hk at 1500 still goes to the account status page', { clientType: 'hk', applyStatus: 1500, rejectData: null }, '/AccountStatus'],
    ['hk with reject steps goes to the account status page', { clientType: 'hk', applyStatus: 1200, rejectData: { steps: ['IDCARD'] } }, '/AccountStatus'],
    ['cn with reject steps goes to openStatus', { clientType: 'cn', applyStatus: 1500, rejectData: { steps: ['BANKCARD'] } }, '/openStatus'],
    ['cn at 1500 goes to witness', { clientType: 'cn', applyStatus: 1500, rejectData: null }, '/witness'],
    ['cn at 1500 with an empty reject list goes to witness', { clientType: 'cn', applyStatus: 1500, rejectData: { steps: [] } }, '/witness'],
    ['cn otherwise goes to openStatus', { clientType: 'cn', applyStatus: 1200, rejectData: null }, '/openStatus'],
    ['cn just below 1500 goes to openStatus', { clientType: 'cn', applyStatus: 1499, rejectData: null }, '/openStatus'],
    ['cn just above 1500 goes to openStatus', { clientType: 'cn', applyStatus: 1501, rejectData: null }, '/openStatus'],
    ['hk with an empty reject list goes to the account status page', { clientType: 'hk', applyStatus: 1200, rejectData: { steps: [] } }, '/AccountStatus'],
  ] as const)('%s', (_name, app, route) => {
    expect(afterSubmitRoute(app)).toBe(route);
  });

  test.each([
    ['a corrected mainland application answered 1500 goes to its status page, not /witness', 'cn', 1500, ['IDCARD'], '/openStatus'],
    ['a corrected mainland application answered 1200 goes to its status page', 'cn', 1200, ['BANKCARD'], '/openStatus'],
    ['a first mainland submit answered 1500 goes to /witness', 'cn', 1500, [], '/witness'],
    ['a corrected hk application goes to the account status page', 'hk', 1500, ['USERINFO'], '/AccountStatus'],
  ] as const)('%s (the steps sent back before the submit; the answer has none)', (_n, clientType, applyStatus, sentBack, route) => {
    expect(afterSubmitRoute({ clientType, applyStatus, rejectData: null }, sentBack)).toBe(route);
  });

  test('status page per client type', () => {
    expect(statusRouteOf('cn')).toBe('/openStatus');
    expect(statusRouteOf('hk')).toBe('/AccountStatus');
  });
});

describe('statusLanding (Home → Start, "/")', () => {
  const base = { clientType: 'cn' as const, applyStatus: 1110, clientStatus: 33, rejectData: null, clientInfo: { accts: [] } };
  test.each([
    ['being filled in', {}, null],
    ['just below the submitted threshold', { applyStatus: 1199 }, null],
    ['submitted', { applyStatus: 1200 }, '/openStatus'],
    ['1500: the professional-person verification, as after its submit', { applyStatus: 1500 }, '/witness'],
    ['hk at 1500', { clientType: 'hk' as const, applyStatus: 1500 }, '/AccountStatus'],
    ['hk submitted', { clientType: 'hk' as const, applyStatus: 1200 }, '/AccountStatus'],
    ['opened by client status 31', { clientStatus: 31 }, '/openStatus'],
    ['opened by a sub-account', { clientInfo: { accts: [{ subAcctId: 'S12345678' }] } }, '/openStatus'],
    ['sent back with steps', { applyStatus: 1900, rejectData: { steps: ['BANKCARD'] } }, '/openStatus'],
    ['a reject status without steps', { applyStatus: 1904, rejectData: { steps: [] } }, null],
  ])('%s → %p', (_n, over, to) => {
    expect(statusLanding({ ...base, ...over })).toBe(to);
  });
});
