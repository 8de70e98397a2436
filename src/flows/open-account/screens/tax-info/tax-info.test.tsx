/**
 * /TaxInfo through the screen: roles and labels only; the api faked at callApi, uploads faked at uploadFile.
 */
jest.mock('@core/api/client');
import userEvent from '@testing-library/user-event';
jest.mock('@core/api/upload', () => ({ uploadFile: jest.fn() }));

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import { uploadFile } from '@core/api/upload';
import type { ApplicationView } from '@core/domain/contract';
import { STEPS_OF } from '@core/domain/steps';
import { installFakeApi, type FakeApiHandlers } from '@core/testing/fake-api';
import { makeApplication } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import { toast } from '@core/ui';
import TaxInfoScreen from './TaxInfoScreen';

jest.setTimeout(30000);

const upload = uploadFile as jest.MockedFunction<typeof uploadFile>;
let ossSeq = 0;

const CN_ID = '11010519491231002X';
const CN_ADDRESS = '北京市朝阳区建国路1号';
const HK_ID = 'A1234563';

const cnIdCard = { idNumber: CN_ID, idAddress: CN_ADDRESS, birthday: '1949-12-31', contactInfo: { residentialAddress: CN_ADDRESS } };
const hkPermanent = { permanentResident: 1, nationality: 'GB', idType: 1, idCountry: 'HK', idNumber: HK_ID };
const hkNonPermanent = {
  permanentResident: 2,
  nationality: 'SG',
  idType: 1,
  idCountry: 'HK',
  idNumber: 'Z6543210',
  idExtraInfo: { permanent: { idCountry: 'SG', idNumber: 'S1234567D' } },
};

function cnApp(data: Record<string, unknown> = {}): ApplicationView {
  return makeApplication({ clientType: 'cn', applyStepsName: [...STEPS_OF.cn], data: { IDCARD: cnIdCard, ...data } });
}
function hkApp(data: Record<string, unknown> = {}, idCard: Record<string, unknown> = hkPermanent): ApplicationView {
  return makeApplication({
    clientType: 'hk',
    applyStepsName: [...STEPS_OF.hk],
    data: { HK_IDCARD: idCard, PROOFADDRESS: { w8Info: { residenceAddress: 'FLAT 1, 10 DOWNING STREET' } }, ...data },
  });
}

function api(application: ApplicationView, over: FakeApiHandlers = {}) {
  return installFakeApi({
    applyDetail: () => application,
    applyUpdate: (p: { currentStep: string; data: Record<string, unknown> }) => ({
      application: { ...application, data: { ...application.data, [p.currentStep]: p.data } },
      nextStep: 'RISK',
    }),
    kycKeyValue: () => ({ value: 'NO. 1 JIANGUO ROAD CHAOYANG DISTRICT BEIJING' }),
    signedUrl: (p: { ossId: string }) => ({ url: `https://files.example/${p.ossId}` }),
    ...over,
  });
}

function renderPage(lang: 'en' | 'zh-CN' | 'zh-TW' = 'en') {
  return renderScreenAt('/TaxInfo', <TaxInfoScreen />, { lang });
}
type User = ReturnType<typeof renderPage>['user'];

const next = () => screen.getByRole('button', { name: 'Next' });
const row = (n: number) => screen.getByRole('region', { name: `Tax residence ${n}` });
const rowCount = () => screen.queryAllByRole('region', { name: /^Tax residence \d$/ }).length;
const countryOf = (n: number) => within(row(n)).getByRole('button', { name: /^Country or region of tax residence/ });
const numberOf = (n: number) => within(row(n)).getByLabelText('Taxpayer identification number (TIN)');
const w8 = () => screen.getByRole('region', { name: 'W-8BEN (US tax form)' });
const w8Address = () => within(w8()).getByLabelText('Permanent residence address (in English)');
const savesOf = (a: ReturnType<typeof api>) =>
  (a.calls('applyUpdate') as { currentStep: string; draft?: boolean; data: Record<string, unknown> }[]).filter((c) => !c.draft);
