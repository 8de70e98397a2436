/** /AccountStatus through the screen: the api faked at callApi; each status the page shows. */
jest.mock('@core/api/client');

import { screen } from '@testing-library/react';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import AccountStatusScreen from './AccountStatusScreen';

jest.setTimeout(30000);

const api = (application: ApplicationView) => installFakeApi({ clientConfig: () => makeClientConfig(), applyDetail: () => application });
const hk = (over: Partial<ApplicationView>) => makeApplication({ applyStatus: 1200, ...over });
const rows = () => screen.getAllByRole('definition').map((d) => d.textContent);

describe('/AccountStatus', () => {
  test('submitted: under review, the deposit may be made meanwhile; a deposit being confirmed: no button', async () => {
    api(hk({ cashInStatus: null }));
    const { unmount } = renderScreenAt('/AccountStatus', <AccountStatusScreen />);
    expect(await screen.findByRole('heading', { name: 'Application submitted' })).toBeInTheDocument();
    expect(rows()).toEqual(['Under review', 'Funds deposit pending']);
    expect(screen.getByRole('button', { name: 'Deposit now' })).toBeInTheDocument();
    unmount();
    api(hk({ cashInStatus: 2010 }));
    renderScreenAt('/AccountStatus', <AccountStatusScreen />);
    expect(await screen.findByText('Confirming your deposit')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deposit now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeInTheDocument();
  });

  test('sent back: the reason and Edit my details to the first returned step', async () => {
    api(hk({ applyStatus: 1900, rejectData: { steps: ['FINANCE', 'USERINFO'], message: 'Please check your income.' } }));
    const { user } = renderScreenAt('/AccountStatus', <AccountStatusScreen />, { lang: 'zh-TW' });
    expect(await screen.findByRole('heading', { name: '需要您處理' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: '審核團隊的說明' })).toHaveTextContent('Please check your income.');
    expect(rows()).toEqual(['待更新資料']);
    await user.click(screen.getByRole('button', { name: '修改資料' }));
    expect(currentLocation()).toBe('/UserInfo');
  });

  test('approved and not deposited: Deposit now goes to the deposit bridge; deposited: ready', async () => {
    api(hk({ applyStatus: 3000, cashInStatus: 1000 }));
    const { user, unmount } = renderScreenAt('/AccountStatus', <AccountStatusScreen />);
    expect(await screen.findByText('Review passed')).toBeInTheDocument();
    expect(screen.getByText('Funds deposit pending')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deposit now' }));
    expect(currentLocation()).toBe('/transitionGold');
    unmount();
    api(hk({ applyStatus: 4000, clientStatus: 31, cashInStatus: 2000, stockStatus: 3 }));
    renderScreenAt('/AccountStatus', <AccountStatusScreen />, { lang: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: '您的账户已就绪' })).toBeInTheDocument();
    expect(rows()).toEqual(['开户成功', '已入金', '股票转入确认中']);
  });
});
