/** /transitionGold and /deposit through the screens: the api faked at callApi, uploads at uploadFile. */
jest.mock('@core/api/client');
jest.mock('@core/api/upload', () => ({ uploadFile: jest.fn() }));

import { screen, waitFor } from '@testing-library/react';
import { uploadFile } from '@core/api/upload';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { renderScreenAt } from '@core/testing/render-with-providers';
import DepositScreen from './DepositScreen';
import TransitionGoldScreen, { depositUrl } from '../transition-gold/TransitionGoldScreen';

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

test('the deposit address carries pageFrom, name, langType and clientType (before or after a hash route)', () => {
  const app = makeApplication({ name: 'CHAN TAI MAN', clientType: 'hk' });
  expect(depositUrl('/pages/openAccount.html#/deposit', app, 'en')).toBe('/pages/openAccount.html#/deposit?pageFrom=openAccount&name=CHAN+TAI+MAN&langType=en&clientType=hk');
  expect(depositUrl('https://pay.example/edda_app/selectCurrency', app, 'zh-TW')).toBe('https://pay.example/edda_app/selectCurrency?pageFrom=openAccount&name=CHAN+TAI+MAN&langType=zh-TW&clientType=hk');
});

test('the bridge: three items and the minimum; the 1500 wording; the transfer-in link for cn only', async () => {
  api(makeApplication({ applyStatus: 1500, clientType: 'cn' }));
  const { unmount } = renderScreenAt('/transitionGold', <TransitionGoldScreen />);
  expect(await screen.findByRole('heading', { name: 'One more step' })).toBeInTheDocument();
  expect(screen.getByText('Submit, deposit funds or transfer stocks to finish opening your account.')).toBeInTheDocument();
  expect(screen.getByText(/Minimum single deposit: HK\$10,000/)).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Transfer in stocks' })).toBeInTheDocument();
  unmount();
  api(makeApplication({ applyStatus: 1200 }));
  renderScreenAt('/transitionGold', <TransitionGoldScreen />, { lang: 'zh-TW' });
  expect(await screen.findByRole('heading', { name: '為賬戶入金' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: '轉入股票' })).not.toBeInTheDocument();
});

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
