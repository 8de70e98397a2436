/**
 * /disclosure through the screen: roles and labels only, the api faked at callApi.
 */
jest.mock('@core/api/client');

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import type { ApplicationView } from '@core/domain/contract';
import { DISCLOSURE_ITEMS } from '@core/domain/profile';
import { installFakeApi, type FakeApiHandlers } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import { toast } from '@core/ui/toast';
import DisclosureScreen from './DisclosureScreen';

jest.setTimeout(30000);

const CONFIG = makeClientConfig();
const DAY = 86_400_000;

function app({ clientType = 'hk', accountType = 2 as number | null, data = {} as Record<string, unknown> } = {}): ApplicationView {
  const account = accountType === null ? {} : { SELECTACCOUNT: { accountType, marketOpen: 7, openFundTrade: 0, openDerivative: 0 } };
  return makeApplication({ clientType: clientType as 'cn' | 'hk', data: { ...account, ...data } });
}
/** A saved IDENTITYEXPOSURE confirmed `ago` ms before now. */
const confirmedAgo = (ago: number) => ({ IDENTITYEXPOSURE: { frontInfo: { RAW_amlConfirmInfoTime: new Date(Date.now() - ago).toISOString() } } });

function api(application: ApplicationView, over: FakeApiHandlers = {}) {
  return installFakeApi({
    clientConfig: () => CONFIG,
    applyDetail: () => application,
    applyAmlCheck: () => ({ hitStatus: 0, amlInfoId: 'AML0001' }),
    applyUpdate: (p: { currentStep: string; data: Record<string, unknown> }) => ({
      application: { ...application, data: { ...application.data, [p.currentStep]: p.data } },
      nextStep: 'TAXINFO',
    }),
    ...over,
  });
}

const renderPage = (lang: 'en' | 'zh-CN' | 'zh-TW' = 'en') => renderScreenAt('/disclosure', <DisclosureScreen />, { lang });
const items = () => screen.getAllByRole('radiogroup');
const savesOf = (a: ReturnType<typeof api>) =>
  (a.calls('applyUpdate') as { currentStep: string; draft?: boolean; data: Record<string, unknown> }[]).filter((c) => !c.draft);
const answerAll = async (user: ReturnType<typeof renderPage>['user'], answer = 'Yes, true') => {
  for (const group of items()) await user.click(within(group).getByRole('radio', { name: answer }));
};
const yesInfo = (n: number) => Object.fromEntries(DISCLOSURE_ITEMS.slice(0, n).map((title, i) => [String(i + 1), { title, value: 'yes' }]));

beforeEach(() => toast.clear());
afterEach(() => jest.useRealTimers());

