import { afterSubmitRoute, statusRouteOf } from './after-submit';

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

  test('status page per client type', () => {
    expect(statusRouteOf('cn')).toBe('/openStatus');
    expect(statusRouteOf('hk')).toBe('/AccountStatus');
  });
});
