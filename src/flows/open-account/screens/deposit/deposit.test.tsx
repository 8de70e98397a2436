/** /deposit through the screen: the api faked at callApi, uploads at uploadFile. */
jest.mock('@core/api/client');
jest.mock('@core/api/upload', () => ({ uploadFile: jest.fn() }));

import { screen, waitFor } from '@testing-library/react';
import { uploadFile } from '@core/api/upload';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { renderScreenAt } from '@core/testing/render-with-providers';
import DepositScreen from './DepositScreen';

jest.setTimeout(30000);
const upload = uploadFile as jest.MockedFunction<typeof uploadFile>;
const ACCOUNTS = [
  { currency: 'HKD', bankName: 'Example Bank', accountName: 'Example Securities', accountNumber: '012-345678-001', swift: 'EXAMHKHH' },
  { currency: 'USD', bankName: 'Example Bank', accountName: 'Example Securities', accountNumber: '012-345678-002', swift: 'EXAMHKHH' },
  { currency: 'CNH', bankName: 'Example Bank', accountName: 'Example Securities', accountNumber: '012-345678-003', swift: 'EXAMHKHH' },
];

function api(application: ApplicationView) {
  return installFakeApi({
    clientConfig: () => makeClientConfig(),
    applyDetail: () => application,
    depositInfo: () => ({ minimumHkd: 10000, accounts: ACCOUNTS }),
    depositNotice: () => ({ noticeId: 'N1', application: { ...application, cashInStatus: 2010 } }),
  });
}

test('the deposit page: the account of the chosen currency, then the notice with amount, bank and proof', async () => {
  upload.mockResolvedValue({ ossId: 'proof001', ossUrl: '/signed/proof001' });
  const a = api(makeApplication({ applyStatus: 1200 }));
  const { user } = renderScreenAt('/deposit', <DepositScreen />);
  expect(await screen.findByText('012-345678-001')).toBeInTheDocument();
  await user.click(screen.getByRole('radio', { name: 'USD' }));
  expect(screen.getByText('012-345678-002')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Notify the broker' }));
  expect(a.calls('depositNotice')).toHaveLength(0);
  expect(screen.getAllByText('Please upload a file').length).toBeGreaterThan(0);
  await user.type(screen.getByRole('textbox', { name: /Amount transferred \(USD\)/ }), '1.234');
  await user.type(screen.getByRole('textbox', { name: /Your paying bank/ }), 'HSBC');
  await user.upload(screen.getByLabelText(/Transfer receipt/, { selector: 'input' }), new File(['x'], 'r.png', { type: 'image/png' }));
  await waitFor(() => expect(upload).toHaveBeenCalled());
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(screen.getByRole('button', { name: 'Notify the broker' }));
  expect(a.calls('depositNotice')).toHaveLength(0);
  await user.clear(screen.getByRole('textbox', { name: /Amount transferred/ }));
  await user.type(screen.getByRole('textbox', { name: /Amount transferred/ }), '2000.5');
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(screen.getByRole('button', { name: 'Notify the broker' }));
  await waitFor(() => expect(a.calls('depositNotice')).toHaveLength(1));
  expect(a.calls('depositNotice')[0]).toEqual(expect.objectContaining({ amount: '2000.5', currency: 'USD', payingBank: 'HSBC', proof: expect.objectContaining({ ossId: 'proof001' }) }));
  expect(await screen.findByRole('heading', { name: 'Thank you, we have your notice' })).toBeInTheDocument();
});
