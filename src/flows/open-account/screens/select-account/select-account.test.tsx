/**
 * /selectAccount through the screen: roles and labels only, the api faked at callApi.
 */
jest.mock('@core/api/client');
jest.mock('@core/api/upload', () => ({ uploadFile: jest.fn(async () => ({ ossId: 'evsel000001', ossUrl: '/x?ossid=evsel000001' })) }));

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, format, parseISO, subYears } from 'date-fns';
import { ApiError } from '@core/api/api-error';
import type { ApplicationView } from '@core/domain/contract';
import { todayInHongKong } from '@core/domain/identity';
import { installFakeApi, type FakeApiHandlers } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import { toast } from '@core/ui/toast';
import SelectAccountScreen from './SelectAccountScreen';

jest.setTimeout(30000);

const CONFIG = makeClientConfig();

/** The birthday of someone `age` today (`days` later: one day short of it). */
const birthdayFor = (age: number, days = 0) => format(addDays(subYears(parseISO(todayInHongKong()), age), days), 'yyyy-MM-dd');

interface AppOptions {
  clientType?: 'cn' | 'hk';
  birthday?: string;
  permanent?: 1 | 2;
  data?: Record<string, unknown>;
  aecode?: string | null;
  channel?: string | null;
}

function app({ clientType = 'hk', birthday = birthdayFor(40), permanent = 1, data = {}, aecode = null, channel = null }: AppOptions = {}): ApplicationView {
  const identity =
    clientType === 'cn'
      ? { IDCARD: { birthday, idNumber: '110101199001011234' } }
      : { HK_IDCARD: { permanentResident: permanent, idCountry: 'HK', idNumber: 'A1234563' }, USERINFO: { birthday } };
  return makeApplication({ clientType, aecode, channel, data: { ...identity, JOBSTATUS: { employmentInfo: { degree: '4', employment: '1' } }, ...data } });
}

function api(application: ApplicationView, over: FakeApiHandlers = {}) {
  return installFakeApi({
    clientConfig: () => CONFIG,
    applyDetail: () => application,
    applyUpdate: (p: { currentStep: string; data: Record<string, unknown> }) => ({
      application: { ...application, data: { ...application.data, [p.currentStep]: p.data } },
      nextStep: 'IDENTITYEXPOSURE',
    }),
    ...over,
  });
}

const renderPage = (lang: 'en' | 'zh-CN' | 'zh-TW' = 'en') => renderScreenAt('/selectAccount', <SelectAccountScreen />, { lang });
const next = () => screen.getByRole('button', { name: 'Next' });
const margin = () => screen.getByRole('radio', { name: 'Margin account Recommended' });
const cash = () => screen.queryByRole('radio', { name: 'Cash account' });
const optionsBox = () => screen.queryByRole('checkbox', { name: /Hong Kong stock options/ });
const seniorNotice = () => screen.queryByRole('note', { name: 'Before you choose margin (investors aged 65 to 75)' });
const savesOf = (a: ReturnType<typeof api>) =>
  (a.calls('applyUpdate') as { currentStep: string; draft?: boolean; data: Record<string, unknown> }[]).filter((c) => !c.draft);
const waitDebounce = () => act(async () => new Promise((r) => setTimeout(r, 1100)));

/** Next, then Confirm in the cannot-change dialog; the saved data. */
async function saveWith(user: ReturnType<typeof renderPage>['user'], a: ReturnType<typeof api>) {
  await user.click(next());
  const dialog = await screen.findByRole('dialog', { name: 'Confirm the account type' });
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(savesOf(a)).toHaveLength(1));
  return savesOf(a)[0];
}

beforeEach(() => toast.clear());