const png = (name: string) => new File([new Uint8Array(800)], name, { type: 'image/png', lastModified: 1700000000000 + ossSeq });

async function pickCountry(user: User, n: number, country: string) {
  await user.click(countryOf(n));
  const dialog = await screen.findByRole('dialog', { name: 'Country or region of tax residence' });
  await user.click(await within(dialog).findByRole('button', { name: country }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Country or region of tax residence' })).not.toBeInTheDocument());
}

async function uploadTo(n: number, name: string) {
  fireEvent.change(within(row(n)).getByLabelText('Proof of the tax number'), { target: { files: [png(name)] } });
  await waitFor(() => expect(within(row(n)).getByText(/^1 of 3 files$/)).toBeInTheDocument());
}

const waitDebounce = () => act(async () => new Promise((r) => setTimeout(r, 1100)));

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:local-preview'), revokeObjectURL: jest.fn() });
});

beforeEach(() => {
  toast.clear();
  window.localStorage.clear();
  window.localStorage.setItem('taxPopup', '1'); // the help was seen (its own tests clear it)
  upload.mockReset();
  upload.mockImplementation(async (_file, _name, _cat, onProgress) => {
    onProgress?.(100, 'uploading');
    const id = `oss${String(++ossSeq).padStart(6, '0')}`;
    return { ossId: id, ossUrl: `https://files.example/${id}` };
  });
});

