/**
 * /ProofAddress through the screen: roles and labels only, the api faked at callApi.
 */
jest.mock('@core/api/client');

import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi, type FakeApiHandlers } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import { toast } from '@core/ui';
import ProofAddressScreen from './ProofAddressScreen';

jest.setTimeout(20000);

const CONFIG = makeClientConfig();

const FILE = { ossId: 'proofFile01', url: 'https://files.example/proofFile01', description: 'bill.pdf', ossCategory: 'UserApply' };

const draft = (contact: Record<string, unknown> = {}, files: unknown[] = [FILE]) => ({
  contactInfo: {
    residentialAddressCountry: 'GB',
    residentialAddressCity: 'London',
    residentialAddress: 'Flat 1\n10 Downing Street',
    mailingSameResidential: 1,
    ...contact,
  },
  documentInfo: { proofOfAddress: files },
});

function app(data: Record<string, unknown> = {}): ApplicationView {
  return makeApplication({ clientType: 'hk', applyStepsName: ['HK_IDCARD', 'USERINFO', 'PROOFADDRESS', 'JOBSTATUS'], data });
}

function api(application: ApplicationView, over: FakeApiHandlers = {}) {
  return installFakeApi({
    clientConfig: () => CONFIG,
    applyDetail: () => application,
    applyUpdate: (p: { currentStep: string; data: Record<string, unknown> }) => ({
      application: { ...application, data: { ...application.data, [p.currentStep]: p.data } },
      nextStep: 'JOBSTATUS',
    }),
    signedUrl: () => ({ url: FILE.url }),
    ...over,
  });
}

function renderPage(lang: 'en' | 'zh-CN' | 'zh-TW' = 'en') {
  return renderScreenAt('/ProofAddress', <ProofAddressScreen />, { lang });
}

const next = () => screen.getByRole('button', { name: 'Next' });
const savesOf = (a: ReturnType<typeof api>) =>
  (a.calls('applyUpdate') as { currentStep: string; draft?: boolean; data: Record<string, unknown> }[]).filter((c) => !c.draft);

beforeEach(() => {
  toast.clear();
});

