/** The transfer-in screens through their fake calls: the list by availability, the form's rules, review and submit. */
jest.mock('@core/api/client');

import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig, makeUser } from '@core/testing/factories';
import { renderScreenAt } from '@core/testing/render-with-providers';
import TransferInScreen from './TransferInScreen';
import TransferInFormScreen from './TransferInFormScreen';
import AssetTransferAgreementScreen from './AssetTransferAgreementScreen';

jest.setTimeout(30000);

const opened = () => makeApplication({ clientType: 'cn', applyStatus: 4000, clientStatus: 31, name: '张三', clientInfo: { accts: [{ subAcctId: 'S12345678' }] } });

function api(protocol: number, items: unknown[] = []) {
  return installFakeApi({
    clientConfig: () => makeClientConfig(),
    userInfo: () => makeUser({ subAcctId: 'S12345678', clientStatus: 31 }),
    applyDetail: () => opened(),
    applyProtocolStatus: () => ({ status: protocol }),
    transferInList: () => ({ items }),
    // the signature stays in flight: once signed the page would leave for the transfer-in page (not in jsdom)
    applyAssetTransferSign: () => new Promise<never>(() => undefined),
    transferInApply: (p) => ({ request: { ...p, requestId: 'r1', status: 1 }, application: { ...opened(), stockStatus: 1 } }),
  });
}

test('not signed: the page leads to the agreement and lists nothing', async () => {
  const a = api(1);
  renderScreenAt('/transferInStock', <TransferInScreen />);
  expect(await screen.findByRole('heading', { name: 'Sign the asset transfer agreement first' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Read and sign the agreement' })).toBeInTheDocument();
  expect(a.calls('transferInList')).toHaveLength(0);
});

test('signed: the requests with their status and the staff message', async () => {
  api(2, [
    { requestId: 'r2', status: 4, broker: 32, brokerName: 'Pearl River Securities', ccassId: null, brokerAccount: '778899', subAcctId: 'S12345678', stocks: [{ market: 'HK', code: '00005', quantity: 400 }], message: 'Not in your name.', createdAt: '2026-11-20T02:00:00.000Z', updatedAt: '2026-11-21T02:00:00.000Z', history: [{ status: 1, at: '2026-11-20T02:00:00.000Z', message: null }, { status: 4, at: '2026-11-21T02:00:00.000Z', message: 'Not in your name.' }] },
  ]);
  renderScreenAt('/transferInStock', <TransferInScreen />);
  const card = await screen.findByRole('listitem', { name: 'Pearl River Securities' });
  expect(within(card).getAllByText('Refused')[0]).toHaveClass('oa-tin__badge--failure');
  expect(within(card).getByText('400 shares')).toBeInTheDocument();
  expect(within(card).getByRole('note', { name: 'Our message' })).toHaveTextContent('Not in your name.');
  expect(screen.getByRole('button', { name: 'New transfer-in request' })).toBeInTheDocument();
});

test('the form marks each rule, then review and submit send the request', async () => {
  const a = api(2);
  const { user } = renderScreenAt('/transferInStock/new', <TransferInFormScreen />);
  await user.click(await screen.findByRole('button', { name: 'Review' }));
  expect(await screen.findAllByText('Required')).not.toHaveLength(0);
  // the first field on the page carries its rule and the focus, and the toast says how many are marked
  await waitFor(() => expect(screen.getByRole('button', { name: /Current broker/ })).toHaveFocus());
  expect(screen.getByRole('button', { name: /Current broker/ })).toHaveAccessibleDescription('Required');
  expect(screen.getByRole('status')).toHaveTextContent('4 fields need your attention');
  await user.click(screen.getByRole('button', { name: /Current broker/ }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Choose your current broker' })).getByText('Tiger Brokers (HK)'));
  await user.type(screen.getByLabelText('Your account number at that broker'), 'T-889900');
  const line = screen.getByRole('group', { name: 'Stock 1' });
  await user.type(within(line).getByLabelText('Stock code'), '5');
  await user.type(within(line).getByLabelText('Number of shares'), '0');
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(screen.getByRole('button', { name: 'Review' }));
  expect(await screen.findByText('A whole number of shares above 0')).toBeInTheDocument();
  await user.clear(within(line).getByLabelText('Number of shares'));
  await user.type(within(line).getByLabelText('Number of shares'), '2,000');
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(screen.getByRole('button', { name: 'Review' }));
  expect(await screen.findByRole('heading', { name: 'Check your request' })).toBeInTheDocument();
  expect(screen.getByText('00005')).toBeInTheDocument();
  // Submit without the confirmation ticked: the box is marked with its own text and focused, nothing is sent
  const confirmBox = screen.getByRole('checkbox', { name: /my account at Tiger Brokers \(HK\) is in my own name/ });
  expect(confirmBox).not.toHaveAccessibleDescription();
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(screen.getByRole('button', { name: 'Submit request' }));
  await waitFor(() => expect(confirmBox).toHaveFocus());
  expect(confirmBox).toHaveAccessibleDescription('Please tick the confirmation first.');
  expect(screen.getByRole('status')).toHaveTextContent('1 field needs your attention');
  expect(a.calls('transferInApply')).toHaveLength(0);
  await user.click(confirmBox);
  expect(confirmBox).not.toHaveAccessibleDescription();
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(screen.getByRole('button', { name: 'Submit request' }));
  await waitFor(() =>
    expect(a.calls('transferInApply')).toEqual([{ applyId: expect.any(String), subAcctId: 'S12345678', broker: 22, brokerAccount: 'T-889900', stocks: [{ market: 'HK', code: '00005', quantity: 2000 }] }]),
  );
  expect(await screen.findByText('Your transfer-in request has been submitted.')).toBeInTheDocument();
});

test('the agreement is signed only with its box ticked: Sign marks and focuses the box, then signs once ticked', async () => {
  const a = api(1);
  const { user } = renderScreenAt('/assetTransferAgreement', <AssetTransferAgreementScreen />);
  const box = await screen.findByRole('checkbox', { name: 'I have read and agree to the Asset Transfer Agreement' });
  expect(box).not.toHaveAccessibleDescription();
  await user.click(screen.getByRole('button', { name: 'Sign the agreement' }));
  await waitFor(() => expect(box).toHaveFocus());
  expect(box).toHaveAccessibleDescription('Please tick the box to agree first.');
  expect(screen.getByRole('status')).toHaveTextContent('1 field needs your attention');
  expect(a.calls('applyAssetTransferSign')).toHaveLength(0);
  await user.click(box);
  expect(box).not.toHaveAccessibleDescription();
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(screen.getByRole('button', { name: 'Sign the agreement' }));
  await waitFor(() => expect(a.calls('applyAssetTransferSign')).toEqual([{ authorType: 1, applyId: expect.any(String) }]));
});
