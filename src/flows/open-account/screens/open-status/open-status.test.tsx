/** /openStatus through the screen: the api faked at callApi; the headline of each state, the correction round. */
jest.mock('@core/api/client');

import { screen, waitFor, within } from '@testing-library/react';
import { bridge } from '@core/bridge/bridge';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import OpenStatusScreen from './OpenStatusScreen';

jest.setTimeout(30000);

const api = (application: ApplicationView) => installFakeApi({ clientConfig: () => makeClientConfig(), applyDetail: () => application });
const cn = (over: Partial<ApplicationView>) => makeApplication({ clientType: 'cn', applyStatus: 1200, ...over });
const opened = { applyStatus: 4000, clientStatus: 31, name: '张三', hlId: 'C10020003', clientInfo: { accts: [{ subAcctId: 'S10020003' }] } };

describe('/openStatus', () => {
  test('under review: 1-2 working days; submitted for offline sources; the 65-75 margin notice', async () => {
    api(cn({}));
    const { unmount } = renderScreenAt('/openStatus', <OpenStatusScreen />);
    expect(await screen.findByRole('heading', { name: 'Your application is under review' })).toBeInTheDocument();
    expect(screen.getByText('We are reviewing your application. Opening usually takes 1-2 working days.')).toBeInTheDocument();
    unmount();
    api(cn({ fromPage: '15', data: { IDCARD: { birthday: '1956-01-01' }, SELECTACCOUNT: { accountType: 2 } } }));
    renderScreenAt('/openStatus', <OpenStatusScreen />);
    expect(await screen.findByRole('heading', { name: 'Your materials have been submitted' })).toBeInTheDocument();
    expect(screen.getByText(/aged 65 to 75/)).toBeInTheDocument();
  });

  test('sent back: the reason, the steps to fix with their state; the supplement button to the first still to fix (the statement first)', async () => {
    api(cn({ applyStatus: 1901, applyStepsName: ['STATEMENT', 'IDCARD', 'BANKCARD'], rejectData: { steps: ['BANKCARD', 'STATEMENT'], message: 'Statement unclear' } }));
    const { user, unmount } = renderScreenAt('/openStatus', <OpenStatusScreen />);
    expect(await screen.findByRole('heading', { name: 'Your application needs corrections' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Reason from our review team' })).toHaveTextContent('Statement unclear');
    const list = screen.getByRole('region', { name: /Steps to fix/ });
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['Statement: To fix', 'Bank card: To fix']);
    await user.click(screen.getByRole('button', { name: 'Supplement materials' }));
    expect(currentLocation()).toBe('/statement');
    unmount();
    api(cn({ applyStatus: 1901, applyStepsName: ['STATEMENT', 'IDCARD', 'BANKCARD'], rejectData: { steps: ['BANKCARD', 'STATEMENT'], message: 'x', fixed: ['STATEMENT'] } }));
    const second = renderScreenAt('/openStatus', <OpenStatusScreen />, { lang: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: '您的申请需要修改' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^结单证明\s*：\s*已修改$/ })).toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: '补充资料' }));
    expect(currentLocation()).toBe('/bankCard');
  });

  test.each([
    ['en', 'Upload documents for verification', 'Identity verification'],
    ['zh-TW', '上載核實文件', '身份核實'],
  ] as const)('a mainland application awaiting the verification (1500): the note and the way back to it (%s)', async (lang, button, note) => {
    api(cn({ applyStatus: 1500 }));
    const { user } = renderScreenAt('/openStatus', <OpenStatusScreen />, { lang });
    expect(await screen.findByRole('note', { name: note })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: button }));
    expect(currentLocation()).toBe('/witness');
  });

  test('no verification note for a mainland application under review (1200)', async () => {
    api(cn({}));
    renderScreenAt('/openStatus', <OpenStatusScreen />);
    await screen.findByRole('heading', { name: 'Your application is under review' });
    expect(screen.queryByRole('button', { name: 'Upload documents for verification' })).not.toBeInTheDocument();
  });

  test.each([
    ['en', 'Your application needs corrections', 'Some details do not match your identity document.', 'We received your corrections on 2026/12/05.'],
    ['zh-TW', '您的申請需要修改', '部分資料與您的身份證明文件不符。', '我們已於 2026/12/05 收到您修改後的資料'],
  ] as const)('the correction round in words: the reason translated, the note as written; after resubmitting, "received" with the Hong Kong date (%s)', async (lang, heading, reason, received) => {
    api(cn({ applyStatus: 1900, applyStepsName: ['IDCARD', 'BANKCARD'], rejectData: { steps: ['IDCARD'], message: 'Name spelt differently', reason: 'identityMismatch' } }));
    const first = renderScreenAt('/openStatus', <OpenStatusScreen />, { lang });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    const note = screen.getAllByRole('note')[0];
    expect(note).toHaveTextContent(reason);
    expect(note).toHaveTextContent('Name spelt differently');
    first.unmount();
    // resubmitted at 2026-12-04 18:30 UTC: 5 December in Hong Kong
    api(cn({ applyStatus: 1200, resubmittedAt: '2026-12-04T18:30:00.000Z' }));
    renderScreenAt('/openStatus', <OpenStatusScreen />, { lang });
    expect(await screen.findByText((_, el) => el?.className === 'oa-status__received' && !!el.textContent?.includes(received))).toHaveAttribute('role', 'status');
  });

  test('approved or opened without a deposit: review passed and the deposit; the client id; no "under review"', async () => {
    api(cn({ ...opened, cashInStatus: 1000 }));
    const { user } = renderScreenAt('/openStatus', <OpenStatusScreen />, { lang: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: '审核通过，请完成首次入金' })).toBeInTheDocument();
    expect(screen.getByText('入金至少 10,000 港元（或等值美元、离岸人民币）后即可开始交易。')).toBeInTheDocument();
    expect(screen.getByText('张三，您的客户号为 C10020003。')).toBeInTheDocument();
    expect(screen.queryByText(/审核中/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '我的账户' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '立即入金' }));
    expect(currentLocation()).toBe('/transitionGold');
  });

  test('opened and funded: the account is open, the name and client id; the contact sheet lists both service phones', async () => {
    api(cn({ ...opened, cashInStatus: 2000 }));
    const { user } = renderScreenAt('/openStatus', <OpenStatusScreen />, { lang: 'zh-TW' });
    expect(await screen.findByRole('heading', { name: '開戶成功' })).toBeInTheDocument();
    expect(screen.getByText('您的賬戶已開通並已入金，可以開始交易。')).toBeInTheDocument();
    expect(screen.getByText('张三，您的客戶號為 C10020003。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即入金' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '聯絡客服' }));
    const sheet = await screen.findByRole('alertdialog', { name: '聯絡客服' });
    expect(within(sheet).getByRole('link', { name: '400 800 1234' })).toHaveAttribute('href', 'tel:4008001234');
  });

  test('closed: not approved, no supplement button', async () => {
    api(cn({ applyStatus: 5000 }));
    renderScreenAt('/openStatus', <OpenStatusScreen />);
    expect(await screen.findByRole('heading', { name: 'Your application was not approved' })).toBeInTheDocument();
    expect(screen.getByText('We could not open your account. Please contact customer service for details.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supplement materials' })).not.toBeInTheDocument();
  });

  test('client status 33 with a deposit being confirmed: the funds line', async () => {
    api(cn({ cashInStatus: 2010 }));
    renderScreenAt('/openStatus', <OpenStatusScreen />);
    expect(await screen.findByText('Your deposit is being confirmed.')).toBeInTheDocument();
  });

  test('submitted or opened: the certificate of completion is saved in simplified Chinese; not before the answer is in', async () => {
    const save = jest.spyOn(bridge, 'savePdf').mockResolvedValue();
    const app = cn({ ...opened });
    let answer: (v: unknown) => void = () => undefined;
    installFakeApi({
      clientConfig: () => makeClientConfig(),
      applyDetail: () => app,
      applyCertificate: () => new Promise((resolve) => (answer = resolve)),
    });
    const { user } = renderScreenAt('/openStatus', <OpenStatusScreen />, { lang: 'zh-CN' });
    await user.click(await screen.findByRole('button', { name: '下载签署完成证明' }));
    expect(await screen.findByRole('button', { name: '正在准备证明…' })).toHaveAttribute('aria-busy', 'true');
    expect(save).not.toHaveBeenCalled();
    answer({ ossId: 'F2', ossUrl: '/kyc/esop/v1/oss/v1/Download?ossid=F2', sha256: 'b'.repeat(64), fileName: 'certificate-of-completion-x.pdf' });
    await waitFor(() => expect(save).toHaveBeenCalledWith('/kyc/esop/v1/oss/v1/Download?ossid=F2', 'certificate-of-completion-x.pdf', '签署完成证明'));
    expect(await screen.findByRole('button', { name: '下载签署完成证明' })).toBeInTheDocument();
    save.mockRestore();
  });
});
