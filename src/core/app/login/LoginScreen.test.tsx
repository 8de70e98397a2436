jest.mock('@core/api/client');

import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from '@core/api/api-error';
import { installFakeApi, type FakeApiHandlers } from '@core/testing/fake-api';
import { makeUser } from '@core/testing/factories';
import { currentLocation, renderWithProviders } from '@core/testing/render-with-providers';
import { toast } from '@core/ui';
import { GuardSettingsProvider } from '@core/router/guard';
import LoginScreen, { safeRedirect } from './LoginScreen';

function api(over: FakeApiHandlers = {}) {
  return installFakeApi({
    clientConfig: () => ({ memberPageUrl: '/', appDownloadUrl: '/', servicePhones: { mainland: '1', hongKong: '2' }, production: false }),
    sendCode: () => ({ salt: 'salt-AAAAAAAA', cooldownSeconds: 60 }),
    login: () => makeUser(),
    ...over,
  });
}

function renderLogin(route = '/login', lang: 'en' | 'zh-CN' | 'zh-TW' = 'en') {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginScreen />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { route, lang },
  );
}

test.each([
  ['opening', 'Log in to open your account', /provide the account-opening service/],
  ['account', 'Log in to your account', /serve your account/],
] as const)('the words follow whom the page is for (%s)', async (loginFor, subtitle, privacy) => {
  api();
  renderWithProviders(
    <GuardSettingsProvider value={{ loginFor }}>
      <Routes>
        <Route path="/login" element={<LoginScreen />} />
      </Routes>
    </GuardSettingsProvider>,
    { route: '/login' },
  );
  expect(await screen.findByText(subtitle)).toBeInTheDocument();
  expect(screen.getByText(privacy)).toBeInTheDocument();
});

const phoneField = () => screen.getByRole('textbox', { name: 'Mobile number' });
const codeField = () => screen.getByRole('textbox', { name: 'Verification code' });
const areaField = () => screen.getByRole('combobox', { name: 'Country or region code' });

beforeEach(() => toast.clear());

test('the area codes of the domain are offered with their country names; Hong Kong first chosen', async () => {
  api();
  renderLogin();
  const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
  expect(options).toEqual([
    'Mainland China +86',
    'Hong Kong, China +852',
    'Macau, China +853',
    'Taiwan, China +886',
    'United States / Canada +1',
    'United Kingdom +44',
    'Singapore +65',
  ]);
  expect(areaField()).toHaveValue('852');
});

test('the code field asks for a one-time code on a numeric keypad', async () => {
  api();
  renderLogin();
  const code = await screen.findByRole('textbox', { name: 'Verification code' });
  expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  expect(code).toHaveAttribute('inputmode', 'numeric');
  expect(code).toHaveAttribute('maxlength', '6');
});

test('an invalid phone is refused with a translated error and no code is sent', async () => {
  const fake = api();
  const { user } = renderLogin();
  await user.type(await screen.findByRole('textbox', { name: 'Mobile number' }), '1234');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid mobile number');
  expect(phoneField()).toHaveAttribute('aria-invalid', 'true');
  expect(phoneField()).toHaveAccessibleDescription('Enter a valid mobile number');
  expect(fake.calls('sendCode')).toHaveLength(0);
});

test('a mainland number is checked against the mainland rule', async () => {
  const fake = api();
  const { user } = renderLogin();
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Country or region code' }), '86');
  await user.type(phoneField(), '51234567');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid mobile number');
  await user.clear(phoneField());
  await user.type(phoneField(), '138 0013 8000');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await waitFor(() => expect(fake.calls('sendCode')).toEqual([{ value: '13800138000', areaCode: '86' }]));
});

test('sending starts a 60 s countdown that blocks another send', async () => {
  const fake = api();
  const { user } = renderLogin();
  await user.type(await screen.findByRole('textbox', { name: 'Mobile number' }), '51234567');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  const resend = await screen.findByRole('button', { name: 'Resend in 60s' });
  expect(resend).toBeDisabled();
  expect(await screen.findByText('Code sent')).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Resend in 59s' }, { timeout: 2500 })).toBeDisabled();
  expect(fake.calls('sendCode')).toHaveLength(1);
});

test('when the countdown ends the code can be sent again', async () => {
  api({ sendCode: () => ({ salt: 'salt-AAAAAAAA', cooldownSeconds: 1 }) });
  const { user } = renderLogin();
  await user.type(await screen.findByRole('textbox', { name: 'Mobile number' }), '51234567');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  expect(await screen.findByRole('button', { name: 'Resend in 1s' })).toBeDisabled();
  expect(await screen.findByRole('button', { name: 'Send code' }, { timeout: 2500 })).toBeEnabled();
});

