/**
 * /HK_IDcard through the screen: roles and labels only, the api faked at callApi, uploads faked at uploadFile.
 */
jest.mock('@core/api/client');
jest.mock('@core/api/upload', () => ({ uploadFile: jest.fn() }));

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import { uploadFile } from '@core/api/upload';
import { bridge } from '@core/bridge';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi, type FakeApiHandlers } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import { toast } from '@core/ui';
import HkIdCardScreen from './HkIdCardScreen';

// many typed characters and uploads per test, on a shared machine
jest.setTimeout(30000);

const upload = uploadFile as jest.MockedFunction<typeof uploadFile>;
let ossSeq = 0;

const CONFIG = makeClientConfig();

function api(app: ApplicationView, over: FakeApiHandlers = {}) {
  return installFakeApi({
    clientConfig: () => CONFIG,
    applyDetail: () => app,
    applyUpdate: (p: { data: Record<string, unknown> }) => ({
      application: { ...app, data: { ...app.data, HK_IDCARD: p.data }, currentStep: 'HK_IDCARD' },
      nextStep: 'USERINFO',
    }),
    ...over,
  });
}

function renderPage(lang: 'en' | 'zh-CN' | 'zh-TW' = 'en') {
  return renderScreenAt('/HK_IDcard', <HkIdCardScreen />, { lang });
}

type User = ReturnType<typeof renderPage>['user'];

const png = (name: string) => new File([new Uint8Array(800)], name, { type: 'image/png', lastModified: 1700000000000 + ossSeq });

const field = (label: RegExp) => screen.getByRole('button', { name: label });
const nextButton = () => screen.getByRole('button', { name: 'Next' });

async function pickCountry(user: User, fieldLabel: RegExp, pickerTitle: string, country: string) {
  await user.click(await screen.findByRole('button', { name: fieldLabel }));
  const dialog = await screen.findByRole('dialog', { name: pickerTitle });
  await user.click(await within(dialog).findByRole('button', { name: country }));
}

async function docTypeOptions(user: User): Promise<string[]> {
  await user.click(field(/^Document type/));
  const dialog = await screen.findByRole('dialog', { name: 'Choose the document type' });
  const names = within(dialog)
    .getAllByRole('button')
    .map((b) => b.textContent ?? '')
    .filter((n) => n !== '' && !/close/i.test(n));
  return names;
}

async function chooseDocType(user: User, name: string) {
  await user.click(field(/^Document type/));
  const dialog = await screen.findByRole('dialog', { name: 'Choose the document type' });
  await user.click(within(dialog).getByRole('button', { name }));
}

async function uploadCard(label: string, name = `${label}.png`) {
  const before = upload.mock.calls.length;
  fireEvent.change(screen.getByLabelText(label), { target: { files: [png(name)] } });
  // the photo is checked first (asynchronously), then sent
  await waitFor(() => expect(upload.mock.calls.length).toBeGreaterThan(before));
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: new RegExp(label) })).not.toBeInTheDocument());
}

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:local-preview'), revokeObjectURL: jest.fn() });
});

beforeEach(() => {
  toast.clear();
  window.localStorage.clear();
  upload.mockReset();
  upload.mockImplementation(async (_file, _name, _cat, onProgress) => {
    onProgress?.(100, 'uploading');
    const id = `oss${String(++ossSeq).padStart(6, '0')}`;
    return { ossId: id, ossUrl: `/kyc/esop/v1/oss/v1/Download?ossid=${id}&sig=x` };
  });
});

/** Next acts on the first tap of a second (the footer's debounce): a second tap waits for it to pass. */
const pastNextDebounce = () => act(async () => new Promise((r) => setTimeout(r, 1100)));

test('Next on an empty page marks every missing field, focuses the first (nationality) and saves nothing', async () => {
  const fake = api(makeApplication());
  const { user } = renderPage();
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  await waitFor(() => expect(field(/^Nationality/)).toHaveFocus());
  expect(field(/^Nationality/)).toHaveAccessibleDescription('Required');
  expect(field(/^Document type/)).toHaveAccessibleDescription('Required');
  expect(screen.getByRole('status')).toHaveTextContent(/fields need your attention/);
  expect(fake.calls('applyUpdate')).toHaveLength(0);
});

