/**
 * /sign through the screen: the api faked at callApi; the PDF sheet faked (pdf.js does not run in jsdom), its
 * title and address checked.
 */
jest.mock('@core/api/client');
jest.mock('@core/ui/pdf/PdfSheet', () => ({
  PdfSheet: (p: { url: string; title: string; onClose: () => void }) => (
    <div role="dialog" aria-label={p.title} data-url={p.url}>
      <button type="button" onClick={p.onClose}>
        close pdf
      </button>
    </div>
  ),
}));

import { screen, waitFor, within } from '@testing-library/react';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import { toast } from '@core/ui/toast';
import SignScreen from './SignScreen';

jest.setTimeout(30000);

const hk = (accountType: number, marketOpen: number, birthday = '1986-01-01', data: Record<string, unknown> = {}) =>
  makeApplication({ data: { USERINFO: { birthday }, SELECTACCOUNT: { accountType, marketOpen }, ...data } });

function api(application: ApplicationView, protocol = 0) {
  return installFakeApi({
    clientConfig: () => makeClientConfig(),
    applyDetail: () => application,
    applyProtocolStatus: () => ({ status: protocol }),
    applyAssetTransferSign: () => ({ status: 2 }),
    applyUpdate: (p: { currentStep: string; data: Record<string, unknown> }) => ({
      application: { ...application, data: { ...application.data, [p.currentStep]: p.data } },
      nextStep: 'SIGNATURE',
    }),
  });
}
const saves = (a: ReturnType<typeof api>) => (a.calls('applyUpdate') as { draft?: boolean; data: Record<string, unknown> }[]).filter((c) => !c.draft);
const renderPage = (lang: 'en' | 'zh-CN' | 'zh-TW' = 'en') => renderScreenAt('/sign', <SignScreen />, { lang });
const docs = () => within(screen.getByRole('list')).getAllByRole('button').map((b) => b.textContent);

beforeEach(() => {
  window.localStorage.setItem('openAccountSign', '1');
  toast.clear();
});
const afterCleanup: (() => void)[] = [];
afterEach(() => {
  jest.restoreAllMocks();
  afterCleanup.splice(0).forEach((f) => f());
});