describe('/disclosure', () => {
  test('"all the statements below are true" answers every item (each still recorded, each can still be changed)', async () => {
    const a = api(app({ accountType: 1, data: confirmedAgo(DAY) }));
    const { user } = renderPage();
    await screen.findByRole('radiogroup', { name: /I am not a US person/ });
    const all = screen.getByRole('checkbox', { name: 'All the statements below are true of me' });
    await user.click(all);
    for (const group of items()) expect(within(group).getByRole('radio', { name: 'Yes, true' })).toBeChecked();
    expect(all).toBeChecked();
    await user.click(within(items()[2]).getByRole('radio', { name: 'No, not true' }));
    expect(all).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'I understand' }));
    await user.click(within(items()[2]).getByRole('radio', { name: 'Yes, true' }));
    expect(all).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(savesOf(a)).toHaveLength(1));
    expect(savesOf(a)[0].data.identityExposureInfo).toEqual(yesInfo(6));
  });

  test('a cash account answers items 1-6; 5 of 6', async () => {
    const a = api(app({ accountType: 1, data: confirmedAgo(DAY) }));
    const { user } = renderPage();
    await screen.findByRole('radiogroup', { name: /I am not a US person/ });
    expect(items()).toHaveLength(6);
    expect(screen.queryByRole('radiogroup', { name: /35% or more/ })).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuetext', '5 of 6');
    for (const group of items()) {
      expect(within(group).getByRole('radio', { name: 'Yes, true' })).not.toBeChecked();
      expect(within(group).getByRole('radio', { name: 'No, not true' })).not.toBeChecked();
    }
    // Next with nothing answered: every item is marked, the first one focused, no screening is run
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const first = within(items()[0]).getByRole('radio', { name: 'Yes, true' });
    await waitFor(() => expect(first).toHaveFocus());
    for (const group of items()) expect(group).toHaveAccessibleDescription('Required');
    expect(toast.current()?.message).toBe('6 fields need your attention');
    expect(a.calls('applyAmlCheck')).toHaveLength(0);
  });

  test('before an account type is saved, items 1-6', async () => {
    api(app({ accountType: null, data: confirmedAgo(DAY) }));
    renderPage();
    await screen.findByRole('radiogroup', { name: /I am not a US person/ });
    expect(items()).toHaveLength(6);
  });

  test('a margin account answers items 1-13, the margin ones under their own heading', async () => {
    api(app({ accountType: 2, data: confirmedAgo(DAY) }));
    renderPage('zh-CN');
    await screen.findByRole('radiogroup', { name: /本人并非美国人士/ });
    expect(items()).toHaveLength(13);
    const marginGroup = screen.getByRole('region', { name: '保证金账户声明' });
    expect(within(marginGroup).getAllByRole('radiogroup')).toHaveLength(7);
    expect(within(marginGroup).getByRole('radiogroup', { name: /35%/ })).toBeInTheDocument();
  });

  test('Next counts down 3 seconds from the opening when there is no earlier confirmation; a tap meanwhile says why it waits', async () => {
    jest.useFakeTimers();
    const a = api(app({ accountType: 1 }));
    renderPage();
    const first = await screen.findByRole('button', { name: 'Next (3)' });
    expect(first).toBeEnabled();
    // fireEvent: user-event's own delays do not run under Jest's modern fake timers
    for (const group of items()) fireEvent.click(within(group).getByRole('radio', { name: 'Yes, true' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next (3)' }));
    expect(toast.current()?.message).toBe('Please take a moment to read the statements: Next is available in 3 seconds');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Next (2)' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Next (1)' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(a.calls('applyAmlCheck')).toHaveLength(0);
  });

  test.each([
    ['8 days ago', 8 * DAY, true],
    ['7 days and a minute ago', 7 * DAY + 60_000, true],
    ['6 days ago', 6 * DAY, false],
    ['an hour ago', 3_600_000, false],
  ])('a confirmation %s (%i ms before now): countdown %s', async (_label, ago, countdown) => {
    api(app({ accountType: 1, data: confirmedAgo(ago) }));
    renderPage();
    await screen.findByRole('radiogroup', { name: /I am not a US person/ });
    expect(!!screen.queryByRole('button', { name: 'Next (3)' })).toBe(countdown);
    expect(!!screen.queryByRole('button', { name: 'Next' })).toBe(!countdown);
  });

  test.each([
    ['today', 3_600_000, false],
    ['8 days ago', 8 * DAY, true],
  ])('a mainland ID card confirmed %s counts as the last confirmation: countdown %s', async (_label, ago, countdown) => {
    api(app({ accountType: 1, data: { IDCARD: { frontInfo: { RAW_amlConfirmInfoTime: new Date(Date.now() - ago).toISOString() } } } }));
    renderPage();
    await screen.findByRole('radiogroup', { name: /I am not a US person/ });
    expect(!!screen.queryByRole('button', { name: 'Next (3)' })).toBe(countdown);
  });

  test('"No" on the US-person item: the US message; the answer stays No and Next marks it and focuses it', async () => {
    api(app({ accountType: 1, data: confirmedAgo(DAY) }));
    const { user } = renderPage();
    await screen.findByRole('radiogroup', { name: /I am not a US person/ });
    await answerAll(user);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    const us = screen.getByRole('radiogroup', { name: /I am not a US person/ });
    await user.click(within(us).getByRole('radio', { name: 'No, not true' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'US persons open offline' });
    expect(dialog).toHaveAccessibleDescription(/US persons \(US citizens, green card holders and US tax residents\) cannot open an account online/);
    expect(within(dialog).getByRole('link', { name: '+852 2800 1234' })).toHaveAttribute('href', 'tel:+85228001234');
    await user.click(within(dialog).getByRole('button', { name: 'I understand' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(us).getByRole('radio', { name: 'No, not true' })).toBeChecked();
    expect(us).toHaveAccessibleDescription('US persons cannot open an account online. Please contact customer service to open offline.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(us).getByRole('radio', { name: 'Yes, true' })).toHaveFocus());
    expect(toast.current()?.message).toBe('1 field needs your attention');
    await user.click(within(us).getByRole('radio', { name: 'Yes, true' }));
    expect(us).not.toHaveAccessibleDescription();
  });

  test.each(DISCLOSURE_ITEMS.map((key, i) => [i + 1, key] as const).filter(([n]) => n > 1))('"No" on item %i (%s): the offline-opening message', async (n) => {
    api(app({ clientType: 'cn', accountType: 2, data: confirmedAgo(DAY) }));
    const { user } = renderPage();
    await screen.findByRole('radiogroup', { name: /I am not a US person/ });
    await answerAll(user);
    await user.click(within(items()[n - 1]).getByRole('radio', { name: 'No, not true' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Please open your account offline' });
    expect(dialog).toHaveAccessibleDescription(/Please contact customer service to open your account offline/);
    expect(within(dialog).getByRole('link', { name: '400 800 1234' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I understand' }));
    expect(items()[n - 1]).toHaveAccessibleDescription(/Online opening is not available for this answer/);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  test('all yes, no AML hit: ApplyAmlCheck, then the save with the answers, the check id and the confirmation time', async () => {
    const a = api(app({ accountType: 1, data: confirmedAgo(DAY) }));
    const { user } = renderPage();
    await screen.findByRole('radiogroup', { name: /I am not a US person/ });
    await answerAll(user);
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentLocation()).toBe('/TaxInfo'));
    expect(a.calls('applyAmlCheck')).toEqual([{ appId: expect.any(String) }]);
    expect((a.calls('applyAmlCheck')[0] as { appId: string }).appId).toMatch(/^APP/);
    const saved = savesOf(a);
    expect(saved).toHaveLength(1);
    expect(saved[0].currentStep).toBe('IDENTITYEXPOSURE');
    expect(saved[0].data).toEqual({
      identityExposureInfo: yesInfo(6),
      amlInfoId: 'AML0001',
      frontInfo: { RAW_amlConfirmInfoTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) },
    });
    const time = Date.parse((saved[0].data.frontInfo as { RAW_amlConfirmInfoTime: string }).RAW_amlConfirmInfoTime);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });

  test('an AML hit: the three confirmations must all be ticked; cancel saves nothing; confirm saves them', async () => {
    const a = api(app({ accountType: 2, data: confirmedAgo(DAY) }), { applyAmlCheck: () => ({ hitStatus: 1, amlInfoId: 'AMLHIT9' }) });
    const { user } = renderPage('zh-TW');
    const nextZh = () => screen.getByRole('button', { name: '下一步' });
    await screen.findByRole('radiogroup', { name: /本人並非美國人士/ });
    await answerAll(user, '是，屬實');
    await user.click(nextZh());
    let dialog = await screen.findByRole('dialog', { name: '確認您的身份' });
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(savesOf(a)).toHaveLength(0);

    await act(async () => new Promise((r) => setTimeout(r, 1100))); // the Next debounce
    await user.click(nextZh());
    dialog = await screen.findByRole('dialog', { name: '確認您的身份' });
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    expect(within(dialog).getByRole('checkbox', { name: '本人並非監察名單上所列人士。' })).not.toBeChecked();
    const ok = within(dialog).getByRole('button', { name: '確認' });
    await user.click(boxes[0]);
    await user.click(boxes[1]);
    expect(ok).toBeDisabled();
    await user.click(boxes[2]);
    expect(ok).toBeEnabled();
    await user.click(ok);
    await waitFor(() => expect(savesOf(a)).toHaveLength(1));
    expect(a.calls('applyAmlCheck')).toHaveLength(2);
    expect(savesOf(a)[0].data).toEqual({
      identityExposureInfo: yesInfo(13),
      amlInfoId: 'AMLHIT9',
      amlConfirmInfo: [
        { index: 1, title: 'notListedPerson', value: 'yes', checked: 1 },
        { index: 2, title: 'noSanctions', value: 'yes', checked: 1 },
        { index: 3, title: 'truthful', value: 'yes', checked: 1 },
      ],
      frontInfo: { RAW_amlConfirmInfoTime: expect.any(String) },
    });
    await waitFor(() => expect(currentLocation()).toBe('/TaxInfo'));
  });

  test('a failed AML check goes to the error handler (a toast) and saves nothing', async () => {
    const a = api(app({ accountType: 1, data: confirmedAgo(DAY) }), {
      applyAmlCheck: () => {
        throw new ApiError(100500, 'Screening is unavailable', undefined, 500);
      },
    });
    const { user } = renderPage();
    await screen.findByRole('radiogroup', { name: /I am not a US person/ });
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('status')).not.toBeEmptyDOMElement());
    expect(savesOf(a)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/disclosure');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  test('a refused save shows the service message and the item issue', async () => {
    api(app({ accountType: 1, data: confirmedAgo(DAY) }), {
      applyUpdate: () => {
        throw new ApiError(100400, 'Some fields are not valid', { issues: [{ path: 'data.identityExposureInfo.4', message: 'offlineOpening' }] }, 400);
      },
    });
    const { user } = renderPage();
    await screen.findByRole('radiogroup', { name: /I am not a US person/ });
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Some fields are not valid')).toBeInTheDocument();
    expect(items()[3]).toHaveAccessibleDescription(/Online opening is not available for this answer/);
    expect(currentLocation()).toBe('/disclosure');
  });

  test('a draft restores its answers', async () => {
    const draft = { identityExposureInfo: { ...yesInfo(6), '2': { title: 'notIntermediaryStaff', value: 'no' } } };
    api(app({ accountType: 1, data: { ...confirmedAgo(DAY), drafts: { IDENTITYEXPOSURE: draft } } }));
    renderPage();
    await screen.findByRole('radiogroup', { name: /I am not a US person/ });
    expect(within(items()[0]).getByRole('radio', { name: 'Yes, true' })).toBeChecked();
    expect(within(items()[1]).getByRole('radio', { name: 'No, not true' })).toBeChecked();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(items()[1]).toHaveAccessibleDescription(/Online opening is not available for this answer/);
    expect(items()[0]).not.toHaveAccessibleDescription();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