describe('permanent resident', () => {
  test('HK nationality: HK ID or passport, issuing country fixed to HK; number upper-cased, 7 characters is a format error; saves the exact payload', async () => {
    const app = makeApplication({ clientType: 'hk' });
    const fake = api(app);
    const { user } = renderPage();
    expect(await screen.findByRole('radio', { name: 'Yes' })).toBeChecked();

    await pickCountry(user, /^Nationality/, 'Choose your nationality', 'Hong Kong, China');
    expect(await docTypeOptions(user)).toEqual(['Hong Kong identity card', 'Passport']);
    await user.click(screen.getByRole('button', { name: 'Hong Kong identity card' }));
    expect(field(/^Issuing country or region/)).toHaveAccessibleName(/Hong Kong, China/);
    expect(field(/^Issuing country or region/)).toHaveAttribute('aria-disabled', 'true');

    const number = screen.getByLabelText('Document number');
    expect(number).toHaveAccessibleDescription(/Without brackets, e\.g\. A1234563/);
    await user.type(number, 'a123456');
    expect(number).toHaveValue('A123456');
    await user.tab();
    expect(number).toHaveAccessibleDescription(/Document number format error/);
    await user.type(number, '(3)');
    expect(number).toHaveValue('A1234563');
    expect(number).not.toHaveAccessibleDescription(/format error/);

    expect(screen.queryByLabelText('Back of the Macau identity card (emblem side)')).not.toBeInTheDocument();
    await uploadCard('Front of the identity card');
    await waitFor(() => expect(nextButton()).toBeEnabled());
    await user.click(nextButton());

    await waitFor(() => expect(fake.calls('applyUpdate')).toHaveLength(1));
    const sent = fake.calls('applyUpdate')[0] as { currentStep: string; data: Record<string, unknown> };
    expect(sent.currentStep).toBe('HK_IDCARD');
    expect(sent.data).toEqual({
      permanentResident: 1,
      nationality: 'HK',
      idType: 1,
      idCountry: 'HK',
      idNumber: 'A1234563',
      defaultLanguage: 'zhTc',
      documentInfo: { nonMainlandDocument: { front: { ossId: expect.any(String), url: expect.any(String), description: 'Front of the identity card.png', ossCategory: 'UserInfo' } } },
    });
    expect(upload).toHaveBeenCalledWith(expect.any(File), 'Front of the identity card.png', 'UserInfo', expect.any(Function));
    await waitFor(() => expect(currentLocation()).toBe('/UserInfo'));
  });

  test('MO nationality: Macau ID shows the front and the emblem side; both needed', async () => {
    api(makeApplication());
    const { user } = renderPage();
    await pickCountry(user, /^Nationality/, 'Choose your nationality', 'Macao, China');
    expect(await docTypeOptions(user)).toEqual(['Macau identity card', 'Passport']);
    await user.click(screen.getByRole('button', { name: 'Macau identity card' }));
    expect(field(/^Issuing country or region/)).toHaveAccessibleName(/Macao, China/);
    await user.type(screen.getByLabelText('Document number'), '1234567(8)');
    expect(screen.getByLabelText('Document number')).toHaveValue('1234567(8)');
    await uploadCard('Front of the Macau identity card');
    await user.click(nextButton());
    await waitFor(() => expect(screen.getByLabelText('Back of the Macau identity card (emblem side)')).toHaveFocus());
    expect(screen.getByLabelText('Back of the Macau identity card (emblem side)')).toHaveAccessibleDescription(/Please upload a file/);
    await uploadCard('Back of the Macau identity card (emblem side)');
    await waitFor(() => expect(nextButton()).toBeEnabled());
  });

  test('another allowed nationality forces a passport with an issuing country to pick (never China)', async () => {
    const fake = api(makeApplication());
    const { user } = renderPage();
    await pickCountry(user, /^Nationality/, 'Choose your nationality', 'United Kingdom');
    expect(field(/^Document type/)).toHaveAccessibleName(/Passport/);
    expect(await docTypeOptions(user)).toEqual(['Passport']);
    await user.keyboard('{Escape}');

    await user.click(field(/^Issuing country or region/));
    const dialog = await screen.findByRole('dialog', { name: 'Choose the issuing country or region' });
    await within(dialog).findByRole('button', { name: 'United Kingdom' });
    expect(within(dialog).queryByRole('button', { name: 'China' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'United Kingdom' }));

    await user.type(screen.getByLabelText('Document number'), 'p1234-56/7');
    expect(screen.getByLabelText('Document number')).toHaveValue('P1234-56/7');
    await uploadCard('Passport photo page');
    await waitFor(() => expect(nextButton()).toBeEnabled());
    await user.click(nextButton());
    await waitFor(() => expect(fake.calls('applyUpdate')).toHaveLength(1));
    expect((fake.calls('applyUpdate')[0] as { data: Record<string, unknown> }).data).toMatchObject({
      nationality: 'GB',
      idType: 2,
      idCountry: 'GB',
      idNumber: 'P1234-56/7',
      defaultLanguage: 'en',
    });
  });
});

