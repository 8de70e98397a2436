/** /accountHome through the screen: the api faked at callApi. */
jest.mock('@core/api/client');

import { screen, within } from '@testing-library/react';
import { installFakeApi } from '@core/testing/fake-api';
import { makeAccount, makeClientConfig, makeUser } from '@core/testing/factories';
import { renderScreenAt } from '@core/testing/render-with-providers';
import AccountHomeScreen from './AccountHomeScreen';

jest.setTimeout(30000);

function api(accts: ReturnType<typeof makeAccount>[]) {
  return installFakeApi({
    clientConfig: () => makeClientConfig(),
    userInfo: () => makeUser({ subAcctId: accts[0]?.subAcctId ?? null, clientStatus: accts.length ? 31 : 30, clientInfo: { accts } }),
  });
}

const cardNames = () => screen.getAllByRole('listitem').filter((li) => li.parentElement?.classList.contains('oa-acct__cards')).map((li) => within(li).getAllByText(/./)[0].textContent);

test('a cash account: its numbers, its markets and the cards of a cash account in the spec’s order', async () => {
  api([makeAccount({ markets: 7 })]);
  renderScreenAt('/accountHome', <AccountHomeScreen />);
  expect(await screen.findByRole('heading', { name: 'Cash account' })).toBeInTheDocument();
  expect(screen.getByText('S12345678')).toBeInTheDocument();
  expect(within(screen.getByRole('list', { name: 'Markets you can trade' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['HK stocks', 'US stocks', 'China A shares (Stock Connect)']);
  expect(cardNames()).toEqual([
    'Upgrade to a margin account',
    'Join our investor community',
    'Markets you can trade',
    'Automatic currency exchange',
    'Account information',
    'Sign the HK investor identifier consent',
  ]);
});

test('a margin account with the identifier signed and information asked for', async () => {
  api([makeAccount({ acctType: 2, improveInfoOpen: true, extra: { needSignHKIdentifier: 2 } })]);
  renderScreenAt('/accountHome', <AccountHomeScreen />);
  expect(await screen.findByRole('heading', { name: 'Margin account' })).toBeInTheDocument();
  expect(cardNames()).toEqual(['Join our investor community', 'Markets you can trade', 'Complete your information', 'Account information', 'HK investor identifier']);
});

test('auto exchange opens its page for this account; the community card opens its QR code', async () => {
  api([makeAccount()]);
  const { user } = renderScreenAt('/accountHome', <AccountHomeScreen />);
  await user.click(await screen.findByRole('button', { name: /Join our investor community/ }));
  const sheet = await screen.findByRole('dialog', { name: 'Join our investor community' });
  expect(within(sheet).getByRole('img', { name: 'QR code of the investor community' })).toHaveAttribute('src', '/pages/static/community-qr.svg');
  await user.keyboard('{Escape}');
  await user.click(screen.getByRole('button', { name: /Automatic currency exchange/ }));
  expect(await screen.findByRole('note', { name: 'current location' })).toHaveTextContent('/autoExchange?sub=S12345678');
});

test('no account yet: says so and offers to open one', async () => {
  api([]);
  renderScreenAt('/accountHome', <AccountHomeScreen />);
  expect(await screen.findByText('You have no opened account yet.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open an account' })).toBeInTheDocument();
});
