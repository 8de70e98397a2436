/** The /login of a page without a login screen: to the open-account login with the way back */
import { LOGIN_PAGE, loginHandOverUrl } from './login-hand-over';

const OUTER = '?lang=zh-TW&ticket=T1&sub=S1';

function handOver(route: string) {
  const to = new URL(loginHandOverUrl('/pages/account.html', OUTER, new URLSearchParams(route.split('?')[1] ?? '')), 'http://x');
  return { at: `${to.pathname}${to.hash.split('?')[0]}`, q: new URLSearchParams(to.hash.split('?')[1]) };
}

test('a visitor without a session: to the login, and back to this page at the route, the ticket dropped', () => {
  const { at, q } = handOver(`/login?redirect=${encodeURIComponent('/accountInfo?sub=S1')}`);
  expect(at).toBe(LOGIN_PAGE);
  expect(q.get('redirect')).toBe('/pages/account.html?lang=zh-TW&sub=S1#/accountInfo?sub=S1');
});

test('a way back to another site is not followed: this page’s first route instead', () => {
  expect(handOver(`/login?redirect=${encodeURIComponent('//evil.example/x')}`).q.get('redirect')).toBe('/pages/account.html?lang=zh-TW&sub=S1#/');
  expect(handOver('/login').q.get('redirect')).toBe('/pages/account.html?lang=zh-TW&sub=S1#/');
});
