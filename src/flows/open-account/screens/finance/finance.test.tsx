/**
 * /Finance through the screen: roles and labels only, the api faked at callApi.
 */
jest.mock('@core/api/client');

import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi, type FakeApiHandlers } from '@core/testing/fake-api';
import { makeApplication } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import { toast } from '@core/ui/toast';
import FinanceScreen from './FinanceScreen';

jest.setTimeout(30000);

const EMPLOYED = { employmentInfo: { degree: '4', employment: '1', companyName: 'Acme Limited', companyNameVendor: 'Acme Limited', officeAddress: '1 Harbour Road', officeAddressVendor: '1 Harbour Road', industry: '33', position: '1', workLife: '5' } };
const retired = (financialStatus: string) => ({ employmentInfo: { degree: '4', employment: '3', investFundsSource: '4', financialStatus, noDispute: '1' } });

function app(clientType: 'cn' | 'hk', data: Record<string, unknown>): ApplicationView {
  return makeApplication({ clientType, data });
}

function api(application: ApplicationView, over: FakeApiHandlers = {}) {
  return installFakeApi({
    applyDetail: () => application,
    applyUpdate: (p: { currentStep: string; data: Record<string, unknown> }) => ({
      application: { ...application, data: { ...application.data, [p.currentStep]: p.data } },
      nextStep: 'INVESTMENT',
    }),
    ...over,
  });
}

function renderPage(lang: 'en' | 'zh-CN' | 'zh-TW' = 'en') {
  return renderScreenAt('/Finance', <FinanceScreen />, { lang });
}

