/** /transitionGold through the screen: the api faked at callApi. */
jest.mock('@core/api/client');

import { screen } from '@testing-library/react';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { renderScreenAt } from '@core/testing/render-with-providers';
import TransitionGoldScreen, { depositUrl } from './TransitionGoldScreen';

jest.setTimeout(30000);
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
