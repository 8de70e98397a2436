import { loadAllMessages } from '@core/i18n/messages';
import { STEP_NAMES, STEP_ROUTE } from '@core/domain/steps';
import { ROUTE_TABLE, hashPath, preloadFirstScreen, routeOfPath } from './route-table';
import { flowRoutes } from './routes';

jest.mock('@core/i18n/messages', () => ({ loadAllMessages: jest.fn(() => Promise.resolve()) }));

test.each([
  ['/account', '/account'],
  ['/IDcard', '/IDcard'],
  ['/idcard', '/IDcard'],
  ['/investment/', '/Investment'],
  ['/', '/'],
  ['/nowhere', '*'],
])('the address %s opens the route %s (react-router: exact, case-insensitive)', (path, expected) => {
  expect(routeOfPath(path).path).toBe(expected);
});

test.each([
  ['#/Finance?lang=en', '/Finance'],
  ['#/', '/'],
  ['', '/'],
  ['#?jump=x', '/'],
])('the hash %j is the router path %s', (hash, path) => {
  expect(hashPath(hash)).toBe(path);
});

test('the router gets every route of the table, each with its lazy screen and the flow title', () => {
  const routes = flowRoutes({ esop: true });
  expect(routes.map((r) => r.path)).toEqual(ROUTE_TABLE.map((r) => r.path));
  expect(routes.every((r) => r.titleKey === 'common.esopTitle' && r.Screen)).toBe(true);
  expect(flowRoutes({ esop: false })[3].Screen).toBe(routes[3].Screen);
});

test('every step has a screen in the table, one whose chunk carries all the messages', () => {
  for (const step of STEP_NAMES) {
    const route = routeOfPath(STEP_ROUTE[step]);
    expect([step, route.path, route.texts]).toEqual([step, STEP_ROUTE[step], 'all']);
  }
});

describe('the first screen starts loading with the page', () => {
  const spied = (paths: string[]) => {
    const loads = new Map(
      ROUTE_TABLE.filter((r) => paths.includes(r.path)).map((r) => [r.path, jest.spyOn(r, 'load').mockImplementation(() => new Promise(() => undefined))]),
    );
    return (path: string) => loads.get(path)!.mock.calls.length;
  };
  beforeEach(() => jest.clearAllMocks());

  test('the screen of the address, with its query, and the rest of the messages for a step', () => {
    const count = spied(['/Investment', '/login']);
    preloadFirstScreen('#/investment?lang=en', true);
    expect(count('/Investment')).toBe(1);
    expect(count('/login')).toBe(0);
    expect(loadAllMessages).toHaveBeenCalledTimes(1);
  });

  test('a protected screen without a session: the login screen as well; a first screen needs no more messages', () => {
    const count = spied(['/Finance', '/login', '/account']);
    preloadFirstScreen('#/Finance', false);
    expect(count('/Finance')).toBe(1);
    expect(count('/login')).toBe(1);
    jest.mocked(loadAllMessages).mockClear();
    preloadFirstScreen('#/account', false);
    expect(count('/account')).toBe(1);
    expect(count('/login')).toBe(1);
    expect(loadAllMessages).not.toHaveBeenCalled();
  });
});