describe('nationality', () => {
  test('China is not offered; a nationality outside the whitelist opens the offline dialog, is not kept, and offers the contact popup', async () => {
    api(makeApplication());
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Nationality/ }));
    const picker = await screen.findByRole('dialog', { name: 'Choose your nationality' });
    await within(picker).findByRole('button', { name: 'Singapore' });
    expect(within(picker).queryByRole('button', { name: 'China' })).not.toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: 'United States' }));

    const dialog = await screen.findByRole('dialog', { name: 'Online opening not available' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('Please contact customer service to open your account offline.');
    expect(field(/^Nationality/)).toHaveAccessibleName(/Please choose/);
    await user.click(within(dialog).getByRole('button', { name: 'Contact us' }));
    const contact = await screen.findByRole('dialog', { name: /contact/i }, { timeout: 5000 });
    expect(await within(contact).findByText('+852 2800 1234')).toBeInTheDocument();
  });

  test('choosing the document type before the nationality → "please select nationality first"', async () => {
    api(makeApplication());
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Document type/ }));
    expect(screen.getByRole('status')).toHaveTextContent('Please select your nationality first');
    expect(screen.queryByRole('dialog', { name: 'Choose the document type' })).not.toBeInTheDocument();
  });

  test('changing the nationality clears the uploaded documents', async () => {
    api(makeApplication());
    const { user } = renderPage();
    await pickCountry(user, /^Nationality/, 'Choose your nationality', 'Hong Kong, China');
    await chooseDocType(user, 'Passport');
    await user.type(screen.getByLabelText('Document number'), 'K12345608');
    await uploadCard('Passport photo page');
    await waitFor(() => expect(nextButton()).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Remove the photo' })).toBeInTheDocument();

    await pickCountry(user, /^Nationality/, 'Choose your nationality', 'Singapore');
    expect(field(/^Document type/)).toHaveAccessibleName(/Passport/);
    expect(screen.queryByRole('button', { name: 'Remove the photo' })).not.toBeInTheDocument();
    // Next: the issuing country (no longer fixed) is the first marked; the photo is marked too
    await user.click(nextButton());
    await waitFor(() => expect(field(/^Issuing country or region/)).toHaveFocus());
    expect(screen.getByLabelText('Passport photo page')).toHaveAccessibleDescription(/Please upload a file/);
  });

  test('changing the document type clears the uploaded documents', async () => {
    api(makeApplication());
    const { user } = renderPage();
    await pickCountry(user, /^Nationality/, 'Choose your nationality', 'Hong Kong, China');
    await chooseDocType(user, 'Hong Kong identity card');
    await uploadCard('Front of the identity card');
    expect(screen.getByRole('button', { name: 'Remove the photo' })).toBeInTheDocument();
    await chooseDocType(user, 'Passport');
    expect(screen.getByLabelText('Passport photo page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove the photo' })).not.toBeInTheDocument();
  });
});

