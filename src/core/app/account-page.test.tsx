/** The after-opening pages' route: the app's page ticket logs in once and leaves the address; a refused one says why. */
jest.mock('@core/api/client');

import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '../api/api-error';
import { installFakeApi } from '../testing/fake-api';
import { makeAccount, makeClientConfig, makeUser } from '../testing/factories';
import { currentLocation, renderWithProviders } from '../testing/render-with-providers';
import AccountRoute from './account-page';

jest.setTimeout(30000);
const user = makeUser({ subAcctId: 'S12345678', clientStatus: 31, clientInfo: { accts: [makeAccount()] } });
const Screen = () => <p>the screen</p>;
const at = (query: string) => window.history.replaceState(null, '', `/pages/investorIdentifier.html${query}#/`);
afterEach(() => at(''));

test('a ticket logs in once, then the address names the account instead', async () => {
  at('?ticket=good.ticket&lang=en');
  const a = installFakeApi({ clientConfig: () => makeClientConfig(), pageTicketLogin: () => ({ user, subAcctId: 'S12345678' }), userInfo: () => user, applyDetail: () => null });
  renderWithProviders(<AccountRoute page="hkIdentifier" titleKey="hkIdentifier.title" Screen={Screen} />);
  expect(await screen.findByText('the screen')).toBeInTheDocument();
  expect(a.calls('pageTicketLogin')).toEqual([{ ticket: 'good.ticket', page: 'hkIdentifier' }]);
  expect(window.location.search).toBe('?lang=en&sub=S12345678');
});

test.each([
  ['expired', 'This link has expired. Go back to the app and open the page again.'],
  ['used', 'This link has already been used. Go back to the app and open the page again.'],
  ['invalid', 'This link is not valid. Go back to the app and open the page again.'],
])('a refused ticket (%s) says why and offers to log in instead', async (reason, text) => {
  at(`?ticket=bad.${reason}`);
  installFakeApi({
    clientConfig: () => makeClientConfig(),
    pageTicketLogin: () => {
      throw new ApiError(152201, '', { reason }, 400);
    },
  });
  renderWithProviders(<AccountRoute page="hkIdentifier" titleKey="hkIdentifier.title" Screen={Screen} />);
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(screen.getByRole('button', { name: 'Log in instead' })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('the screen')).not.toBeInTheDocument());
});

test('"Log in instead" goes to the page\'s own login, and the refused ticket leaves the address (back from the login it is not tried again)', async () => {
  at('?lang=en&ticket=bad.invalid');
  installFakeApi({
    clientConfig: () => makeClientConfig(),
    pageTicketLogin: () => {
      throw new ApiError(152201, '', { reason: 'invalid' }, 400);
    },
  });
  const { user: u } = renderWithProviders(<AccountRoute page="hkIdentifier" titleKey="hkIdentifier.title" Screen={Screen} />);
  await u.click(await screen.findByRole('button', { name: 'Log in instead' }));
  await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2F'));
  expect(window.location.search).toBe('?lang=en');
});
