/** /AccountStatus through the screen: the api faked at callApi; the headline of each state, the rows, the correction round. */
jest.mock('@core/api/client');

import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import { bridge } from '@core/bridge/bridge';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import AccountStatusScreen from './AccountStatusScreen';

jest.setTimeout(30000);

const api = (application: ApplicationView) => installFakeApi({ clientConfig: () => makeClientConfig(), applyDetail: () => application });
const hk = (over: Partial<ApplicationView>) => makeApplication({ applyStatus: 1200, ...over });
const rows = () => screen.getAllByRole('definition').map((d) => d.textContent);
const opened = { applyStatus: 4000, clientStatus: 31, hlId: 'C10020003', clientInfo: { accts: [{ subAcctId: 'S10020003' }] } };

describe('/AccountStatus', () => {
  test('submitted: under review, the deposit may be made meanwhile; a deposit being confirmed: no button', async () => {
    api(hk({ cashInStatus: null }));
    const { unmount } = renderScreenAt('/AccountStatus', <AccountStatusScreen />);
    expect(await screen.findByRole('heading', { name: 'Your application is under review' })).toBeInTheDocument();
    expect(screen.getByText('We are reviewing your application. Opening usually takes 1-2 working days.')).toBeInTheDocument();
    expect(rows()).toEqual(['Under review', 'Funds deposit pending']);
    expect(screen.getByRole('button', { name: 'Deposit now' })).toBeInTheDocument();
    unmount();
    api(hk({ cashInStatus: 2010 }));
    renderScreenAt('/AccountStatus', <AccountStatusScreen />);
    expect(await screen.findByText('Confirming your deposit')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your application is under review' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deposit now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeInTheDocument();
  });

  test('sent back: the reason, the steps to fix with their state, each opening its step; Edit my details to the first still to fix', async () => {
    api(hk({ applyStatus: 1900, rejectData: { steps: ['FINANCE', 'USERINFO', 'PROOFADDRESS'], message: 'Please check your income.', fixed: ['USERINFO'] } }));
    const { user } = renderScreenAt('/AccountStatus', <AccountStatusScreen />, { lang: 'zh-TW' });
    expect(await screen.findByRole('heading', { name: '您的申請需要修改' })).toBeInTheDocument();
    expect(screen.getByText('請修改下方列出的步驟，然後重新提交申請。')).toBeInTheDocument();
    expect(screen.getByRole('note', { name: '審核團隊的說明' })).toHaveTextContent('Please check your income.');
    const list = screen.getByRole('region', { name: /需要修改的步驟/ });
    expect(within(list).getByText('已修改 1 / 3')).toBeInTheDocument();
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['個人資料：已修改', '住址證明：待修改', '財務狀況：待修改']);
    expect(rows()).toEqual(['待更新資料']);
    await user.click(screen.getByRole('button', { name: '修改資料' }));
    expect(currentLocation()).toBe('/ProofAddress');
  });

  test('a listed step opens that step, fixed or not; all fixed: how to resubmit', async () => {
    api(hk({ applyStatus: 1901, rejectData: { steps: ['FINANCE', 'USERINFO'], message: 'x', fixed: ['FINANCE', 'USERINFO'] } }));
    const { user } = renderScreenAt('/AccountStatus', <AccountStatusScreen />);
    expect(await screen.findByRole('heading', { name: 'Your application needs corrections' })).toBeInTheDocument();
    expect(screen.getByText('2 of 2 fixed')).toBeInTheDocument();
    expect(screen.getByText(/Every step is fixed\. Open any of them and choose Resubmit/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Financial situation\s*:\s*Fixed$/ }));
    expect(currentLocation()).toBe('/Finance');
  });

  test('the issue: opened, not deposited, with My account: review passed and the deposit asked, never "under review"', async () => {
    api(hk({ ...opened, cashInStatus: 1000 }));
    const { user, unmount } = renderScreenAt('/AccountStatus', <AccountStatusScreen />);
    expect(await screen.findByRole('heading', { name: 'Review passed: make your first deposit' })).toBeInTheDocument();
    expect(screen.getByText('Deposit at least HKD 10,000 (or the equivalent in USD or offshore RMB) to start trading.')).toBeInTheDocument();
    expect(screen.queryByText(/under review|1-2 working days/)).not.toBeInTheDocument();
    // once opened: the client and account numbers, and a welcome by name
    expect(rows()).toEqual(['C10020003', 'S10020003', 'Review passed', 'Funds deposit pending']);
    expect(screen.getAllByRole('term').map((d) => d.textContent).slice(0, 2)).toEqual(['Client number', 'Account number']);
    expect(screen.getByRole('button', { name: 'My account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deposit now' }));
    expect(currentLocation()).toBe('/transitionGold');
    unmount();
    api(hk({ ...opened, cashInStatus: 2020 }));
    renderScreenAt('/AccountStatus', <AccountStatusScreen />, { lang: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: '审核通过，请完成首次入金' })).toBeInTheDocument();
    expect(screen.getByText('您的入金需要处理，请查看下方说明。')).toBeInTheDocument();
    expect(rows()).toEqual(['C10020003', 'S10020003', '审核通过', '入金异常']);
  });

  test('opened and deposited: the account is open; closed: not approved, in each language', async () => {
    api(hk({ ...opened, cashInStatus: 2000, stockStatus: 3 }));
    const { unmount } = renderScreenAt('/AccountStatus', <AccountStatusScreen />, { lang: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: '开户成功' })).toBeInTheDocument();
    expect(screen.getByText('您的账户已开通并已入金，可以开始交易。')).toBeInTheDocument();
    expect(rows()).toEqual(['C10020003', 'S10020003', '开户成功', '已入金', '股票转入确认中']);
    unmount();
    for (const [lang, heading, row] of [
      ['en', 'Your application was not approved', 'Not approved'],
      ['zh-TW', '您的申請未獲批准', '未獲批准'],
    ] as const) {
      api(hk({ applyStatus: 5000 }));
      const r = renderScreenAt('/AccountStatus', <AccountStatusScreen />, { lang });
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(rows()).toEqual([row]);
      expect(screen.queryByRole('button', { name: /Edit|修改/ })).not.toBeInTheDocument();
      r.unmount();
    }
  });

  describe('the certificate of completion', () => {
    const answer = (appId: string) => ({ ossId: 'F1', ossUrl: `/kyc/esop/v1/oss/v1/Download?ossid=F1&preview=1`, sha256: 'a'.repeat(64), fileName: `certificate-of-completion-${appId}.pdf` });
    afterEach(() => jest.restoreAllMocks());

    test('submitted: the button says what it gives, asks the service for the signed PDF and saves it; sent back: no button', async () => {
      const save = jest.spyOn(bridge, 'savePdf').mockResolvedValue();
      const app = hk({ cashInStatus: 2010 });
      const fake = installFakeApi({ clientConfig: () => makeClientConfig(), applyDetail: () => app, applyCertificate: () => answer(app.appId) });
      const { user, unmount } = renderScreenAt('/AccountStatus', <AccountStatusScreen />);
      const button = await screen.findByRole('button', { name: 'Download certificate of completion' });
      expect(button).toHaveAccessibleDescription('What you signed, when and where, in a signed PDF');
      await user.click(button);
      await waitFor(() => expect(save).toHaveBeenCalledWith(answer(app.appId).ossUrl, `certificate-of-completion-${app.appId}.pdf`, 'Certificate of completion'));
      expect(fake.calls('applyCertificate')).toEqual([{ appId: app.appId }]);
      unmount();
      api(hk({ applyStatus: 1900, rejectData: { steps: ['FINANCE'], message: 'x', fixed: [] } }));
      renderScreenAt('/AccountStatus', <AccountStatusScreen />);
      expect(await screen.findByRole('heading', { name: 'Your application needs corrections' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /certificate/i })).not.toBeInTheDocument();
    });

    test("a refusal reads in the applicant's words, nothing is saved", async () => {
      const save = jest.spyOn(bridge, 'savePdf').mockResolvedValue();
      installFakeApi({
        clientConfig: () => makeClientConfig(),
        applyDetail: () => hk({}),
        applyCertificate: () => {
          throw new ApiError(151304, '', undefined, 400);
        },
      });
      const { user } = renderScreenAt('/AccountStatus', <AccountStatusScreen />, { lang: 'zh-TW' });
      await user.click(await screen.findByRole('button', { name: '下載簽署完成證明' }));
      expect(await screen.findByText('提交申請後即可下載簽署完成證明')).toBeInTheDocument();
      expect(save).not.toHaveBeenCalled();
    });
  });
});