describe('non-permanent resident', () => {
  test('asks for the permanent residence; type and issuing country go together; saves idExtraInfo and the proof files', async () => {
    const fake = api(makeApplication());
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'No' }));
    expect(screen.getByRole('button', { name: /^Country or region of permanent residence/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Proof of permanent residence')).toBeInTheDocument();

    await pickCountry(user, /^Nationality/, 'Choose your nationality', 'Singapore');
    expect(await docTypeOptions(user)).toEqual(['Hong Kong identity card', 'Macau identity card', 'Passport']);
    await user.click(screen.getByRole('button', { name: 'Hong Kong identity card' }));
    expect(field(/^Issuing country or region/)).toHaveAccessibleName(/Hong Kong, China/);
    expect(await docTypeOptions(user)).toEqual(['Hong Kong identity card', 'Passport']);
    await user.click(screen.getByRole('button', { name: 'Hong Kong identity card' }));
    await user.type(screen.getByLabelText('Document number'), 'R123456A');
    await uploadCard('Front of the identity card');

    await pickCountry(user, /^Country or region of permanent residence/, 'Choose the country or region of permanent residence', 'China');
    const permanentId = screen.getByLabelText('Identity document number there');
    await user.type(permanentId, '11010519491231002');
    await user.tab();
    expect(permanentId).toHaveAccessibleDescription(/A mainland ID number has 18 digits or X/);
    await user.type(permanentId, 'x');
    expect(permanentId).toHaveValue('11010519491231002X');
    await user.click(nextButton()); // no proof file yet: marked and focused
    await waitFor(() => expect(screen.getByLabelText('Proof of permanent residence')).toHaveFocus());
    expect(fake.calls('applyUpdate')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Proof of permanent residence'), { target: { files: [png('residence.png')] } });
    await pastNextDebounce();
    await user.click(nextButton());
    await waitFor(() => expect(fake.calls('applyUpdate')).toHaveLength(1));
    expect((fake.calls('applyUpdate')[0] as { data: Record<string, unknown> }).data).toEqual({
      permanentResident: 2,
      nationality: 'SG',
      idType: 1,
      idCountry: 'HK',
      idNumber: 'R123456A',
      defaultLanguage: 'en',
      documentInfo: {
        nonMainlandDocument: { front: expect.objectContaining({ ossCategory: 'UserInfo' }) },
        idCard: [expect.objectContaining({ description: 'residence.png', ossCategory: 'UserInfo' })],
      },
      idExtraInfo: { permanent: { idType: null, idNumber: '11010519491231002X', idCountry: 'CN' } },
    });
  });

  test('an HK permanent ID needs at least 8 characters', async () => {
    api(makeApplication());
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'No' }));
    await pickCountry(user, /^Country or region of permanent residence/, 'Choose the country or region of permanent residence', 'Hong Kong, China');
    const permanentId = screen.getByLabelText('Identity document number there');
    await user.type(permanentId, 'a123456');
    await user.tab();
    expect(permanentId).toHaveValue('A123456');
    expect(permanentId).toHaveAccessibleDescription(/Document number format error/);
  });

  test('restricted area: the proof of a mainland permanent residence is refused with the message', async () => {
    jest.spyOn(bridge.storage, 'get').mockImplementation(async (key: string) => (key === 'strictMode' ? '1' : null));
    api(makeApplication());
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: 'No' }));
    await pickCountry(user, /^Country or region of permanent residence/, 'Choose the country or region of permanent residence', 'China');
    await user.click(screen.getByLabelText('Proof of permanent residence'));
    expect(screen.getByRole('status')).toHaveTextContent('Please upload the ID front; mainland investors are not supported');
    jest.restoreAllMocks();
  });
});