type User = ReturnType<typeof renderPage>['user'];
const ready = () => screen.findByRole('button', { name: /^Annual income / });
const next = () => screen.getByRole('button', { name: 'Next' });
const field = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label} `) });
const savesOf = (a: ReturnType<typeof api>) =>
  (a.calls('applyUpdate') as { currentStep: string; draft?: boolean; data: Record<string, unknown> }[]).filter((c) => !c.draft);

async function optionsOf(user: User, label: string): Promise<string[]> {
  await user.click(field(label));
  const sheet = await screen.findByRole('dialog', { name: label });
  const names = within(sheet)
    .getAllByRole('button')
    .filter((b) => b.closest('li'))
    .map((b) => b.textContent ?? '');
  await user.click(within(sheet).getByRole('button', { name: 'Close' }));
  return names;
}

async function choose(user: User, label: string, option: string) {
  await user.click(field(label));
  const sheet = await screen.findByRole('dialog', { name: label });
  await user.click(within(sheet).getByRole('button', { name: option }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: label })).not.toBeInTheDocument());
}

const pause = () => new Promise((r) => setTimeout(r, 1100)); // the footer button ignores presses within a second
const funds = () => screen.getByRole('group', { name: 'Where the money for your account comes from' });

beforeEach(() => {
  toast.clear();
});

describe('/Finance', () => {
  test('employed: salary income shown and ticked at first; the step place as the domain gives it (4 of 6); Next marks what is missing until every answer is given', async () => {
    const a = api(app('hk', { JOBSTATUS: EMPLOYED }));
    const { user } = renderPage();
    await ready();
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuetext', '4 of 6');
    expect(screen.getByText(/Amounts are in Hong Kong dollars \(HKD\)\./)).toBeInTheDocument();
    expect(within(funds()).getAllByRole('checkbox').map((c) => c.closest('.esop-check')?.textContent)).toEqual([
      'Salary or business income',
      'Personal savings',
      'Inheritance',
      'Investment gains',
      'Sale of assets',
    ]);
    expect(within(funds()).getByRole('checkbox', { name: 'Salary or business income' })).toBeChecked();
    // Next is never a silent grey button: it marks every missing answer and focuses the first
    await user.click(next());
    await waitFor(() => expect(field('Annual income')).toHaveFocus());
    expect(field('Annual income')).toHaveAccessibleDescription(/Required|Please choose/);
    expect(screen.getByRole('radiogroup', { name: 'Where you live' })).toBeInTheDocument();
    expect(savesOf(a)).toHaveLength(0);
  });

  test.each(['3', '4', '5'])('employment %s: salary income is not offered, nothing ticked', async (employment) => {
    api(app('hk', { JOBSTATUS: { employmentInfo: { ...retired('1').employmentInfo, employment } } }));
    renderPage();
    await ready();
    expect(within(funds()).queryByRole('checkbox', { name: 'Salary or business income' })).not.toBeInTheDocument();
    expect(within(funds()).getAllByRole('checkbox')).toHaveLength(4);
    for (const box of within(funds()).getAllByRole('checkbox')) expect(box).not.toBeChecked();
  });

  test('bands in HKD for hk, RMB for cn, and written per language', async () => {
    api(app('hk', { JOBSTATUS: EMPLOYED }));
    const { user, unmount } = renderPage();
    await ready();
    expect(await optionsOf(user, 'Annual income')).toEqual([
      'Below HK$200,000',
      'HK$200,000 – HK$500,000',
      'HK$500,000 – HK$1,000,000',
      'HK$1,000,000 – HK$5,000,000',
      'HK$5,000,000 – HK$10,000,000',
      'Above HK$10,000,000',
    ]);
    expect(await optionsOf(user, 'Average amount invested a year')).toHaveLength(6);
    unmount();
    api(app('cn', { JOBSTATUS: EMPLOYED }));
    const cn = renderPage('zh-CN');
    await screen.findByRole('button', { name: /^年收入 / });
    expect(screen.getByText(/金额单位为人民币。/)).toBeInTheDocument();
    await cn.user.click(screen.getByRole('button', { name: /^净资产 / }));
    const sheet = await screen.findByRole('dialog', { name: '净资产' });
    expect(within(sheet).getAllByRole('button').filter((b) => b.closest('li')).map((b) => b.textContent)).toEqual([
      '100万元以下',
      '100万-500万元',
      '500万-1000万元',
      '1000万元以上',
    ]);
  });

  test('investable assets are offered only up to the net-asset band', async () => {
    api(app('hk', { JOBSTATUS: EMPLOYED }));
    const { user } = renderPage();
    await ready();
    expect(await optionsOf(user, 'Investable assets')).toHaveLength(4);
    await choose(user, 'Net assets', 'HK$1,000,000 – HK$5,000,000');
    expect(await optionsOf(user, 'Investable assets')).toEqual(['Below HK$1,000,000', 'HK$1,000,000 – HK$5,000,000']);
  });

  test('net assets picked below the investable assets: the error dialog, the investable assets asked again', async () => {
    api(app('hk', { JOBSTATUS: EMPLOYED }));
    const { user } = renderPage();
    await ready();
    await choose(user, 'Net assets', 'Above HK$10,000,000');
    await choose(user, 'Investable assets', 'HK$5,000,000 – HK$10,000,000');
    await choose(user, 'Net assets', 'HK$1,000,000 – HK$5,000,000');
    const dialog = await screen.findByRole('alertdialog', { name: 'Please check your assets' });
    expect(dialog).toHaveAccessibleDescription('Net assets cannot be lower than investable assets. Please choose your investable assets again.');
    expect(field('Net assets')).toHaveTextContent('HK$1,000,000 – HK$5,000,000');
    expect(field('Investable assets')).toHaveTextContent('Please select');
    await user.click(within(dialog).getByRole('button', { name: 'Choose again' }));
    const sheet = await screen.findByRole('dialog', { name: 'Investable assets' });
    expect(within(sheet).getAllByRole('button').filter((b) => b.closest('li'))).toHaveLength(2);
  });

  test.each([
    ['1', false],
    ['2', true],
    ['2,3', true],
  ])('financialStatus %s: a mortgaged home offered: %s', async (status, mortgaged) => {
    api(app('hk', { JOBSTATUS: retired(status) }));
    renderPage();
    await ready();
    const group = screen.getByRole('radiogroup', { name: 'Where you live' });
    expect(within(group).queryByRole('radio', { name: 'Own home with a mortgage' }) !== null).toBe(mortgaged);
    expect(within(group).getAllByRole('radio')).toHaveLength(mortgaged ? 5 : 4);
  });

  test('a complete page saves exactly the FINANCE data and goes on', async () => {
    const a = api(app('hk', { JOBSTATUS: EMPLOYED }));
    const { user } = renderPage();
    await ready();
    await user.click(within(funds()).getByRole('checkbox', { name: 'Investment gains' }));
    await choose(user, 'Annual income', 'HK$500,000 – HK$1,000,000');
    await choose(user, 'Net assets', 'HK$5,000,000 – HK$10,000,000');
    await choose(user, 'Investable assets', 'HK$1,000,000 – HK$5,000,000');
    await choose(user, 'Average amount invested a year', 'HK$1,000,000 – HK$3,000,000');
    await user.click(next());
    // the housing is missing: it is marked and focused, nothing is saved
    await waitFor(() => expect(screen.getAllByRole('radio')[0]).toHaveFocus());
    expect(savesOf(a)).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: 'Rented home' }));
    await pause();
    await user.click(next());
    await waitFor(() => expect(currentLocation()).toBe('/Investment'));
    expect(savesOf(a)).toHaveLength(1);
    expect(savesOf(a)[0]).toMatchObject({ currentStep: 'FINANCE' });
    expect(savesOf(a)[0].data).toEqual({
      financialInfo: { fundsSource: '1,4', annualIncome: '3', netAsset: '3', currentAsset: '2', annualAverageInvestAmount: '2', houseType: '3' },
    });
  });

  test('no fund source ticked: the message, and Next focuses the group', async () => {
    api(app('hk', { JOBSTATUS: EMPLOYED, drafts: { FINANCE: { financialInfo: { fundsSource: '1', annualIncome: '1', netAsset: '1', currentAsset: '1', annualAverageInvestAmount: '1', houseType: '5' } } } }));
    const { user } = renderPage();
    await ready();
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(within(funds()).getByRole('checkbox', { name: 'Salary or business income' }));
    expect(funds()).toHaveAccessibleDescription(/Choose at least one/);
    await user.click(next());
    await waitFor(() => expect(within(funds()).getAllByRole('checkbox')[0]).toHaveFocus());
    expect(currentLocation()).toBe('/Finance');
  });

  test('the saved step comes back; answers no longer offered start empty', async () => {
    api(
      app('hk', {
        JOBSTATUS: retired('1'),
        FINANCE: { financialInfo: { fundsSource: '1,2', annualIncome: '2', netAsset: '2', currentAsset: '2', annualAverageInvestAmount: '6', houseType: '4' } },
      }),
    );
    renderPage('zh-TW');
    await screen.findByRole('button', { name: /^年收入 / });
    const group = screen.getByRole('group', { name: '開戶資金來源' });
    expect(within(group).getByRole('checkbox', { name: '個人儲蓄' })).toBeChecked();
    expect(screen.getByRole('button', { name: /^資產淨值 / })).toHaveTextContent('100萬-500萬港元');
    expect(screen.getByRole('button', { name: /^每年平均投資金額 / })).toHaveTextContent('1000萬港元以上');
    expect(within(screen.getByRole('radiogroup', { name: '住屋類型' })).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      '宿舍',
      '與親友同住',
      '租住',
      '自置物業（沒有按揭）',
    ]);
    for (const r of screen.getAllByRole('radio')) expect(r).not.toBeChecked();
  });

  test('a failed save toasts the service message and shows its field issue', async () => {
    api(app('hk', { JOBSTATUS: EMPLOYED, drafts: { FINANCE: { financialInfo: { fundsSource: '1', annualIncome: '1', netAsset: '1', currentAsset: '1', annualAverageInvestAmount: '1', houseType: '5' } } } }), {
      applyUpdate: () => {
        throw new ApiError(100400, 'Some fields are not valid', { issues: [{ path: 'data.financialInfo.currentAsset', message: 'assetsInverted' }] }, 400);
      },
    });
    const { user } = renderPage();
    await ready();
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    expect(await screen.findByText('Some fields are not valid')).toBeInTheDocument();
    expect(field('Investable assets')).toHaveAccessibleDescription(/Net assets cannot be lower than investable assets/);
    expect(currentLocation()).toBe('/Finance');
  });
});
