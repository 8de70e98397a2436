/** /autoExchange through the screen: the api faked at callApi. */
jest.mock('@core/api/client');

import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import { installFakeApi } from '@core/testing/fake-api';
import { makeAccount, makeClientConfig, makeUser } from '@core/testing/factories';
import { renderScreenAt } from '@core/testing/render-with-providers';
import AutoExchangeScreen from './AutoExchangeScreen';

jest.setTimeout(30000);
const IDS = { uin: 'U12345678', cltId: '12345678', acctId: 'A12345678', subAcctId: 'S12345678' };

function api(opts: { status?: number; accts?: ReturnType<typeof makeAccount>[]; change?: (p: { action: number }) => unknown } = {}) {
  let status = opts.status ?? 0;
  return installFakeApi({
    clientConfig: () => makeClientConfig(),
    userInfo: () => makeUser({ subAcctId: 'S12345678', clientStatus: 31, clientInfo: { accts: opts.accts ?? [makeAccount()] } }),
    hlInfoBySubId: () => IDS,
    autoExchangeQuery: () => ({ status }),
    autoExchangeChange: (p) => {
      if (opts.change) return opts.change(p as { action: number });
      status = (p as { action: number }).action === 1 ? 1 : 0;
      return { status };
    },
  });
}

test('switching on needs the terms ticked; then it is on and the toast says so', async () => {
  const a = api();
  const { user } = renderScreenAt('/autoExchange', <AutoExchangeScreen />, { route: '/autoExchange?sub=S12345678' });
  const sw = await screen.findByRole('switch', { name: 'Automatic currency exchange' });
  expect(sw).toHaveAttribute('aria-checked', 'false');
  await user.click(sw);
  expect(await screen.findByText('Please read and tick the terms first')).toBeInTheDocument();
  expect(a.calls('autoExchangeChange')).toHaveLength(0);
  expect(screen.getByRole('checkbox', { name: /I have read and agree/ })).toHaveFocus();
  await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
  await user.click(sw);
  await waitFor(() => expect(a.calls('autoExchangeChange')).toEqual([{ clientId: '12345678', uin: 'U12345678', accountId: 'A12345678', subAccountId: 'S12345678', action: 1 }]));
  expect(await screen.findByText('Automatic currency exchange is on')).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Automatic currency exchange' })).toHaveAttribute('aria-checked', 'true');
  expect(screen.queryByRole('checkbox', { name: /I have read and agree/ })).not.toBeInTheDocument();
});

test('switching off asks first; cancel keeps it on, confirm turns it off', async () => {
  const a = api({ status: 1 });
  const { user } = renderScreenAt('/autoExchange', <AutoExchangeScreen />, { route: '/autoExchange?sub=S12345678' });
  const sw = await screen.findByRole('switch', { name: 'Automatic currency exchange' });
  expect(sw).toHaveAttribute('aria-checked', 'true');
  await user.click(sw);
  let dialog = await screen.findByRole('dialog', { name: 'Turn off automatic currency exchange?' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(a.calls('autoExchangeChange')).toHaveLength(0);
  await user.click(sw);
  dialog = await screen.findByRole('dialog', { name: 'Turn off automatic currency exchange?' });
  await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
  await waitFor(() => expect(a.calls('autoExchangeChange')).toEqual([expect.objectContaining({ action: 2 })]));
  expect(await screen.findByText('Automatic currency exchange is off')).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Automatic currency exchange' })).toHaveAttribute('aria-checked', 'false');
});

test('an answer without a result: tips16, the switch stays as it was', async () => {
  api({ change: () => undefined });
  const { user } = renderScreenAt('/autoExchange', <AutoExchangeScreen />);
  const sw = await screen.findByRole('switch', { name: 'Automatic currency exchange' });
  await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
  await user.click(sw);
  expect(await screen.findByText('That did not go through. Please try again.')).toBeInTheDocument();
  expect(sw).toHaveAttribute('aria-checked', 'false');
});

test('a margin account, or a sub-account that is not the user’s, is told so and has no switch', async () => {
  api({ accts: [makeAccount({ acctType: 2 })] });
  renderScreenAt('/autoExchange', <AutoExchangeScreen />, { route: '/autoExchange?sub=S12345678' });
  expect(await screen.findByText('Automatic currency exchange is for cash accounts only.')).toBeInTheDocument();
  expect(screen.queryByRole('switch')).not.toBeInTheDocument();
});

test('an unknown sub-account in the query', async () => {
  api();
  renderScreenAt('/autoExchange', <AutoExchangeScreen />, { route: '/autoExchange?sub=S99999999' });
  expect(await screen.findByText(/We could not find this account/)).toBeInTheDocument();
});

test('a refusal of the service goes through the error handler (152001 as a toast)', async () => {
  api({ change: () => { throw new ApiError(152001, 'not cash'); } });
  const { user } = renderScreenAt('/autoExchange', <AutoExchangeScreen />);
  const sw = await screen.findByRole('switch', { name: 'Automatic currency exchange' });
  await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
  await user.click(sw);
  expect(await screen.findByText('Automatic currency exchange is for cash accounts only.')).toBeInTheDocument();
});