describe('mainland applicant', () => {
  test('4 of 5; row 1 is China with the ID number, fixed, not deletable, without a document; the W-8BEN is China and the ID address in English', async () => {
    const a = api(cnApp());
    renderPage();
    expect(await screen.findByRole('region', { name: 'Tax residence 1' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuetext', '4 of 5');
    expect(rowCount()).toBe(1);
    await waitFor(() => expect(countryOf(1)).toHaveAccessibleName(/China$/));
    expect(countryOf(1)).toHaveAttribute('aria-disabled', 'true');
    expect(countryOf(1)).toHaveAccessibleDescription('Mainland China: your tax number is your resident ID card number.');
    expect(numberOf(1)).toHaveValue(CN_ID);
    expect(numberOf(1)).toHaveAttribute('readonly');
    expect(within(row(1)).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(within(row(1)).getByRole('note')).toHaveTextContent('No document needed: this number is your identity document number.');
    expect(within(row(1)).queryByLabelText('Proof of the tax number')).not.toBeInTheDocument();

    expect(within(w8()).getByRole('button', { name: /^Country or region of citizenship/ })).toHaveAccessibleName(/China$/);
    await waitFor(() => expect(w8Address()).toHaveValue('NO 1 JIANGUO ROAD CHAOYANG DISTRICT BEIJING'));
    expect(a.calls('kycKeyValue')).toEqual([{ type: 4, key: encodeURIComponent(CN_ADDRESS) }]);
    // a machine translation is marked and must be checked (or edited) before Next
    expect(w8Address()).toHaveAccessibleDescription(/Translated automatically/);
    // Next explains: the box is marked and focused, nothing is saved
    const checked = screen.getByRole('checkbox', { name: 'I have checked that this is my permanent residence address in English' });
    await userEvent.setup().click(next());
    await waitFor(() => expect(checked).toHaveFocus());
    expect(checked).toHaveAccessibleDescription('Please check the address above, then tick this box');
    expect(savesOf(a)).toHaveLength(0);
    await userEvent.setup().click(checked);
    expect(checked).not.toHaveAccessibleDescription(/tick this box/);
  });

  test.each([
    ['in Chinese (translated by machine at the proof of address): marked, to be checked', '香港灣仔港灣道88號12樓A室', 'ROOM A 88 HAO 12 LOU WANZAIGANGWAN ROAD', true],
    ['in English: taken as it is', 'Flat 1, 10 Downing Street', 'FLAT 1 10 DOWNING STREET', false],
  ])('hk: a residence given %s', async (_what, typed, english, marked) => {
    api(hkApp({ PROOFADDRESS: { contactInfo: { residentialAddress: typed }, w8Info: { residenceAddress: english } } }));
    renderPage();
    await waitFor(() => expect(w8Address()).toHaveValue(english));
    expect(!!screen.queryByRole('checkbox', { name: /I have checked/ })).toBe(marked);
  });

  test('editing the translated address makes it the applicant\'s own: no check box, Next enabled', async () => {
    api(cnApp());
    const { user } = renderPage();
    await waitFor(() => expect(w8Address()).toHaveValue('NO 1 JIANGUO ROAD CHAOYANG DISTRICT BEIJING'));
    await user.clear(w8Address());
    await user.type(w8Address(), 'FLAT 2 1 JIANGUO ROAD BEIJING');
    expect(screen.queryByRole('checkbox', { name: /I have checked/ })).not.toBeInTheDocument();
    await waitFor(() => expect(next()).toBeEnabled());
  });

  test('the tax number is cleaned as typed and cut at 18 characters; a second row needs a file; Next saves the exact TAXINFO data', async () => {
    const a = api(cnApp());
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: /I have checked/ }));
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Add a tax residence' }));
    expect(rowCount()).toBe(2);
    await waitFor(() => expect(countryOf(2)).toHaveFocus());
    await pickCountry(user, 2, 'Japan');
    await user.type(numberOf(2), 'ab-12 (3)|x中 y.z');
    expect(numberOf(2)).toHaveValue('AB12(3)|XYZ');
    await user.clear(numberOf(2));
    await user.type(numberOf(2), '1234567890abcdefghijkl');
    expect(numberOf(2)).toHaveValue('1234567890ABCDEFGH');
    expect(numberOf(2)).toHaveAccessibleDescription('Letters, digits, brackets and | only, up to 18 characters');
    await user.tab();
    // no file yet: Next marks the file field and focuses it, nothing is saved
    await user.click(next());
    await waitFor(() => expect(within(row(2)).getByLabelText('Proof of the tax number')).toHaveFocus());
    expect(within(row(2)).getByLabelText('Proof of the tax number')).toHaveAccessibleDescription(expect.stringContaining('Please upload a file'));
    expect(savesOf(a)).toHaveLength(0);
    await uploadTo(2, 'notice.png');
    await waitDebounce();
    await user.click(next());
    await waitFor(() => expect(currentLocation()).toBe('/risk'));
    expect(savesOf(a)).toHaveLength(1);
    expect(savesOf(a)[0]).toMatchObject({ currentStep: 'TAXINFO' });
    expect(savesOf(a)[0].data).toEqual({
      taxInfo: { CN: CN_ID, JP: '1234567890ABCDEFGH' },
      frontInfo: {
        RAW_taxInfo: [
          { countryCode: 'CN', taxNumber: CN_ID, taxCountry: 'CN' },
          { countryCode: 'JP', taxNumber: '1234567890ABCDEFGH', taxCountry: 'JP' },
        ],
      },
      w8Info: { country: 'CN', residenceAddress: 'NO 1 JIANGUO ROAD CHAOYANG DISTRICT BEIJING' },
      documentInfo: { idCardTaxInfo: [{ ossId: `oss${String(ossSeq).padStart(6, '0')}`, description: 'notice.png', ossCategory: 'UserApply', taxInfoCountryCode: 'JP' }] },
    });
  });

  test('a saved step is shown as saved: no translation call, files back on their row', async () => {
    const saved = {
      taxInfo: { CN: CN_ID, US: '123456789' },
      frontInfo: {
        RAW_taxInfo: [
          { countryCode: 'CN', taxNumber: CN_ID, taxCountry: 'CN' },
          { countryCode: 'US', taxNumber: '123456789', taxCountry: 'US' },
        ],
      },
      w8Info: { country: 'CN', residenceAddress: 'ROOM 1 SOME ROAD' },
      documentInfo: { idCardTaxInfo: [{ ossId: 'ossSaved01', description: 'w2.pdf', ossCategory: 'UserApply', taxInfoCountryCode: 'US' }] },
    };
    const a = api(cnApp({ TAXINFO: saved }));
    renderPage();
    expect(await screen.findByRole('region', { name: 'Tax residence 2' })).toBeInTheDocument();
    expect(numberOf(2)).toHaveValue('123456789');
    expect(within(row(2)).getByText('w2.pdf')).toBeInTheDocument();
    expect(w8Address()).toHaveValue('ROOM 1 SOME ROAD');
    await waitFor(() => expect(next()).toBeEnabled());
    expect(a.calls('kycKeyValue')).toEqual([]);
  });
});

describe('Hong Kong permanent resident', () => {
  test('5 of 6; row 1 starts as the HK ID (no document needed); the W-8BEN is the nationality and the proof-of-address line; 100 characters', async () => {
    const a = api(hkApp());
    const { user } = renderPage();
    expect(await screen.findByRole('region', { name: 'Tax residence 1' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuetext', '5 of 6');
    await waitFor(() => expect(countryOf(1)).toHaveAccessibleName(/Hong Kong, China$/));
    expect(countryOf(1)).not.toHaveAttribute('aria-disabled');
    expect(numberOf(1)).toHaveValue(HK_ID);
    expect(numberOf(1)).not.toHaveAttribute('readonly');
    expect(within(row(1)).getByRole('note')).toHaveTextContent('No document needed');
    // the only row cannot be deleted
    expect(within(row(1)).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(within(w8()).getByRole('button', { name: /^Country or region of citizenship/ })).toHaveAccessibleName(/United Kingdom$/);
    expect(w8Address()).toHaveValue('FLAT 1 10 DOWNING STREET');
    expect(a.calls('kycKeyValue')).toEqual([]);
    await waitFor(() => expect(next()).toBeEnabled());

    // another number is not the ID number: a document is needed
    await user.clear(numberOf(1));
    const long = 'x'.repeat(120);
    await user.click(numberOf(1));
    await user.paste(long);
    expect(numberOf(1)).toHaveValue('X'.repeat(100));
    expect(within(row(1)).getByLabelText('Proof of the tax number')).toBeRequired();
    expect(within(row(1)).queryByRole('note')).not.toBeInTheDocument();
    await user.click(next());
    await waitFor(() => expect(within(row(1)).getByLabelText('Proof of the tax number')).toHaveFocus());
    expect(currentLocation()).toBe('/TaxInfo');
  });

  test('rows up to 5, then the add button gives way to the limit; a listed country is refused with a toast', async () => {
    api(hkApp());
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Tax residence 1' });
    for (let n = 2; n <= 5; n++) await user.click(screen.getByRole('button', { name: 'Add a tax residence' }));
    expect(rowCount()).toBe(5);
    expect(screen.queryByRole('button', { name: 'Add a tax residence' })).not.toBeInTheDocument();
    expect(screen.getByText('You can list up to 5 tax residences.')).toBeInTheDocument();
    // every row can be deleted while more than one remains
    for (let n = 1; n <= 5; n++) expect(within(row(n)).getByRole('button', { name: `Delete tax residence ${n}` })).toBeInTheDocument();

    await pickCountry(user, 2, 'Hong Kong, China');
    expect(await screen.findByText('This country or region is already listed. Please choose again.')).toBeInTheDocument();
    expect(countryOf(2)).toHaveAccessibleName('Country or region of tax residence Please select');
    await pickCountry(user, 2, 'Japan');
    expect(countryOf(2)).toHaveAccessibleName(/Japan$/);
  });

  test('deleting asks first: Cancel keeps the row, Delete removes it and the rows after it move up', async () => {
    api(hkApp());
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Tax residence 1' });
    await user.click(screen.getByRole('button', { name: 'Add a tax residence' }));
    await user.click(screen.getByRole('button', { name: 'Add a tax residence' }));
    await pickCountry(user, 2, 'Japan');
    await pickCountry(user, 3, 'Singapore');

    await user.click(within(row(2)).getByRole('button', { name: 'Delete tax residence 2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this tax residence?' });
    expect(dialog).toHaveAccessibleDescription('Japan, its tax number and its documents will be removed.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowCount()).toBe(3);

    await user.click(within(row(2)).getByRole('button', { name: 'Delete tax residence 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this tax residence?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowCount()).toBe(2);
    expect(countryOf(2)).toHaveAccessibleName(/Singapore$/);
  });

  test('the same tax number in another row is pointed out when the field is left', async () => {
    api(hkApp());
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Tax residence 1' });
    await user.click(screen.getByRole('button', { name: 'Add a tax residence' }));
    await pickCountry(user, 2, 'Japan');
    await user.type(numberOf(2), HK_ID.toLowerCase());
    await user.tab();
    expect(await screen.findByText('This tax number is already entered for another country or region. Please check it.')).toBeInTheDocument();
    expect(numberOf(2)).toHaveValue(HK_ID);
  });

  test('a document is required for a number that is not an ID number: shown once the file is removed; Next saves the files with their country', async () => {
    const file = { ossId: 'ossDraft01', description: 'return.pdf', ossCategory: 'UserApply', taxInfoCountryCode: 'GB' };
    const draft = {
      taxInfo: { GB: 'AB123456C' },
      frontInfo: { RAW_taxInfo: [{ countryCode: 'GB', taxNumber: 'AB123456C', taxCountry: 'GB' }] },
      w8Info: { country: 'GB', residenceAddress: 'FLAT 1 10 DOWNING STREET' },
      documentInfo: { idCardTaxInfo: [file] },
    };
    const a = api(hkApp({ drafts: { TAXINFO: draft } }));
    const { user } = renderPage();
    expect(await screen.findByText('return.pdf')).toBeInTheDocument();
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(within(row(1)).getByRole('button', { name: 'Remove return.pdf' }));
    expect(within(row(1)).getByLabelText('Proof of the tax number')).toHaveAccessibleDescription(expect.stringContaining('Please upload a file'));
    await user.click(next());
    await waitFor(() => expect(within(row(1)).getByLabelText('Proof of the tax number')).toHaveFocus());
    expect(savesOf(a)).toHaveLength(0);
    await uploadTo(1, 'p60.png');
    await waitDebounce();
    await user.click(next());
    await waitFor(() => expect(savesOf(a)).toHaveLength(1));
    expect(savesOf(a)[0].data).toEqual({
      ...draft,
      documentInfo: { idCardTaxInfo: [{ ossId: expect.stringMatching(/^oss\d{6}$/), description: 'p60.png', ossCategory: 'UserApply', taxInfoCountryCode: 'GB' }] },
    });
  });

  test('W-8BEN address: cleaned as typed by the one W-8BEN rule (capitals, marks made spaces); Chinese removed and named; sent as shown', async () => {
    const a = api(hkApp());
    const { user } = renderPage();
    await waitFor(() => expect(next()).toBeEnabled());
    await user.clear(w8Address());
    await user.type(w8Address(), '5 queen’s road 中环');
    expect(w8Address()).toHaveValue('5 QUEENS ROAD ');
    expect(screen.getByText('Removed: 中环. The W-8BEN is filled in in English: please write these words in English letters.')).toHaveAttribute('role', 'status');
    await user.tab();
    expect(w8Address()).toHaveValue('5 QUEENS ROAD');
    await waitFor(() => expect(next()).toBeEnabled());

    // a Hong Kong floor and a short road name: never refused, shown as it will be on the form
    await user.clear(w8Address());
    await user.type(w8Address(), 'Room 8, 20/F, 1 Queen\'s Road Central');
    expect(w8Address()).toHaveValue('ROOM 8 20 F 1 QUEENS ROAD CENTRAL');
    expect(next()).toBeEnabled();
    await user.click(next());
    await waitFor(() => expect(savesOf(a)).toHaveLength(1));
    expect(savesOf(a)[0].data.w8Info).toEqual({ country: 'GB', residenceAddress: 'ROOM 8 20 F 1 QUEENS ROAD CENTRAL' });
  });

  test('a refused save shows the service message and the field issue', async () => {
    api(hkApp(), {
      applyUpdate: () => {
        throw new ApiError(100400, 'Some fields are not valid', { issues: [{ path: 'data.frontInfo.RAW_taxInfo.0.taxNumber', message: 'format' }] }, 400);
      },
    });
    const { user } = renderPage();
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    expect(await screen.findByText('Some fields are not valid')).toBeInTheDocument();
    expect(numberOf(1)).toHaveAccessibleDescription(expect.stringContaining('The format is not correct'));
    expect(currentLocation()).toBe('/TaxInfo');
  });
});

describe('Hong Kong non-permanent resident', () => {
  test('two rows, neither deletable; row 1 only from the identity documents, its number filled from the document; a third row can be deleted', async () => {
    api(hkApp({}, hkNonPermanent));
    const { user } = renderPage('en');
    expect(await screen.findByRole('region', { name: 'Tax residence 2' })).toBeInTheDocument();
    expect(rowCount()).toBe(2);
    await waitFor(() => expect(countryOf(1)).toHaveAccessibleName(/Hong Kong, China$/));
    expect(numberOf(1)).toHaveValue('Z6543210');
    expect(numberOf(1)).toHaveAttribute('readonly');
    expect(countryOf(1)).toHaveAccessibleDescription('Choose the country or region of one of your identity documents; its number is filled in for you.');
    expect(within(row(1)).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(within(row(2)).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    // row 2 is empty: Next marks its country and focuses it
    await user.click(next());
    await waitFor(() => expect(countryOf(2)).toHaveFocus());
    expect(countryOf(2)).toHaveAccessibleDescription(/Please choose a country or region|Required/);

    await user.click(countryOf(1));
    const dialog = await screen.findByRole('dialog', { name: 'Country or region of tax residence' });
    await within(dialog).findByRole('button', { name: 'Singapore' });
    const offered = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((n) => n && !/close/i.test(n));
    expect(offered.sort()).toEqual(['Hong Kong, China', 'Singapore']);
    await user.click(within(dialog).getByRole('button', { name: 'Singapore' }));
    expect(numberOf(1)).toHaveValue('S1234567D');
    expect(within(row(1)).getByRole('note')).toHaveTextContent('No document needed');

    await pickCountry(user, 2, 'Hong Kong, China');
    await user.type(numberOf(2), 'z6543210');
    expect(within(row(2)).getByRole('note')).toHaveTextContent('No document needed'); // the HK ID number
    await waitFor(() => expect(next()).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Add a tax residence' }));
    expect(within(row(3)).getByRole('button', { name: 'Delete tax residence 3' })).toBeInTheDocument();
    expect(within(row(2)).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });
});

describe('help dialog', () => {
  test('opens on the first visit only, remembered under taxPopup; the link reopens it', async () => {
    window.localStorage.removeItem('taxPopup');
    api(hkApp());
    const first = renderPage('zh-TW');
    const dialog = await screen.findByRole('alertdialog', { name: '稅務居民身份及 W-8BEN 說明' });
    expect(within(dialog).getByText('稅務編號（TIN）')).toBeInTheDocument();
    expect(within(dialog).getByText(/共同匯報標準（CRS）/)).toBeInTheDocument();
    await first.user.click(within(dialog).getByRole('button', { name: '我知道了' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem('taxPopup')).toBe('1');
    first.unmount();

    const second = renderPage('zh-TW');
    await screen.findByRole('region', { name: '稅務居民身份 1' });
    await waitDebounce();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: '甚麼是稅務居民身份？' }));
    expect(await screen.findByRole('alertdialog', { name: '稅務居民身份及 W-8BEN 說明' })).toBeInTheDocument();
  });

  test('simplified Chinese texts', async () => {
    window.localStorage.removeItem('taxPopup');
    api(cnApp());
    renderPage('zh-CN');
    const dialog = await screen.findByRole('alertdialog', { name: '税务居民与 W-8BEN 说明' });
    expect(within(dialog).getByText('纳税人识别号（TIN）')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '税务居民身份 1' })).toBeInTheDocument();
  });
});