describe('the HKID front read by OCR (issue 41)', () => {
  const READ = { idNumber: 'K1234560', lastName: 'CHAN', firstName: 'TAI MAN', chineseName: '陳大文', birthday: '1988-06-15', gender: 1, cropIdCard: { ossId: 'crop000001', ossUrl: '/x' } };

  async function hkIdChosen(user: User) {
    await pickCountry(user, /^Nationality/, 'Choose your nationality', 'Hong Kong, China');
    await chooseDocType(user, 'Hong Kong identity card');
  }

  test('the reading is shown to check; "Use these" fills the number here and the next step\'s empty fields (its draft)', async () => {
    const app = makeApplication({ clientType: 'hk', data: { USERINFO: { email: 'tai.man@example.hk', lastName: 'CHEN' } } });
    const fake = api(app, {
      hkIdcardOcr: () => READ,
      applyUpdate: (p: { currentStep: string; data: Record<string, unknown> }) => ({ application: { ...app, data: { ...app.data, drafts: { [p.currentStep]: p.data } } }, nextStep: null }),
    });
    const { user } = renderPage();
    await hkIdChosen(user);
    expect(screen.getByText(/We read your number, name and date of birth from the photo/)).toBeInTheDocument();
    await uploadCard('Front of the identity card');

    const sheet = await screen.findByRole('dialog', { name: 'Check what we read from your card' });
    for (const [label, value] of [
      ['Identity card number', 'K123456(0)'],
      ['Name in English', 'CHAN TAI MAN'],
      ['Name in Chinese', '陳大文'],
      ['Date of birth', '1988/06/15'],
      ['Sex', 'Male'],
    ]) {
      expect(within(sheet).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(fake.calls('hkIdcardOcr')).toEqual([expect.objectContaining({ ossCategory: 'UserInfo' })]);
    expect(screen.getByLabelText('Document number')).toHaveValue('');

    await user.click(within(sheet).getByRole('button', { name: 'Use these' }));
    await waitFor(() => expect(screen.getByLabelText('Document number')).toHaveValue('K1234560'));
    await waitFor(() => expect(fake.calls('applyUpdate')).toHaveLength(1));
    // the surname given before stays; the empty fields are filled, the e-mail kept
    expect(fake.calls('applyUpdate')[0]).toMatchObject({
      currentStep: 'USERINFO',
      draft: true,
      data: { email: 'tai.man@example.hk', lastName: 'CHEN', firstName: 'TAI MAN', englishName: 'CHEN TAI MAN', chineseName: '陳大文', birthday: '1988-06-15', gender: 1 },
    });
    expect(await screen.findByText('Filled in from your card. Please check each field.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Check what we read from your card' })).not.toBeInTheDocument());
  });

  test('the next step cannot take the reading (its draft refused): only the number is filled, and the toast says so', async () => {
    const fake = api(makeApplication({ clientType: 'hk' }), {
      hkIdcardOcr: () => READ,
      applyUpdate: () => {
        throw new ApiError(151300, 'locked', undefined, 409);
      },
    });
    const { user } = renderPage();
    await hkIdChosen(user);
    await uploadCard('Front of the identity card');
    const sheet = await screen.findByRole('dialog', { name: 'Check what we read from your card' });
    await user.click(within(sheet).getByRole('button', { name: 'Use these' }));
    expect(await screen.findByText('Your card number is filled in. Please check it.')).toBeInTheDocument();
    expect(screen.getByLabelText('Document number')).toHaveValue('K1234560');
    expect(fake.calls('applyUpdate')).toEqual([expect.objectContaining({ currentStep: 'USERINFO', draft: true })]);
  });

  test('a field not read says so; "I\'ll type them" fills nothing', async () => {
    const fake = api(makeApplication({ clientType: 'hk' }), { hkIdcardOcr: () => ({ ...READ, chineseName: '', birthday: '', gender: 0 }) });
    const { user } = renderPage('zh-TW');
    await pickCountry(user, /^國籍/, '選擇國籍', '中國香港');
    await user.click(field(/^證件類型/));
    await user.click(within(await screen.findByRole('dialog', { name: '選擇證件類型' })).getByRole('button', { name: '香港身份證' }));
    await uploadCard('身份證正面');
    const sheet = await screen.findByRole('dialog', { name: '請核對從身份證讀取的資料' });
    expect(within(sheet).getAllByText('未能讀取，請自行填寫')).toHaveLength(3);
    await user.click(within(sheet).getByRole('button', { name: '我自行填寫' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '請核對從身份證讀取的資料' })).not.toBeInTheDocument());
    expect(screen.getByLabelText('證件號碼')).toHaveValue('');
    expect(fake.calls('applyUpdate')).toHaveLength(0);
  });

  test('a reading refused (a photocopy) says why on the tile; the photo stays and the number is typed', async () => {
    const fake = api(makeApplication({ clientType: 'hk' }), {
      hkIdcardOcr: () => {
        throw new ApiError(151203, 'copy', undefined, 400);
      },
    });
    const { user } = renderPage();
    await hkIdChosen(user);
    await uploadCard('Front of the identity card');
    await waitFor(() => expect(screen.getByLabelText('Front of the identity card')).toHaveAccessibleDescription(/Please upload the original ID, not a photocopy/));
    expect(screen.queryByRole('dialog', { name: 'Check what we read from your card' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Document number'), 'A1234563');
    await user.click(nextButton());
    await waitFor(() => expect(fake.calls('applyUpdate')).toHaveLength(1));
    expect(fake.calls('applyUpdate')[0]).toMatchObject({ currentStep: 'HK_IDCARD', data: { idNumber: 'A1234563', documentInfo: { nonMainlandDocument: { front: expect.objectContaining({ ossCategory: 'UserInfo' }) } } } });
  });

  test('a Macau identity card is not read (the HKID front and a passport are)', async () => {
    const fake = api(makeApplication({ clientType: 'hk' }), { hkIdcardOcr: () => READ });
    const { user } = renderPage();
    await pickCountry(user, /^Nationality/, 'Choose your nationality', 'Macao, China');
    await chooseDocType(user, 'Macau identity card');
    expect(screen.queryByText(/We read your/)).not.toBeInTheDocument();
    await uploadCard('Front of the Macau identity card');
    expect(fake.calls('hkIdcardOcr')).toHaveLength(0);
    expect(fake.calls('passportOcr')).toHaveLength(0);
  });
});

describe("a passport's machine-readable zone read by OCR (issue 41)", () => {
  const READ = {
    idNumber: '533401372',
    issuingCountry: 'GB',
    nationality: 'GB',
    lastName: 'SMITH',
    firstName: 'JOHN PETER',
    birthday: '1985-04-12',
    gender: 1,
    expiry: '2031-09-30',
    cropIdCard: { ossId: 'crop000002', ossUrl: '/x' },
  };

  test('the reading is shown to check; "Use these" fills the number and the issuing country here and the next step\'s empty fields', async () => {
    const app = makeApplication({ clientType: 'hk' });
    const fake = api(app, {
      passportOcr: () => READ,
      applyUpdate: (p: { currentStep: string; data: Record<string, unknown> }) => ({ application: { ...app, data: { ...app.data, drafts: { [p.currentStep]: p.data } } }, nextStep: null }),
    });
    const { user } = renderPage();
    await pickCountry(user, /^Nationality/, 'Choose your nationality', 'United Kingdom');
    expect(screen.getByText(/machine-readable lines at the bottom of the photo page/)).toBeInTheDocument();
    await uploadCard('Passport photo page');

    const sheet = await screen.findByRole('dialog', { name: 'Check what we read from your passport' });
    for (const [label, value] of [
      ['Passport number', '533401372'],
      ['Issuing country or region', 'United Kingdom'],
      ['Nationality', 'United Kingdom'],
      ['Name in English', 'SMITH JOHN PETER'],
      ['Date of birth', '1985/04/12'],
      ['Sex', 'Male'],
      ['Date of expiry', '2031/09/30'],
    ]) {
      expect(within(sheet).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(within(sheet).queryByRole('note')).not.toBeInTheDocument();
    expect(fake.calls('passportOcr')).toEqual([expect.objectContaining({ ossCategory: 'UserInfo' })]);
    expect(fake.calls('hkIdcardOcr')).toHaveLength(0);

    await user.click(within(sheet).getByRole('button', { name: 'Use these' }));
    await waitFor(() => expect(screen.getByLabelText('Document number')).toHaveValue('533401372'));
    expect(field(/^Issuing country or region/)).toHaveAccessibleName(/United Kingdom/);
    await waitFor(() => expect(fake.calls('applyUpdate')).toHaveLength(1));
    expect(fake.calls('applyUpdate')[0]).toMatchObject({
      currentStep: 'USERINFO',
      draft: true,
      data: { lastName: 'SMITH', firstName: 'JOHN PETER', englishName: 'SMITH JOHN PETER', birthday: '1985-04-12', gender: 1 },
    });
    expect((fake.calls('applyUpdate')[0] as { data: Record<string, unknown> }).data).not.toHaveProperty('chineseName');
    expect(await screen.findByText('Filled in from your passport. Please check each field.')).toBeInTheDocument();

    // the page saves what was filled
    await waitFor(() => expect(nextButton()).toBeEnabled());
    await pastNextDebounce();
    await user.click(nextButton());
    await waitFor(() => expect(fake.calls('applyUpdate')).toHaveLength(2));
    expect((fake.calls('applyUpdate')[1] as { data: Record<string, unknown> }).data).toMatchObject({ nationality: 'GB', idType: 2, idCountry: 'GB', idNumber: '533401372' });
  });

  test('an HKSAR passport (Chinese nationality) matches "Hong Kong, China"; another nationality is pointed out', async () => {
    api(makeApplication({ clientType: 'hk' }), { passportOcr: () => ({ ...READ, issuingCountry: 'HK', nationality: 'CN', idNumber: 'KJ0482913' }) });
    const { user } = renderPage('zh-TW');
    await pickCountry(user, /^國籍/, '選擇國籍', '中國香港');
    await user.click(field(/^證件類型/));
    await user.click(within(await screen.findByRole('dialog', { name: '選擇證件類型' })).getByRole('button', { name: '護照' }));
    await uploadCard('護照個人資料頁');
    const sheet = await screen.findByRole('dialog', { name: '請核對從護照讀取的資料' });
    expect(within(sheet).getByText('國籍').nextElementSibling).toHaveTextContent('中國香港');
    expect(within(sheet).queryByRole('note')).not.toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: '我自行填寫' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '請核對從護照讀取的資料' })).not.toBeInTheDocument());
    expect(screen.getByLabelText('證件號碼')).toHaveValue('');
  });

  test('a passport of another nationality than the one chosen: the sheet says so', async () => {
    api(makeApplication({ clientType: 'hk' }), { passportOcr: () => ({ ...READ, issuingCountry: 'SG', nationality: 'SG' }) });
    const { user } = renderPage();
    await pickCountry(user, /^Nationality/, 'Choose your nationality', 'United Kingdom');
    await uploadCard('Passport photo page');
    const sheet = await screen.findByRole('dialog', { name: 'Check what we read from your passport' });
    expect(within(sheet).getByRole('note')).toHaveTextContent('Your passport shows a nationality other than the one you chose.');
  });

  test('a zone that cannot be read says what to photograph; the photo stays and the number is typed', async () => {
    api(makeApplication({ clientType: 'hk' }), {
      passportOcr: () => {
        throw new ApiError(100500, 'vendor', undefined, 500);
      },
    });
    const { user } = renderPage();
    await pickCountry(user, /^Nationality/, 'Choose your nationality', 'United Kingdom');
    await uploadCard('Passport photo page');
    await waitFor(() => expect(screen.getByLabelText('Passport photo page')).toHaveAccessibleDescription(/with the two lines at its bottom/));
    await user.type(screen.getByLabelText('Document number'), '533401372');
    expect(screen.getByLabelText('Document number')).toHaveValue('533401372');
  });
});