describe('/selectAccount', () => {
  test('margin is recommended and the cash card waits behind "view more"; 5 of 6', async () => {
    api(app());
    const { user } = renderPage();
    expect(await screen.findByRole('radio', { name: 'Margin account Recommended' })).not.toBeChecked();
    expect(margin()).toHaveAccessibleDescription(/borrow against your holdings/);
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuetext', '5 of 6');
    expect(cash()).not.toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'View more account types' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(cash()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View more account types' })).not.toBeInTheDocument();
  });

  test('Next without an account type asks for one and saves nothing', async () => {
    const a = api(app());
    const { user } = renderPage();
    await screen.findByRole('radio', { name: 'Margin account Recommended' });
    expect(next()).toBeEnabled();
    await user.click(next());
    // the type is marked, its first card focused, and the toast says one field needs attention
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Margin account Recommended' })).toHaveFocus());
    expect(screen.getByRole('radiogroup', { name: 'Account type' })).toHaveAccessibleDescription('Please choose');
    expect(toast.current()?.message).toBe('1 field needs your attention');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(savesOf(a)).toHaveLength(0);
  });

  test.each([
    ['64 (65 tomorrow)', birthdayFor(65, 1), false],
    ['65 today', birthdayFor(65), true],
    ['75', birthdayFor(75), true],
    ['75, 76 tomorrow', birthdayFor(76, 1), true],
    ['30', birthdayFor(30), false],
  ])('aged %s (born %s): cash card open without "view more" and the senior notice on margin: %s', async (_label, birthday, senior) => {
    api(app({ birthday }));
    const { user } = renderPage();
    await screen.findByRole('radio', { name: 'Margin account Recommended' });
    expect(!!cash()).toBe(senior);
    expect(!!screen.queryByRole('button', { name: 'View more account types' })).toBe(!senior);
    expect(seniorNotice()).not.toBeInTheDocument();
    await user.click(margin());
    expect(!!seniorNotice()).toBe(senior);
    if (senior) {
      expect(seniorNotice()).toHaveTextContent('you can lose more than you put in');
      await user.click(cash()!);
      expect(seniorNotice()).not.toBeInTheDocument();
    }
  });

  test('the mainland senior applicant (ID card birthday) also sees the cash card and the notice', async () => {
    api(app({ clientType: 'cn', birthday: birthdayFor(70) }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Margin account Recommended' }));
    expect(cash()).toBeInTheDocument();
    expect(seniorNotice()).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuetext', '4 of 5');
  });

  test('a saved cash choice opens the cash card, checked', async () => {
    api(app({ data: { SELECTACCOUNT: { accountType: 1, marketOpen: 7, openFundTrade: 1, openDerivative: 0 } } }));
    renderPage();
    await waitFor(() => expect(cash()).toBeChecked());
    expect(margin()).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Open fund trading/ })).toBeChecked();
  });

  test('HK, US and stock-connect are on and cannot be changed: a tap says so', async () => {
    api(app());
    const { user } = renderPage();
    await screen.findByRole('radio', { name: 'Margin account Recommended' });
    for (const name of ['Hong Kong stocks', 'US stocks', 'China A-shares (Stock Connect)']) {
      const box = screen.getByRole('checkbox', { name });
      expect(box).toBeChecked();
      expect(box).toHaveAttribute('aria-disabled', 'true');
    }
    toast.clear();
    await user.click(screen.getByRole('checkbox', { name: 'US stocks' }));
    expect(await screen.findByText('The market type cannot be changed')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'US stocks' })).toBeChecked();
  });

  test.each([
    ['a mainland applicant', { clientType: 'cn' as const }],
    ['a non-permanent Hong Kong resident', { permanent: 2 as const }],
  ])('stock-connect is hidden for %s, and the cash mask is HK + US', async (_label, opts) => {
    const a = api(app(opts));
    const { user } = renderPage();
    await screen.findByRole('radio', { name: 'Margin account Recommended' });
    expect(screen.queryByRole('checkbox', { name: 'China A-shares (Stock Connect)' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Hong Kong stocks' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'View more account types' }));
    await user.click(cash()!);
    const saved = await saveWith(user, a);
    expect(saved).toMatchObject({ currentStep: 'SELECTACCOUNT' });
    expect(saved.data).toEqual({ accountType: 1, marketOpen: 3, openFundTrade: 0, openDerivative: 0 });
  });

  test('options are hidden for cash and offered on margin; switching back to cash unticks them', async () => {
    api(app({ data: { INVESTMENT: { openDerivative: 1 } } }));
    const { user } = renderPage();
    await screen.findByRole('radio', { name: 'Margin account Recommended' });
    expect(optionsBox()).not.toBeInTheDocument();
    await user.click(margin());
    expect(optionsBox()).not.toBeChecked();
    await user.click(optionsBox()!);
    expect(optionsBox()).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'View more account types' }));
    await user.click(cash()!);
    expect(optionsBox()).not.toBeInTheDocument();
    await user.click(margin());
    expect(optionsBox()).not.toBeChecked();
  });

  test('with the investment step\'s derivatives answer, options tick directly: margin, HK + US + stock-connect + options', async () => {
    const a = api(app({ data: { INVESTMENT: { openDerivative: 1 } } }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Margin account Recommended' }));
    await user.click(optionsBox()!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const saved = await saveWith(user, a);
    expect(saved.data).toEqual({ accountType: 2, marketOpen: 1 | 2 | 4 | 16, openFundTrade: 0, openDerivative: 1 });
    await waitFor(() => expect(currentLocation()).toBe('/disclosure'));
  });

  test('without it, options open the derivatives dialog; closing it unticks options with a message', async () => {
    const a = api(app());
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Margin account Recommended' }));
    await user.click(optionsBox()!);
    const dialog = await screen.findByRole('dialog', { name: 'Derivatives information' });
    expect(optionsBox()).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Derivatives information' })).not.toBeInTheDocument());
    expect(await screen.findByText('Options need derivatives information: options were not selected')).toBeInTheDocument();
    expect(optionsBox()).not.toBeChecked();
    const saved = await saveWith(user, a);
    expect(saved.data).toEqual({ accountType: 2, marketOpen: 7, openFundTrade: 0, openDerivative: 0 });
  });

  test('the dialog\'s answers are kept in the step: options on, derivativeInfo version 2', async () => {
    const a = api(app());
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Margin account Recommended' }));
    await user.click(optionsBox()!);
    const dialog = await screen.findByRole('dialog', { name: 'Derivatives information' });
    const done = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(done).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /I understand the features and risks/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have work experience related to derivatives' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have traded derivative products' }));
    await user.click(within(dialog).getByRole('radio', { name: 'A seminar held by a financial institution' }));
    await waitFor(() => expect(done).toBeEnabled());
    await user.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Derivatives information' })).not.toBeInTheDocument());
    expect(optionsBox()).toBeChecked();
    const saved = await saveWith(user, a);
    expect(saved.data).toMatchObject({ accountType: 2, marketOpen: 23, openFundTrade: 0, openDerivative: 1 });
    expect(saved.data.derivativeInfo).toMatchObject({
      version: 2,
      derivative: { title: 'intend', checked: 1 },
      risk: 1,
      trainingCourse: { checked: 1, selectIndex: '1', selectContent: 'seminar' },
      experienceRelated: { checked: 0 },
      derivativeProducts: { checked: 0 },
    });
    expect(saved.data).not.toHaveProperty('derivativeEvidence');
  });

  test("the dialog's evidence file (issue 41) is kept in the step with its answers", async () => {
    const a = api(app());
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Margin account Recommended' }));
    await user.click(optionsBox()!);
    const dialog = await screen.findByRole('dialog', { name: 'Derivatives information' });
    await user.click(within(dialog).getByRole('checkbox', { name: /I understand the features and risks/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have work experience related to derivatives' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have traded derivative products' }));
    await user.click(within(dialog).getByRole('radio', { name: 'A seminar held by a financial institution' }));
    fireEvent.change(within(dialog).getByLabelText('Training certificate'), { target: { files: [new File([new Uint8Array(500)], 'seminar.pdf', { type: 'application/pdf' })] } });
    await within(dialog).findByText('seminar.pdf');
    const done = within(dialog).getByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(done).toBeEnabled());
    await act(async () => new Promise((r) => setTimeout(r, 1100)));
    await user.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Derivatives information' })).not.toBeInTheDocument());
    const saved = await saveWith(user, a);
    expect(saved.data.derivativeEvidence).toEqual({ trainingCourse: [expect.objectContaining({ ossId: 'evsel000001', description: 'seminar.pdf', ossCategory: 'UserApply' })] });
  });

  test('fund trading is optional', async () => {
    const a = api(app());
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Margin account Recommended' }));
    const fund = screen.getByRole('checkbox', { name: /Open fund trading/ });
    expect(fund).not.toBeChecked();
    expect(fund).toBeEnabled();
    await user.click(fund);
    const saved = await saveWith(user, a);
    expect(saved.data).toEqual({ accountType: 2, marketOpen: 7, openFundTrade: 1, openDerivative: 0 });
  });

  test('agent code B1 with the fund channel: fund trading is on and locked, with the reason', async () => {
    const a = api(app({ aecode: 'B1', channel: 'fund' }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Margin account Recommended' }));
    const fund = screen.getByRole('checkbox', { name: /Open fund trading/ });
    expect(fund).toBeChecked();
    expect(fund).toHaveAttribute('aria-disabled', 'true');
    expect(fund).toHaveAccessibleDescription('Accounts opened through this channel include fund trading: it cannot be turned off.');
    await user.click(fund);
    expect(fund).toBeChecked();
    expect(await screen.findByRole('status')).toHaveTextContent('cannot be turned off');
    const saved = await saveWith(user, a);
    expect(saved.data).toEqual({ accountType: 2, marketOpen: 7, openFundTrade: 1, openDerivative: 0 });
  });

  test.each([
    ['agent code B1 on another channel', { aecode: 'B1', channel: 'app' }],
    ['another agent code on the fund channel', { aecode: 'B2', channel: 'fund' }],
  ])('%s: fund trading stays optional', async (_label, opts) => {
    api(app(opts));
    renderPage();
    const fund = await screen.findByRole('checkbox', { name: /Open fund trading/ });
    expect(fund).not.toBeChecked();
    expect(fund).not.toHaveAttribute('aria-disabled');
  });

  test('the cannot-change dialog: Back keeps the page, Confirm saves and goes to the disclosure', async () => {
    const a = api(app());
    const { user } = renderPage('zh-TW');
    await user.click(await screen.findByRole('radio', { name: '保證金賬戶 推薦' }));
    await user.click(screen.getByRole('button', { name: '下一步' }));
    let dialog = await screen.findByRole('dialog', { name: '確認賬戶類型' });
    expect(dialog).toHaveAccessibleDescription('開戶後賬戶類型不可更改。確定開立保證金賬戶嗎？');
    await user.click(within(dialog).getByRole('button', { name: '返回' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(savesOf(a)).toHaveLength(0);
    await waitDebounce();
    await user.click(screen.getByRole('button', { name: '下一步' }));
    dialog = await screen.findByRole('dialog', { name: '確認賬戶類型' });
    await user.click(within(dialog).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(currentLocation()).toBe('/disclosure'));
    expect(savesOf(a)[0].data).toEqual({ accountType: 2, marketOpen: 7, openFundTrade: 0, openDerivative: 0 });
  });

  test('a draft is restored; options kept without derivatives information are dropped', async () => {
    api(app({ data: { drafts: { SELECTACCOUNT: { accountType: 2, marketOpen: 23, openFundTrade: 1, openDerivative: 1 } } } }));
    renderPage();
    await waitFor(() => expect(margin()).toBeChecked());
    expect(optionsBox()).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Open fund trading/ })).toBeChecked();
    expect(next()).toBeEnabled();
  });

  test('a refused save shows the service message and the field issue on the markets', async () => {
    api(app({ data: { INVESTMENT: { openDerivative: 1 } } }), {
      applyUpdate: () => {
        throw new ApiError(100400, 'Some fields are not valid', { issues: [{ path: 'data.marketOpen', message: 'derivativeInfo' }] }, 400);
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Margin account Recommended' }));
    await user.click(optionsBox()!);
    await user.click(next());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Some fields are not valid')).toBeInTheDocument();
    expect(optionsBox()).toHaveAccessibleDescription('Please complete the derivatives questions first');
    expect(currentLocation()).toBe('/selectAccount');
  });
});
