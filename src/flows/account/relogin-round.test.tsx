/**
 * An opened client's round through "log in again" (issue 37's blocker): the trading password screen asks for a
 * recent login, the login screen logs in again, and the client lands on the password form, then where they were
 * going, all by in-page navigation (the app's webview has no reload). The status answer read before the login said
 * "log in again"; the screen must not decide from it once the client is back.
 */
jest.mock('@core/api/client');

import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { installFakeApi } from '@core/testing/fake-api';
import { makeAccount, makeClientConfig, makeUser } from '@core/testing/factories';
import { currentLocation, renderWithProviders } from '@core/testing/render-with-providers';
import LoginScreen from '@core/app/login/LoginScreen';
import TradePasswordScreen from './screens/account-update/TradePasswordScreen';

jest.setTimeout(30000);
const SUB = 'S12345678';
const next = `/editAddress?sub=${SUB}`;
const route = `/tradePassword?sub=${SUB}&next=${encodeURIComponent(next)}`;

beforeEach(() => {
  document.cookie = 'esop_in=1; path=/';
});
afterEach(() => {
  document.cookie = 'esop_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

function fakeService() {
  let loggedInAgain = false;
  const opened = () => makeUser({ subAcctId: SUB, clientStatus: 31, areaCode: '852', phoneMasked: '91****78', clientInfo: { accts: [makeAccount()] } });
  return installFakeApi({
    clientConfig: () => makeClientConfig(),
    userInfo: opened,
    // no password yet: setting the first one needs a recent login, which the login again gives
    // answered after the user's read (a slower call, as on a phone): the screen has the old answer in its cache then
    tradePasswordStatus: async () => {
      const answer = { set: false, lockedUntil: null, verifiedUntil: null, loginNeeded: !loggedInAgain };
      await new Promise((r) => setTimeout(r, 50));
      return answer;
    },
    reloginSendCode: () => ({ salt: 'salt-BBBBBBBB', cooldownSeconds: 60, areaCode: '852', phoneMasked: '91****78' }),
    relogin: () => {
      loggedInAgain = true;
      return opened();
    },
    tradePasswordSet: () => ({ verifiedUntil: '2099-01-01T00:00:00.000Z' }),
  });
}

test.each([
  ['en', 'Log in again', 'Log in', 'New trading password (6 digits)', 'Enter it again', 'Set and continue'],
  ['zh-TW', '重新登入', '登入', '新交易密碼（6位數字）', '再次輸入', '設置並繼續'],
] as const)('log in again from the trading password: back on the password form, then where the client was going (%s)', async (lang, again, logIn, newLabel, againLabel, setLabel) => {
  const fake = fakeService();
  const { user } = renderWithProviders(
    <Routes>
      <Route path="/tradePassword" element={<TradePasswordScreen />} />
      <Route path="/login" element={<LoginScreen />} />
      <Route path="/editAddress" element={<p>the address form</p>} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { route, lang },
  );
  await user.click(await screen.findByRole('button', { name: again }));
  await waitFor(() => expect(currentLocation()).toBe(`/login?again=1&redirect=${encodeURIComponent(route)}`));
  // an opened client's login again is headed by their account, not "Open an account"
  expect(await screen.findByText(lang === 'en' ? 'My account' : '我的賬戶')).toBeInTheDocument();
  expect(screen.queryByText(lang === 'en' ? 'Open an account' : '開戶')).not.toBeInTheDocument();

  await user.click(await screen.findByRole('button', { name: lang === 'en' ? 'Send code' : '獲取驗證碼' }));
  await user.type(screen.getByRole('textbox', { name: lang === 'en' ? 'Verification code' : '驗證碼' }), '654321');
  await act(async () => screen.getByRole('button', { name: logIn }).click());
  await waitFor(() => expect(currentLocation()).toBe(route));

  // the form, not the "log in again" card read before the login
  await user.type(await screen.findByLabelText(newLabel), '135790');
  expect(screen.queryByRole('button', { name: again })).not.toBeInTheDocument();
  await user.type(screen.getByLabelText(againLabel), '135790');
  await user.click(screen.getByRole('button', { name: setLabel }));
  expect(await screen.findByText('the address form')).toBeInTheDocument();
  expect(currentLocation()).toBe(next);
  expect(fake.calls('relogin')).toHaveLength(1);
  expect(fake.calls('tradePasswordSet')).toEqual([{ subAcctId: SUB, password: '135790' }]);
});
