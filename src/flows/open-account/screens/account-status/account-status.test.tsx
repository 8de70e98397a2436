/** /AccountStatus and /openStatus through the screens: the api faked at callApi; each status the pages show. */
jest.mock('@core/api/client');

import { screen, within } from '@testing-library/react';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import AccountStatusScreen from './AccountStatusScreen';
import OpenStatusScreen from '../open-status/OpenStatusScreen';

jest.setTimeout(30000);

const api = (application: ApplicationView) => installFakeApi({ clientConfig: () => makeClientConfig(), applyDetail: () => application });
const hk = (over: Partial<ApplicationView>) => makeApplication({ applyStatus: 1200, ...over });
const cn = (over: Partial<ApplicationView>) => makeApplication({ clientType: 'cn', applyStatus: 1200, ...over });
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

describe('/openStatus', () => {
  test('approving: under review, 1-2 working days; submitted for offline sources; the 65-75 margin notice', async () => {
    api(cn({}));
    const { unmount } = renderScreenAt('/openStatus', <OpenStatusScreen />);
    expect(await screen.findByRole('heading', { name: 'Your materials are under review' })).toBeInTheDocument();
    expect(screen.getByText('Your account is expected to open in 1-2 working days.')).toBeInTheDocument();
    unmount();
    api(cn({ fromPage: '15', data: { IDCARD: { birthday: '1956-01-01' }, SELECTACCOUNT: { accountType: 2 } } }));
    renderScreenAt('/openStatus', <OpenStatusScreen />);
    expect(await screen.findByRole('heading', { name: 'Your materials have been submitted' })).toBeInTheDocument();
    expect(screen.getByText(/aged 65 to 75/)).toBeInTheDocument();
  });

  test('rejected: the reason and the supplement button (the statement first when it was sent back)', async () => {
    api(cn({ applyStatus: 1901, applyStepsName: ['STATEMENT', 'IDCARD', 'BANKCARD'], rejectData: { steps: ['BANKCARD', 'STATEMENT'], message: 'Statement unclear' } }));
    const { user } = renderScreenAt('/openStatus', <OpenStatusScreen />);
    expect(await screen.findByRole('heading', { name: 'Your application needs more information' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Reason from our review team' })).toHaveTextContent('Statement unclear');
    await user.click(screen.getByRole('button', { name: 'Supplement materials' }));
    expect(currentLocation()).toBe('/statement');
  });

  test('success: the name and client id; the contact sheet lists both service phones', async () => {
    api(cn({ applyStatus: 4000, clientStatus: 31, name: '张三', hlId: 'C10020003' }));
    const { user } = renderScreenAt('/openStatus', <OpenStatusScreen />, { lang: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: '开户成功' })).toBeInTheDocument();
    expect(screen.getByText('张三，您的客户号为 C10020003。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '联系客服' }));
    const sheet = await screen.findByRole('alertdialog', { name: '联系客服' });
    expect(within(sheet).getByRole('link', { name: '400 800 1234' })).toHaveAttribute('href', 'tel:4008001234');
  });

  test('client status 33 with a deposit being confirmed: the funds line', async () => {
    api(cn({ cashInStatus: 2010 }));
    renderScreenAt('/openStatus', <OpenStatusScreen />);
    expect(await screen.findByText('Your deposit is being confirmed.')).toBeInTheDocument();
  });
});