describe('/sign', () => {
  test('cash, HK+US, 40: five agreements, no asset-transfer box when the status is 0', async () => {
    api(hk(1, 3));
    renderPage();
    await screen.findByRole('checkbox', { name: /I have read, understood and agree/ });
    expect(docs()).toEqual(['Client Agreement', 'Risk Disclosure Statement', 'Personal Information Collection Statement', 'Electronic Services Terms', 'Client Money Standing Authority']);
    expect(screen.queryByRole('checkbox', { name: /asset transfer/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  test('Next with the read-all box unticked: the first unread document is named, marked and focused; once all are opened, the box', async () => {
    const a = api(hk(1, 3));
    const { user } = renderPage();
    const readAll = await screen.findByRole('checkbox', { name: /I have read, understood and agree/ });
    await user.click(screen.getByRole('button', { name: /^Client Agreement/ }));
    await user.click(screen.getByRole('button', { name: 'close pdf' }));
    const next = screen.getByRole('button', { name: 'Next' });
    await user.click(next);
    const unread = screen.getByRole('button', { name: /^Risk Disclosure Statement/ });
    await waitFor(() => expect(unread).toHaveFocus());
    expect(unread).toHaveAccessibleDescription('Not read yet: please open this document and read it');
    expect(toast.current()?.message).toBe('Please read “Risk Disclosure Statement” before you go on');
    expect(readAll).toHaveAccessibleDescription('Please tick to confirm');
    await user.click(unread);
    await user.click(screen.getByRole('button', { name: 'close pdf' }));
    expect(unread).not.toHaveAccessibleDescription();
    for (const name of [/^Personal Information/, /^Electronic Services/, /^Client Money/]) {
      await user.click(screen.getByRole('button', { name }));
      await user.click(screen.getByRole('button', { name: 'close pdf' }));
    }
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 5000); // the Next button takes one press a second
    await user.click(next);
    await waitFor(() => expect(readAll).toHaveFocus());
    expect(saves(a)).toHaveLength(0);
  });

  test('margin with options at 70: eight agreements; a document opens in the page in the chosen language', async () => {
    api(hk(2, 19, '1956-03-01'));
    const { user } = renderPage('zh-TW');
    await screen.findByRole('checkbox', { name: /本人已閱讀/ });
    expect(docs()).toHaveLength(8);
    await user.click(screen.getByRole('button', { name: /美國上市期權協議/ }));
    const sheet = screen.getByRole('dialog', { name: '美國上市期權協議' });
    expect(sheet).toHaveAttribute('data-url', '/pages/static/agreements/zh-TW/usOptionsAgreement.pdf');
    await user.click(within(sheet).getByRole('button', { name: 'close pdf' }));
    expect(screen.getByRole('button', { name: /美國上市期權協議.*已打開/ })).toBeInTheDocument();
  });

  test('read-all ticked: saves the list and goes on to /signature', async () => {
    const a = api(hk(2, 3));
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: /I have read, understood and agree/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(saves(a)).toHaveLength(1));
    expect(saves(a)[0].data).toEqual({
      agreements: ['clientAgreement', 'riskDisclosureStatement', 'personalDataNotice', 'electronicServices', 'clientMoneyStandingAuthority', 'marginStandingAuthority'],
      readAll: 1,
    });
    await waitFor(() => expect(currentLocation()).toBe('/signature'));
  });

  test('the asset-transfer box offered and left unticked: the confirm dialog, then the save without signing', async () => {
    const a = api(hk(1, 3), 1);
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: /I have read, understood and agree/ }));
    expect(screen.getByRole('checkbox', { name: /asset transfer authorisation/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog', { name: 'Go on without the asset transfer authorisation?' });
    // the dialog says what the box is, not only what follows
    expect(dialog).toHaveTextContent('You have not ticked the asset transfer authorisation under the agreements. It lets us receive the stocks you hold with other brokers into this account.');
    await user.click(within(dialog).getByRole('button', { name: 'Continue without it' }));
    await waitFor(() => expect(saves(a)).toHaveLength(1));
    expect(saves(a)[0].data.assetTransfer).toBe(0);
    expect(a.calls('applyAssetTransferSign')).toHaveLength(0);
  });

  test('"Go back to the box" in the dialog: the box is scrolled to, highlighted and focused; ticking it clears the highlight', async () => {
    // jsdom has no scrollIntoView: recorded here, removed after the test
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    afterCleanup.push(() => delete (Element.prototype as Partial<Element>).scrollIntoView);
    const a = api(hk(1, 3), 1);
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: /I have read, understood and agree/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog', { name: 'Go on without the asset transfer authorisation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Go back to the box' }));
    const box = screen.getByRole('checkbox', { name: /asset transfer authorisation/ });
    await waitFor(() => expect(box).toHaveFocus());
    const area = box.closest('.esop-sign__transfer')!;
    expect(scrolled).toContain(area);
    expect(area).toHaveClass('esop-sign__transfer--pointed');
    expect(saves(a)).toHaveLength(0);
    await user.click(box);
    expect(box).toBeChecked();
    expect(area).not.toHaveClass('esop-sign__transfer--pointed');
  });

  test('the asset-transfer box links its terms: the agreement opens in the page in the chosen language', async () => {
    api(hk(1, 3), 1);
    const { user } = renderPage('zh-CN');
    await user.click(await screen.findByRole('button', { name: '阅读资产转移协议' }));
    expect(screen.getByRole('dialog', { name: '资产转移协议' })).toHaveAttribute('data-url', '/pages/static/agreements/zh-CN/assetTransferAgreement.pdf');
  });

  test('ticked: the protocol is signed first; status 2: ticked and locked', async () => {
    const a = api(hk(1, 3), 1);
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: /I have read, understood and agree/ }));
    await user.click(screen.getByRole('checkbox', { name: /asset transfer authorisation/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(saves(a)).toHaveLength(1));
    expect(a.calls('applyAssetTransferSign')).toEqual([{ authorType: 1, applyId: expect.any(String) }]);
    expect(saves(a)[0].data.assetTransfer).toBe(1);
  });

  test('status 2 shows the box ticked and locked', async () => {
    api(hk(1, 3), 2);
    renderPage();
    const box = await screen.findByRole('checkbox', { name: /asset transfer authorisation/ });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
  });

  test('the first-time notice shows once and is remembered under openAccountSign', async () => {
    window.localStorage.removeItem('openAccountSign');
    api(hk(1, 3));
    const { user } = renderPage('zh-CN');
    const notice = await screen.findByRole('alertdialog', { name: '签署前须知' });
    await user.click(within(notice).getByRole('button', { name: '我知道了' }));
    await waitFor(() => expect(window.localStorage.getItem('openAccountSign')).toBe('1'));
  });
});