test('changing the permanent answer resets the whole form', async () => {
  api(makeApplication());
  const { user } = renderPage();
  await pickCountry(user, /^Nationality/, 'Choose your nationality', 'Hong Kong, China');
  await chooseDocType(user, 'Hong Kong identity card');
  await user.type(screen.getByLabelText('Document number'), 'A1234563');
  await user.click(screen.getByRole('radio', { name: 'No' }));
  expect(field(/^Nationality/)).toHaveAccessibleName(/Please choose/);
  expect(field(/^Document type/)).toHaveAccessibleName(/Please choose/);
  expect(screen.getByLabelText('Document number')).toHaveValue('');
  await user.click(screen.getByRole('radio', { name: 'Yes' }));
  expect(screen.queryByLabelText('Proof of permanent residence')).not.toBeInTheDocument();
});

test('starts from the draft when there is one', async () => {
  const draft = {
    permanentResident: 1,
    nationality: 'MO',
    idType: 1,
    idCountry: 'MO',
    idNumber: '1234567(8)',
    defaultLanguage: 'zhTc',
    documentInfo: { nonMainlandDocument: { front: { ossId: 'draftfront01', url: '/x', description: 'f.png', ossCategory: 'UserInfo' } } },
  };
  api(makeApplication({ data: { drafts: { HK_IDCARD: draft } } }));
  const { user } = renderPage();
  expect(await screen.findByRole('button', { name: /^Nationality/ })).toHaveAccessibleName(/Macao, China/);
  expect(field(/^Document type/)).toHaveAccessibleName(/Macau identity card/);
  expect(screen.getByLabelText('Document number')).toHaveValue('1234567(8)');
  expect(screen.getByLabelText('Back of the Macau identity card (emblem side)')).toBeInTheDocument();
  await user.click(nextButton()); // the emblem side is missing
  await waitFor(() => expect(screen.getByLabelText('Back of the Macau identity card (emblem side)')).toHaveFocus());
});

