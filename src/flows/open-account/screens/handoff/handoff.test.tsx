/**
 * /handoff on the phone (issue 41): the computer's QR link leaves the address at once; the screen says whose
 * application it opens, and "Yes, continue" logs in once and opens the computer's step ("It's not mine" goes to the
 * login); a refused link says why and offers the code; a typed code, checked for its shape first, does the same; a
 * refused code says why on the field.
 */
jest.mock('@core/api/client');

import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import { installFakeApi } from '@core/testing/fake-api';
import { makeClientConfig, makeUser } from '@core/testing/factories';
import { currentLocation, renderWithProviders } from '@core/testing/render-with-providers';
import { Route, Routes } from 'react-router-dom';
import HandoffScreen from './HandoffScreen';

jest.setTimeout(30000);
const user = makeUser();
/** a token per test: the screen sends a token once per page load */
let n = 0;
const newToken = () => `${String(++n).padStart(3, '0')}${'A'.repeat(40)}`;

function renderAt(entry: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/handoff" element={<HandoffScreen />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { route: entry },
  );
}

const owner = () => ({ areaCode: '852', phoneMasked: '61****67' });
const refusing = (reason: string) => () => {
  throw new ApiError(152501, '', { reason }, 400);
};

test("the QR link: whose application it is first, then logged in once at the computer's step", async () => {
  const a = installFakeApi({ clientConfig: () => makeClientConfig(), handoffPeek: owner, handoffRedeem: () => ({ user, route: '/UserInfo' }) });
  const token = newToken();
  const { user: u } = renderAt(`/handoff?h=${token}`);
  expect(screen.getByText('Checking the link…')).toBeInTheDocument();
  // the token left the address before anything was asked
  await waitFor(() => expect(currentLocation()).toBe('/handoff'));
  expect(await screen.findByRole('heading', { name: 'Continue this application?' })).toHaveFocus();
  expect(screen.getByText('It belongs to the phone number +852 61****67.')).toBeInTheDocument();
  expect(a.calls('handoffRedeem')).toEqual([]);
  await u.click(screen.getByRole('button', { name: 'Yes, continue' }));
  await waitFor(() => expect(currentLocation()).toBe('/UserInfo'));
  expect(a.calls('handoffPeek')).toEqual([{ token }]);
  expect(a.calls('handoffRedeem')).toEqual([{ token }]);
});

test("\"It's not mine\": not logged in, to the phone login", async () => {
  const a = installFakeApi({ clientConfig: () => makeClientConfig(), handoffPeek: owner, handoffRedeem: () => ({ user, route: '/UserInfo' }) });
  const { user: u } = renderAt(`/handoff?h=${newToken()}`);
  await u.click(await screen.findByRole('button', { name: "It's not mine" }));
  await waitFor(() => expect(currentLocation()).toBe('/login'));
  expect(a.calls('handoffRedeem')).toEqual([]);
});

test.each([
  ['used', 'This pairing code has been used already: each one works once. Show a new one on your computer.'],
  ['expired', 'This pairing code has expired or was replaced. Show a new one on your computer.'],
  ['invalid', "This pairing code is not right. Check it against your computer's screen."],
])('a refused link (%s) says why, leaves the address, and offers the code and the phone login', async (reason, text) => {
  installFakeApi({ clientConfig: () => makeClientConfig(), handoffPeek: refusing(reason) });
  renderAt(`/handoff?h=${newToken()}`);
  expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(text);
  await waitFor(() => expect(currentLocation()).toBe('/handoff'));
  expect(screen.getByLabelText('Pairing code from your computer')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Log in with my phone number' })).toBeInTheDocument();
});

test('a typed code with a space and in small letters: whose it is, then logged in; a code of the wrong shape is not sent', async () => {
  const a = installFakeApi({ clientConfig: () => makeClientConfig(), handoffPeek: owner, handoffRedeem: () => ({ user, route: '/HK_IDcard' }) });
  const { user: u } = renderAt('/handoff');
  expect(screen.getByRole('heading', { name: 'Continue from a computer' })).toBeInTheDocument();
  const field = screen.getByLabelText('Pairing code from your computer');
  await u.type(field, 'k7m 4q');
  await u.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The pairing code has 6 letters and digits, as your computer shows it.');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(a.calls('handoffPeek')).toEqual([]);
  await u.type(field, 'x');
  await u.click(screen.getByRole('button', { name: 'Continue' }));
  await u.click(await screen.findByRole('button', { name: 'Yes, continue' }));
  await waitFor(() => expect(currentLocation()).toBe('/HK_IDcard'));
  expect(a.calls('handoffPeek')).toEqual([{ code: 'K7M4QX' }]);
  expect(a.calls('handoffRedeem')).toEqual([{ code: 'K7M4QX' }]);
});

test('a refused code says why on its field, and the phone login is a tap away', async () => {
  installFakeApi({ clientConfig: () => makeClientConfig(), handoffPeek: refusing('expired') });
  const { user: u } = renderAt('/handoff?lang=en');
  await u.type(screen.getByLabelText('Pairing code from your computer'), 'K7M4QX');
  await u.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This pairing code has expired or was replaced. Show a new one on your computer.');
  await u.click(screen.getByRole('button', { name: 'Log in with my phone number' }));
  await waitFor(() => expect(currentLocation()).toBe('/login'));
});

test('in Chinese: the screen and a refusal in the applicant’s language', async () => {
  installFakeApi({ clientConfig: () => makeClientConfig(), handoffPeek: refusing('used') });
  renderWithProviders(
    <Routes>
      <Route path="/handoff" element={<HandoffScreen />} />
    </Routes>,
    { route: `/handoff?h=${newToken()}`, lang: 'zh-TW' },
  );
  expect(await screen.findByRole('heading', { name: '此連結已失效' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('此配對碼已使用過');
});