test('110112 keeps the previous salt and shows the message', async () => {
  let sends = 0;
  const fake = api({
    sendCode: () => {
      sends++;
      if (sends === 1) return { salt: 'salt-FIRST000', cooldownSeconds: 1 };
      throw new ApiError(110112, 'A code was sent moments ago.', undefined, 429);
    },
  });
  const { user } = renderLogin('/login?redirect=%2Faccount');
  await user.type(await screen.findByRole('textbox', { name: 'Mobile number' }), '51234567');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await user.click(await screen.findByRole('button', { name: 'Send code' }, { timeout: 2500 }));
  expect(await screen.findByText('A code was sent moments ago.')).toBeInTheDocument();
  await user.type(codeField(), '123456');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(fake.calls('login')).toEqual([{ areaCode: '852', phone: '51234567', code: '123456', salt: 'salt-FIRST000' }]));
});

test('another send failure → "send code failed"', async () => {
  api({
    sendCode: () => {
      throw new ApiError(110113, 'vendor down', undefined, 502);
    },
  });
  const { user } = renderLogin();
  await user.type(await screen.findByRole('textbox', { name: 'Mobile number' }), '51234567');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  expect(await screen.findByText('The code could not be sent. Please try again')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
});

test('no network → "service unavailable"', async () => {
  api({
    sendCode: () => {
      throw ApiError.network();
    },
  });
  const { user } = renderLogin();
  await user.type(await screen.findByRole('textbox', { name: 'Mobile number' }), '51234567');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  expect(await screen.findByText('The service is unavailable. Please try again later.')).toBeInTheDocument();
});

test('the code must be 6 digits; logging in before sending asks for a code first', async () => {
  const fake = api();
  const { user } = renderLogin();
  await user.type(await screen.findByRole('textbox', { name: 'Mobile number' }), '51234567');
  await user.type(codeField(), '12a45');
  expect(codeField()).toHaveValue('1245');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code');
  await user.type(codeField(), '56');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByText('Please get a code first')).toBeInTheDocument();
  expect(fake.calls('login')).toHaveLength(0);
});

test('log in → back to the redirect route', async () => {
  const fake = api();
  const { user } = renderLogin('/login?redirect=%2FHK_IDcard');
  await user.type(await screen.findByRole('textbox', { name: 'Mobile number' }), '51234567');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByRole('button', { name: 'Resend in 60s' });
  expect(screen.getByText('Code sent')).toBeInTheDocument();
  await user.type(codeField(), '654321');
  await act(async () => screen.getByRole('button', { name: 'Log in' }).click());
  await waitFor(() => expect(currentLocation()).toBe('/HK_IDcard'));
  // the "code sent" toast does not follow the applicant onto the next page
  expect(screen.queryByText('Code sent')).not.toBeInTheDocument();
  expect(fake.calls('login')).toEqual([{ areaCode: '852', phone: '51234567', code: '654321', salt: 'salt-AAAAAAAA' }]);
});