describe('saving', () => {
  async function fillHk(user: User) {
    await pickCountry(user, /^Nationality/, 'Choose your nationality', 'Hong Kong, China');
    await chooseDocType(user, 'Hong Kong identity card');
    await user.type(screen.getByLabelText('Document number'), 'A1234563');
    await uploadCard('Front of the identity card');
    await waitFor(() => expect(nextButton()).toBeEnabled());
  }

  test('150204 → the already-registered dialog with the masked phone', async () => {
    api(makeApplication(), {
      applyUpdate: () => {
        throw new ApiError(150204, 'registered', { phone: '91****78' }, 400);
      },
    });
    const { user } = renderPage();
    await fillHk(user);
    await user.click(nextButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'ID already registered' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('registered with the phone number 91****78');
    expect(dialog).toHaveTextContent('Please log in with that original account');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'ID already registered' })).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/HK_IDcard');
  });

  test('another save failure → "submit information failed" toast', async () => {
    api(makeApplication(), {
      applyUpdate: () => {
        throw new ApiError(100500, 'boom', undefined, 500);
      },
    });
    const { user } = renderPage();
    await fillHk(user);
    await user.click(nextButton());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Submitting the information failed'));
    expect(currentLocation()).toBe('/HK_IDcard');
  });

  test('the service’s field issues show on the fields', async () => {
    api(makeApplication(), {
      applyUpdate: () => {
        throw new ApiError(100400, 'invalid', { issues: [{ path: 'data.idCountry', message: 'country' }, { path: 'data.documentInfo.nonMainlandDocument.front', message: 'format' }] }, 400);
      },
    });
    const { user } = renderPage();
    await fillHk(user);
    await user.click(nextButton());
    await waitFor(() => expect(field(/^Issuing country or region/)).toHaveAccessibleDescription(/Please choose a country or region/));
    expect(screen.getByLabelText('Front of the identity card')).toHaveAccessibleDescription(/The format is not correct/);
  });

  test('the link changes the account type (home)', async () => {
    api(makeApplication());
    const { user } = renderPage();
    await user.click(await screen.findByRole('link', { name: /Change the account type/ }));
    expect(currentLocation()).toBe('/account');
  });
});

test.each([
  ['zh-CN', '身份证件', '是否为永久居民'],
  ['zh-TW', '身份證明文件', '是否為永久性居民'],
] as const)('in %s', async (lang, title, permanent) => {
  api(makeApplication());
  renderPage(lang);
  expect(await screen.findByRole('radiogroup', { name: new RegExp(permanent) })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
});
