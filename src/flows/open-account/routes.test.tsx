import { flowRoutes, preloadFirstScreen, routeOfPath } from './routes';

const routes = flowRoutes({ esop: false });

test.each([
  ['/account', '/account'],
  ['/IDcard', '/IDcard'],
  ['/idcard', '/IDcard'],
  ['/investment/', '/Investment'],
  ['/', '/'],
  ['/nowhere', '*'],
])('the address %s opens the route %s (react-router: exact, case-insensitive)', (path, expected) => {
  expect(routeOfPath(routes, path)?.path).toBe(expected);
});

describe('the first screen starts loading with the page', () => {
  const spied = (paths: string[]) => {
    const preloads = new Map(routes.filter((r) => paths.includes(r.path)).map((r) => [r.path, jest.spyOn(r, 'preload').mockImplementation(() => undefined)]));
    return (path: string) => preloads.get(path)!.mock.calls.length;
  };

  test('the screen of the address, with its query', () => {
    const count = spied(['/Investment', '/login']);
    preloadFirstScreen(routes, '#/investment?lang=en', true);
    expect(count('/Investment')).toBe(1);
    expect(count('/login')).toBe(0);
  });

  test('a protected screen without a session: the login screen as well', () => {
    const count = spied(['/Finance', '/login', '/account']);
    preloadFirstScreen(routes, '#/finance', false);
    expect(count('/Finance')).toBe(1);
    expect(count('/login')).toBe(1);
    preloadFirstScreen(routes, '#/account', false);
    expect(count('/account')).toBe(1);
    expect(count('/login')).toBe(1);
  });
});
