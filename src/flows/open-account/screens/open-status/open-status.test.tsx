/** /openStatus through the screen: the api faked at callApi; each view. */
jest.mock('@core/api/client');

import { screen, within } from '@testing-library/react';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import OpenStatusScreen from './OpenStatusScreen';

jest.setTimeout(30000);

const api = (application: ApplicationView) => installFakeApi({ clientConfig: () => makeClientConfig(), applyDetail: () => application });
const cn = (over: Partial<ApplicationView>) => makeApplication({ clientType: 'cn', applyStatus: 1200, ...over });

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