describe('/ProofAddress', () => {
  test('step 3 of 6; the box starts ticked; Next on an empty page marks the fields and focuses the first', async () => {
    const a = api(app());
    const { user } = renderPage();
    expect(await screen.findByLabelText('Residential address')).toHaveValue('');
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuetext', '3 of 6');
    expect(screen.getByRole('checkbox', { name: 'My mailing address is the same as my residential address' })).toBeChecked();
    expect(screen.getByText(/Dated within the last 3 months/)).toBeInTheDocument();
    await user.click(next());
    const country = screen.getByRole('button', { name: /^Country or region of residence/ });
    await waitFor(() => expect(country).toHaveFocus());
    expect(country).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(screen.getByLabelText('Residential address')).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(savesOf(a)).toHaveLength(0);
  });

  test('without a proof file Next marks the uploader and focuses it; a city is required outside HK and MO', async () => {
    const a = api(app({ drafts: { PROOFADDRESS: draft({}, []) } }));
    const { user } = renderPage();
    const city = await screen.findByLabelText('City');
    expect(city).toBeRequired();
    expect(screen.getByText('0 of 3 files')).toBeInTheDocument();
    await user.click(next()); // no file
    await waitFor(() => expect(screen.getByLabelText('Proof of address', { exact: true })).toHaveFocus());
    expect(screen.getByText('Please upload a file')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(savesOf(a)).toHaveLength(0);
    await user.clear(city);
    await user.tab();
    expect(city).toHaveAccessibleDescription(expect.stringContaining('Required'));
  });

  test('a city with digits shows the rule; Next then focuses the city', async () => {
    api(app({ drafts: { PROOFADDRESS: draft() } }));
    const { user } = renderPage();
    const city = await screen.findByLabelText('City');
    await waitFor(() => expect(next()).toBeEnabled());
    await user.type(city, ' 2');
    await user.tab();
    expect(city).toHaveAccessibleDescription(expect.stringContaining('The city may contain letters and Chinese characters only'));
    await user.click(next());
    await waitFor(() => expect(city).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('HK needs no city', async () => {
    api(app({ drafts: { PROOFADDRESS: draft({ residentialAddressCountry: 'HK', residentialAddressCity: '' }) } }));
    renderPage();
    expect(await screen.findByLabelText('City')).not.toBeRequired();
    await waitFor(() => expect(next()).toBeEnabled());
  });

  test('unticking the box shows where a different mailing address is changed; Next marks the box and focuses it', async () => {
    api(app({ drafts: { PROOFADDRESS: draft() } }));
    const { user } = renderPage();
    const box = await screen.findByRole('checkbox', { name: 'My mailing address is the same as my residential address' });
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(box);
    const tip = screen.getByRole('note', { name: '' });
    expect(tip).toHaveTextContent('change it after your account is opened');
    expect(within(tip).getByRole('link', { name: '+852 2800 1234' })).toHaveAttribute('href', 'tel:+85228001234');
    await user.click(next());
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveAccessibleDescription('Please tick to confirm');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(box);
    expect(box).not.toHaveAccessibleDescription();
  });

  test('Next shows the full address to confirm; Edit goes back; Confirm saves the exact PROOFADDRESS data', async () => {
    const a = api(app({ drafts: { PROOFADDRESS: draft() } }));
    const { user } = renderPage();
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    let dialog = await screen.findByRole('dialog', { name: 'Confirm your residential address' });
    expect(within(dialog).getByText('United Kingdom')).toBeInTheDocument();
    expect(within(dialog).getByText('London')).toBeInTheDocument();
    expect(within(dialog).getByText(/Flat 1\s+10 Downing Street/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(savesOf(a)).toHaveLength(0);

    await act(async () => new Promise((r) => setTimeout(r, 1100))); // the Next debounce
    await user.click(next());
    dialog = await screen.findByRole('dialog', { name: 'Confirm your residential address' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(currentLocation()).toBe('/jobStatus'));
    expect(savesOf(a)).toHaveLength(1);
    expect(savesOf(a)[0]).toMatchObject({ currentStep: 'PROOFADDRESS' });
    expect(savesOf(a)[0].data).toEqual({
      contactInfo: {
        residentialAddress: 'Flat 1\n10 Downing Street',
        residentialAddressCountry: 'GB',
        residentialAddressCity: 'London',
        mailingAddress: 'Flat 1\n10 Downing Street',
        mailingAddressCountry: 'GB',
        mailingAddressCity: 'London',
        mailingSameResidential: 1,
      },
      documentInfo: { proofOfAddress: [FILE] },
      w8Info: { residenceAddress: 'FLAT 1 10 DOWNING STREET' },
    });
    expect(a.calls('kycKeyValue')).toEqual([]);
  });

  test('an address with Chinese characters is rendered in English by KYCKeyValue type 4 before the save', async () => {
    const address = '深圳市福田区深南大道1号';
    const a = api(app({ drafts: { PROOFADDRESS: draft({ residentialAddressCountry: 'CN', residentialAddressCity: '深圳', residentialAddress: address }) } }), {
      kycKeyValue: () => ({ value: 'NO. 1 SHENNAN AVENUE FUTIAN DISTRICT SHENZHEN' }),
    });
    const { user } = renderPage('zh-CN');
    const nextZh = () => screen.getByRole('button', { name: '下一步' });
    await waitFor(() => expect(nextZh()).toBeEnabled());
    await user.click(nextZh());
    const dialog = await screen.findByRole('dialog', { name: '确认住址' });
    expect(within(dialog).getByText('中国')).toBeInTheDocument();
    expect(within(dialog).getByText(address)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(savesOf(a)).toHaveLength(1));
    expect(a.calls('kycKeyValue')).toEqual([{ type: 4, key: encodeURIComponent(address) }]);
    expect(savesOf(a)[0].data.w8Info).toEqual({ residenceAddress: 'NO. 1 SHENNAN AVENUE FUTIAN DISTRICT SHENZHEN' });
  });

  test('a failed save shows the service message as a toast and keeps the page', async () => {
    api(app({ drafts: { PROOFADDRESS: draft() } }), {
      applyUpdate: () => {
        throw new ApiError(100400, 'Some fields are not valid', { issues: [{ path: 'data.contactInfo.residentialAddressCity', message: 'city' }] }, 400);
      },
    });
    const { user } = renderPage();
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Some fields are not valid')).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription(expect.stringContaining('The city may contain letters and Chinese characters only'));
    expect(currentLocation()).toBe('/ProofAddress');
  });

  test('"See examples" opens the sample page with the five kinds of document', async () => {
    api(app());
    const { user } = renderPage('zh-TW');
    await user.click(await screen.findByRole('button', { name: '查看範例' }));
    const page = await screen.findByRole('dialog', { name: '可接受的住址證明' });
    expect(within(page).getAllByRole('figure')).toHaveLength(5);
    for (const name of ['持牌銀行或金融機構的結單', '信用卡月結單', '電費單', '煤氣費單', '固網電話、流動電話或寬頻賬單']) {
      expect(within(page).getByRole('figure', { name })).toBeInTheDocument();
    }
    expect(within(page).getByText(/3 個月內/)).toBeInTheDocument();
    await user.click(within(page).getByRole('button', { name: '我知道了' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