async function tryCode(user: ReturnType<typeof renderLogin>['user'], code = '000000') {
  await user.type(await screen.findByRole('textbox', { name: 'Mobile number' }), '51234567');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByRole('button', { name: 'Resend in 60s' });
  await user.type(codeField(), code);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

test('a wrong code: the tries left under the code field (not a toast over the phone), and the page stays', async () => {
  api({
    login: () => {
      throw new ApiError(110114, 'The code is wrong or has expired.', { attemptsLeft: 3 }, 400);
    },
  });
  const { user } = renderLogin();
  await tryCode(user);
  await waitFor(() => expect(codeField()).toHaveAccessibleDescription('Wrong code. 3 tries left.'));
  expect(codeField()).toHaveAttribute('aria-invalid', 'true');
  expect(codeField()).toHaveFocus();
  expect(screen.queryByText('The code is wrong or has expired.')).not.toBeInTheDocument();
  expect(currentLocation()).toBe('/login');
});

test('a code used up (no tries left): says so on the field and offers a new code at once', async () => {
  const fake = api({
    login: () => {
      throw new ApiError(110114, 'The code is wrong or has expired.', { attemptsLeft: 0 }, 400);
    },
  });
  const { user } = renderLogin();
  await tryCode(user);
  await waitFor(() => expect(codeField()).toHaveAccessibleDescription('This code can no longer be used. Please get a new code.'));
  expect(codeField()).toHaveValue('');
  const send = screen.getByRole('button', { name: 'Send code' });
  expect(send).toBeEnabled();
  await user.click(send);
  await waitFor(() => expect(fake.calls('sendCode')).toHaveLength(2));
});

test('the area code starts as the language suggests: +86 on a simplified-Chinese phone', async () => {
  api();
  renderLogin('/login', 'zh-CN');
  await screen.findAllByRole('option');
  expect(screen.getByRole('combobox')).toHaveValue('86');
});

test('the texts are translated', async () => {
  api();
  renderLogin('/login', 'zh-TW');
  expect(await screen.findByRole('heading', { name: '手機號碼登入' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '獲取驗證碼' })).toBeInTheDocument();
  expect(screen.getByRole('option', { name: '中國香港 +852' })).toBeInTheDocument();
});

test.each([
  [null, '/account'],
  ['/HK_IDcard', '/HK_IDcard'],
  ['/statement?supplement=supplement', '/statement?supplement=supplement'],
  ['//evil.example/x', '/account'],
  ['https://evil.example', '/account'],
  ['/login?redirect=/x', '/account'],
  ['/pages/investorIdentifier.html?sub=S12345678#/result', '/pages/investorIdentifier.html?sub=S12345678#/result'],
  ['/pages/improveInfo.html#/', '/pages/improveInfo.html#/'],
  ['//evil.example/pages/a.html', '/account'],
])('redirect %s → %s', (value, expected) => {
  expect(safeRedirect(value)).toBe(expected);
});

describe('logging in again (again=1, from the trading password)', () => {
  const back = `/tradePassword?sub=S12345678&next=${encodeURIComponent('/CheckW8?sub=S12345678')}`;
  const route = `/login?again=1&redirect=${encodeURIComponent(back)}`;
  const renderAgain = (lang: 'en' | 'zh-CN' | 'zh-TW' = 'en', at = route) =>
    renderWithProviders(
      <Routes>
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/tradePassword" element={<p>password screen</p>} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>,
      { route: at, lang },
    );
  const withSession = (over: FakeApiHandlers = {}) =>
    api({
      userInfo: () => makeUser({ areaCode: '852', phoneMasked: '91****78' }),
      reloginSendCode: () => ({ salt: 'salt-BBBBBBBB', cooldownSeconds: 60, areaCode: '852', phoneMasked: '91****78' }),
      relogin: () => makeUser({ areaCode: '852', phoneMasked: '91****78' }),
      ...over,
    });
  beforeEach(() => {
    document.cookie = 'esop_in=1; path=/';
  });
  afterEach(() => {
    document.cookie = 'esop_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  test("the phone is filled in (the session's, masked and fixed); the code goes to it; after the login, back to the password screen", async () => {
    const fake = withSession();
    const { user } = renderAgain();
    expect(await screen.findByRole('heading', { name: 'Log in again' })).toBeInTheDocument();
    await waitFor(() => expect(phoneField()).toHaveValue('91****78'));
    expect(phoneField()).toHaveAttribute('readonly');
    expect(phoneField()).toHaveAccessibleDescription('The code goes to the mobile number of your account.');
    expect(areaField()).toHaveValue('852');
    expect(areaField()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: 'Resend in 60s' });
    await user.type(codeField(), '654321');
    await act(async () => screen.getByRole('button', { name: 'Log in' }).click());
    await waitFor(() => expect(currentLocation()).toBe(back));
    expect(await screen.findByText('password screen')).toBeInTheDocument();
    expect(fake.calls('reloginSendCode')).toHaveLength(1);
    expect(fake.calls('relogin')).toEqual([{ code: '654321', salt: 'salt-BBBBBBBB' }]);
    expect([fake.calls('sendCode'), fake.calls('login')]).toEqual([[], []]);
  });

  test.each([
    ['zh-CN', '重新登录'],
    ['zh-TW', '重新登入'],
  ] as const)('translated (%s)', async (lang, heading) => {
    withSession();
    renderAgain(lang);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  test('a wrong code says so on the field as for a first login', async () => {
    withSession({ relogin: () => { throw new ApiError(110114, 'wrong', { attemptsLeft: 2 }, 400); } });
    const { user } = renderAgain();
    await waitFor(() => expect(phoneField()).toHaveValue('91****78'));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: 'Resend in 60s' });
    await user.type(codeField(), '000000');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Wrong code. 2 tries left.')).toBeInTheDocument();
    expect(currentLocation()).toBe(route);
  });

  test('without a session: the ordinary login, the phone to type', async () => {
    document.cookie = 'esop_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const fake = withSession();
    renderAgain();
    expect(await screen.findByRole('heading', { name: 'Log in with your phone' })).toBeInTheDocument();
    expect(phoneField()).toHaveValue('');
    expect(phoneField()).not.toHaveAttribute('readonly');
    expect(fake.calls('userInfo')).toHaveLength(0);
  });

  test('a return path elsewhere is never followed', async () => {
    withSession();
    const { user } = renderAgain('en', `/login?again=1&redirect=${encodeURIComponent('//evil.example/x')}`);
    await waitFor(() => expect(phoneField()).toHaveValue('91****78'));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: 'Resend in 60s' });
    await user.type(codeField(), '654321');
    await act(async () => screen.getByRole('button', { name: 'Log in' }).click());
    await waitFor(() => expect(currentLocation()).toBe('/account'));
  });
});

describe("a computer's code (issue 41)", () => {
  test('on a phone, the opening\'s login leads to the code a computer shows', async () => {
    api();
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Started on a computer? Enter its pairing code' }));
    await waitFor(() => expect(currentLocation()).toBe('/handoff'));
  });

  test('not on a computer itself, nor when logging in again', async () => {
    api();
    const ua = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36');
    try {
      const { unmount } = renderLogin();
      expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Started on a computer? Enter its pairing code' })).not.toBeInTheDocument();
      unmount();
    } finally {
      ua.mockRestore();
    }
    api({ userInfo: () => makeUser() });
    renderLogin('/login?again=1');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Started on a computer? Enter its pairing code' })).not.toBeInTheDocument();
  });
});
