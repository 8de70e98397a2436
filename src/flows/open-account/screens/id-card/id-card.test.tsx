/**
 * /IDcard through the screen: roles and labels only; the api faked at callApi, uploads faked at uploadFile.
 */
jest.mock('@core/api/client');
jest.mock('@core/api/upload', () => ({ uploadFile: jest.fn() }));

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@core/api/api-error';
import { uploadFile } from '@core/api/upload';
import { addMonths, birthdayRange, cnIdCheckDigit, idValidityRanges, todayInHongKong } from '@core/domain/identity';
import { installFakeApi, type FakeApiHandlers } from '@core/testing/fake-api';
import { makeApplication } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import type { ApplicationView } from '@core/domain/contract';
import IdCardScreen from './IdCardScreen';

const upload = uploadFile as jest.MockedFunction<typeof uploadFile>;

const makeCnId = (birthday: string, seq = '123', region = '440305') => {
  const first17 = region + birthday.replace(/-/g, '') + seq;
  return first17 + cnIdCheckDigit(first17);
};

const ADDRESS = '广东省深圳市南山区科技园路1号';
const BIRTHDAY = '1990-03-07';
const ID = makeCnId(BIRTHDAY);

interface Front {
  name: string;
  idNumber: string;
  birthday: string;
  gender: 0 | 1 | 2;
}
const front = (over: Partial<Front> = {}) => ({
  side: 'front' as const,
  name: '张三',
  idNumber: ID,
  idAddress: ADDRESS,
  gender: 1 as const,
  birthday: BIRTHDAY,
  idAuthority: '',
  idValidTime: '',
  cropIdCard: { ossId: 'cropF001', ossUrl: '/dl?ossid=cropF001' },
  ...over,
});
const back = (over: Record<string, unknown> = {}) => ({
  side: 'back' as const,
  name: '',
  idNumber: '',
  idAddress: '',
  gender: 0 as const,
  birthday: '',
  idAuthority: '深圳市公安局南山分局',
  idValidTime: '2020-01-01,2040-01-01',
  cropIdCard: { ossId: 'cropB001', ossUrl: '/dl?ossid=cropB001' },
  ...over,
});

/** OCR answers by the uploaded file's name (the fake upload gives ossId = the name without extension). */
type Ocr = Record<string, (() => unknown) | undefined>;

function api(app: ApplicationView, ocr: Ocr = {}, over: FakeApiHandlers = {}, pinyin = { surnameIsPolyphone: false, nameIsPolyphone: false }) {
  return installFakeApi({
    applyDetail: () => app,
    clientConfig: () => ({ memberPageUrl: '', appDownloadUrl: '', servicePhones: { mainland: '400 800 1234', hongKong: '+852 2800 1234' }, production: false }),
    idcardOcr: (p: { ossId: string }) => {
      const answer = { front01: () => front(), back001: () => back(), ...ocr }[p.ossId];
      if (!answer) throw new ApiError(151202, 'unclear', undefined, 400);
      return answer();
    },
    kycKeyValue: (p: { type: number; key: string }) =>
      p.type === 3 ? { namePinyin: { surnamePinyin: 'Zhang', namePinyin: 'San', ...pinyin } } : { value: p.key === '440305' ? '广东省深圳市' : '' },
    mainlandCity: () => ({ 广东省: ['广州市', '深圳市'], 北京市: ['北京市'] }),
    applyUpdate: (p: { data: Record<string, unknown> }) => ({ application: { ...app, data: { IDCARD: p.data } }, nextStep: 'BANKCARD' }),
    ...over,
  });
}

function render() {
  return renderScreenAt('/IDcard', <IdCardScreen />, { lang: 'en' });
}

const png = (name: string) => new File([new Uint8Array(100)], `${name}.png`, { type: 'image/png', lastModified: 1 });

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:local'), revokeObjectURL: jest.fn() });
});
beforeEach(() => {
  upload.mockImplementation(async (file, _name, _cat, onProgress) => {
    onProgress?.(100, 'uploading');
    const id = (file as File).name.replace(/\.png$/, '');
    return { ossId: id, ossUrl: `/dl?ossid=${id}` };
  });
});

async function uploadSide(label: 'Portrait side' | 'National emblem side', fileName: string) {
  const input = await screen.findByLabelText(label);
  await act(async () => {
    fireEvent.change(input, { target: { files: [png(fileName)] } });
  });
}

async function uploadBoth() {
  await uploadSide('Portrait side', 'front01');
  await uploadSide('National emblem side', 'back001');
  await screen.findByLabelText('Name in Chinese');
  // pinyin and birthplace arrive from the lookups
  await waitFor(() => expect(screen.getByLabelText('Surname (pinyin)')).toHaveValue('ZHANG'));
}

const afterTest: (() => void)[] = [];
afterEach(() => afterTest.splice(0).forEach((f) => f()));

const cnApp = (over: Partial<ApplicationView> = {}) => makeApplication({ clientType: 'cn', ...over });
const nextButton = () => screen.getByRole('button', { name: 'Next' });

test('the fields appear only when both sides are recognised, filled from OCR, pinyin and birthplace', async () => {
  const fake = api(cnApp());
  const scrolled: Element[] = [];
  const original = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  afterTest.push(() => (Element.prototype.scrollIntoView = original));
  render();
  await uploadSide('Portrait side', 'front01');
  await waitFor(() => expect(fake.calls('idcardOcr')).toHaveLength(1));
  expect(screen.queryByLabelText('Name in Chinese')).toBeNull();
  expect(screen.getByText('Your details appear here once both sides are recognised.')).toBeInTheDocument();
  // Next is never a silent grey button: tapped, it marks the missing side and focuses it
  await screen.findByText('Uploaded — tap to retake');
  await userEvent.click(nextButton());
  await waitFor(() => expect(screen.getByLabelText('National emblem side')).toHaveFocus());
  expect(screen.getByText('Please upload a file')).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Please confirm your details' })).toBeNull();

  await uploadSide('National emblem side', 'back001');
  expect(await screen.findByLabelText('Name in Chinese')).toHaveValue('张三');
  // the filled fields are brought into view once they appear
  await waitFor(() => expect(scrolled.some((el) => el.classList.contains('idc__info-anchor'))).toBe(true));
  expect(screen.getByLabelText('ID number')).toHaveValue(ID);
  expect(screen.getByLabelText('Address on the ID card')).toHaveValue(ADDRESS);
  expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
  await waitFor(() => expect(screen.getByLabelText('Surname (pinyin)')).toHaveValue('ZHANG'));
  expect(screen.getByLabelText('Given name (pinyin)')).toHaveValue('SAN');
  await waitFor(() => expect(screen.getByRole('button', { name: /Place of birth/ })).toHaveTextContent('广东省深圳市'));
  expect(fake.calls('kycKeyValue')).toEqual(expect.arrayContaining([{ type: 3, key: '张三' }, { type: 2, key: '440305' }]));
  expect(screen.getByRole('checkbox', { name: 'My residential address is the same as the address on my ID card' })).toBeChecked();
  expect(screen.queryByText('Your name has multiple pronunciations. Please check the pinyin.')).toBeNull();
  await waitFor(() => expect(nextButton()).toBeEnabled());
});

test('a photo of the wrong side opens the error dialog and is dropped', async () => {
  const fake = api(cnApp());
  render();
  await uploadSide('Portrait side', 'back001');
  const dialog = await screen.findByRole('alertdialog', { name: 'Recognition failed' });
  expect(dialog).toHaveTextContent('Please upload the portrait side of your ID card.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
  await uploadSide('National emblem side', 'front01');
  expect(await screen.findByRole('alertdialog', { name: 'Recognition failed' })).toHaveTextContent('Please upload the national emblem side of your ID card.');
  expect(fake.calls('idcardOcr')).toHaveLength(2);
  expect(screen.queryByLabelText('Name in Chinese')).toBeNull();
});

test('an OCR error shows its translated message on the tile; another failure the generic one', async () => {
  api(cnApp(), { unclear: undefined, offline: () => Promise.reject(ApiError.network()) });
  render();
  await uploadSide('Portrait side', 'unclear');
  expect(await screen.findByText('The ID edges are unclear, misplaced or cut off.')).toBeInTheDocument();
  await uploadSide('National emblem side', 'offline');
  expect(await screen.findByText('Recognition failed. Please upload the photo again.')).toBeInTheDocument();
});

test('a name with several readings shows the warning and the note in the confirm dialog', async () => {
  api(cnApp(), {}, {}, { surnameIsPolyphone: true, nameIsPolyphone: false });
  render();
  await uploadBoth();
  expect(await screen.findByText('Your name has multiple pronunciations. Please check the pinyin.')).toBeInTheDocument();
  await waitFor(() => expect(nextButton()).toBeEnabled());
  await userEvent.click(nextButton());
  const dialog = await screen.findByRole('dialog', { name: 'Please confirm your details' });
  expect(dialog).toHaveTextContent('Your name has multiple pronunciations: make sure the pinyin');
});

test('under 18: the blocking dialog; Next marks the date of birth and focuses it', async () => {
  const birthday = addMonths(todayInHongKong(), -12 * 17);
  api(cnApp(), { front01: () => front({ birthday, idNumber: makeCnId(birthday) }) });
  render();
  await uploadBoth();
  const dialog = await screen.findByRole('alertdialog', { name: 'Unable to open online' });
  expect(dialog).toHaveTextContent('Users under 18 cannot open an account');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
  await userEvent.click(nextButton());
  await waitFor(() => expect(screen.getByRole('button', { name: /^Date of birth/ })).toHaveFocus());
  expect(screen.getByRole('button', { name: /^Date of birth/ })).toHaveAccessibleDescription(expect.stringContaining('Users under 18 cannot open an account'));
  expect(screen.queryByRole('dialog', { name: 'Please confirm your details' })).toBeNull();
});

test('the date wheels offer what the rules accept: birth dates of ages 18 to 75, validity from 2004, an end 6 months to 20 years ahead', async () => {
  api(cnApp());
  render();
  await uploadBoth();
  const today = todayInHongKong();
  const yearsOf = async (field: RegExp) => {
    await userEvent.click(screen.getByRole('button', { name: field }));
    const dialog = await screen.findByRole('dialog');
    const texts = within(within(dialog).getByRole('listbox', { name: 'Year' })).getAllByRole('option').map((o) => o.textContent);
    const chosen = within(within(dialog).getByRole('listbox', { name: 'Year' })).getByRole('option', { selected: true }).textContent;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    return [texts[0], texts.at(-1), chosen];
  };
  const year = (iso: string) => iso.slice(0, 4);
  const born = birthdayRange(today);
  const valid = idValidityRanges(today);
  expect(screen.getByText('Online opening is for ages 18 to 75, so only those birth dates can be chosen.')).toBeInTheDocument();
  expect(screen.getByText('Your ID must stay valid for at least 6 months from today.')).toBeInTheDocument();
  // filled from the card: the wheels open at its dates
  expect(await yearsOf(/^Date of birth/)).toEqual([year(born.min), year(born.max), '1990']);
  expect(await yearsOf(/^Valid from/)).toEqual(['2004', year(today), '2020']);
  expect(await yearsOf(/^Valid until/)).toEqual([year(valid.end.min), year(valid.end.max), '2040']);
});

test('validity under 6 months: the blocking dialog; Next marks the validity and focuses it', async () => {
  const end = addMonths(todayInHongKong(), 3);
  api(cnApp(), { back001: () => back({ idValidTime: `2007-01-01,${end}` }) });
  render();
  await uploadBoth();
  const dialog = await screen.findByRole('alertdialog', { name: 'Unable to open online' });
  expect(dialog).toHaveTextContent('Your ID expires within 6 months');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
  await userEvent.click(nextButton());
  // the validity's first date takes the focus; its error shows under the end date
  await waitFor(() => expect(screen.getByRole('button', { name: /^Valid from/ })).toHaveFocus());
  expect(screen.getByRole('button', { name: /^Valid until/ })).toHaveAccessibleDescription(expect.stringContaining('Your ID expires within 6 months'));
  expect(screen.queryByRole('dialog', { name: 'Please confirm your details' })).toBeNull();
});

test('Next: the confirm dialog shows ID number, pinyin and address; Confirm saves the exact IDCARD data', async () => {
  const fake = api(cnApp());
  render();
  await uploadBoth();
  // editing the pinyin marks it as modified
  const given = screen.getByLabelText('Given name (pinyin)');
  await userEvent.clear(given);
  await userEvent.type(given, 'san feng');
  expect(given).toHaveValue('SAN FENG');
  await waitFor(() => expect(nextButton()).toBeEnabled());
  await userEvent.click(nextButton());
  const dialog = await screen.findByRole('dialog', { name: 'Please confirm your details' });
  expect(dialog).toHaveTextContent(ID);
  expect(dialog).toHaveTextContent('ZHANG SAN FENG');
  expect(dialog).toHaveTextContent(ADDRESS);
  expect(dialog).not.toHaveTextContent('multiple pronunciations');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(fake.calls('applyUpdate')).toHaveLength(1));
  const sent = fake.calls('applyUpdate')[0] as { currentStep: string; draft: boolean; data: Record<string, unknown> };
  expect(sent.currentStep).toBe('IDCARD');
  expect(sent.draft).toBe(false);
  expect(sent.data).toEqual({
    chineseName: '张三',
    firstName: 'SAN FENG',
    lastName: 'ZHANG',
    englishName: 'ZHANG SAN FENG',
    idType: 1,
    idNumber: ID,
    idAddress: ADDRESS,
    idAuthority: '深圳市公安局南山分局',
    birthCity: '广东省深圳市',
    birthCountry: 'CN',
    gender: 1,
    birthday: BIRTHDAY,
    idValidTime: '2020-01-01,2040-01-01',
    idCountry: 'CN',
    documentInfo: {
      idCard: { front: { ossId: 'front01', url: '/dl?ossid=front01', description: 'front01.png', ossCategory: 'UserInfo' }, back: { ossId: 'back001', url: '/dl?ossid=back001', description: 'back001.png', ossCategory: 'UserInfo' } },
      CropIdCard: { front: { ossId: 'cropF001', url: '/dl?ossid=cropF001', ossCategory: 'UserInfo' }, back: { ossId: 'cropB001', url: '/dl?ossid=cropB001', ossCategory: 'UserInfo' } },
    },
    contactInfo: { residentialAddress: ADDRESS, residentialAddressCountry: 'CN', mailingAddress: ADDRESS, mailingAddressCountry: 'CN', mailingSameResidential: 1 },
    frontInfo: { surnamePinyinModify: 1, RAW_amlConfirmInfoTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) },
  });
  await waitFor(() => expect(currentLocation()).toBe('/bankCard'));
});

test('Edit in the confirm dialog returns to the form without saving', async () => {
  const fake = api(cnApp());
  render();
  await uploadBoth();
  await waitFor(() => expect(nextButton()).toBeEnabled());
  await userEvent.click(nextButton());
  const dialog = await screen.findByRole('dialog', { name: 'Please confirm your details' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Please confirm your details' })).toBeNull());
  expect(screen.getByLabelText('Name in Chinese')).toBeInTheDocument();
  expect(fake.calls('applyUpdate')).toHaveLength(0);
  expect(currentLocation()).toBe('/IDcard');
});

test('unticking the address box shows the tip with the service link; Next marks the box and focuses it', async () => {
  api(cnApp());
  render();
  await uploadBoth();
  await waitFor(() => expect(nextButton()).toBeEnabled());
  await userEvent.click(screen.getByRole('checkbox', { name: 'My residential address is the same as the address on my ID card' }));
  expect(screen.getByText(/If your residential address differs from your ID address/)).toBeInTheDocument();
  await userEvent.click(nextButton());
  const box = screen.getByRole('checkbox', { name: 'My residential address is the same as the address on my ID card' });
  await waitFor(() => expect(box).toHaveFocus());
  expect(box).toHaveAccessibleDescription('Please tick to confirm');
  expect(screen.queryByRole('dialog', { name: 'Please confirm your details' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'contact customer service' }));
  expect(await screen.findByRole('dialog', { name: /contact/i })).toBeInTheDocument();
});

test('150204: the already-registered dialog with the masked phone', async () => {
  api(cnApp(), {}, {
    applyUpdate: () => {
      throw new ApiError(150204, 'registered', { phone: '138****5678' }, 400);
    },
  });
  render();
  await uploadBoth();
  await waitFor(() => expect(nextButton()).toBeEnabled());
  await userEvent.click(nextButton());
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Please confirm your details' })).getByRole('button', { name: 'Confirm' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'ID already registered' });
  expect(dialog).toHaveTextContent('registered with the phone number 138****5678');
  expect(dialog).toHaveTextContent('Please log in with that original account');
  expect(currentLocation()).toBe('/IDcard');
});

test('under a reject status the name and ID number are read-only; saved data shows the fields at once', async () => {
  const saved = {
    chineseName: '张三',
    firstName: 'SAN',
    lastName: 'ZHANG',
    englishName: 'ZHANG SAN',
    idType: 1,
    idNumber: ID,
    idAddress: ADDRESS,
    idAuthority: '深圳市公安局南山分局',
    birthCity: '广东省深圳市',
    birthCountry: 'CN',
    gender: 1,
    birthday: BIRTHDAY,
    idValidTime: '2020-01-01,长期',
    idCountry: 'CN',
    documentInfo: {
      idCard: { front: { ossId: 'front01', url: '/dl?ossid=front01' }, back: { ossId: 'back001', url: '/dl?ossid=back001' } },
      CropIdCard: { front: { ossId: 'cropF001' }, back: { ossId: 'cropB001' } },
    },
    contactInfo: { residentialAddress: ADDRESS, residentialAddressCountry: 'CN', mailingAddress: ADDRESS, mailingAddressCountry: 'CN', mailingSameResidential: 1 },
    frontInfo: { surnamePinyinModify: 2, RAW_amlConfirmInfoTime: '2026-01-01T00:00:00.000Z' },
  };
  const app = cnApp({ data: { IDCARD: saved }, rejectData: { steps: ['IDCARD'], message: 'please check' } });
  api(app);
  render();
  expect(await screen.findByLabelText('Name in Chinese')).toHaveAttribute('readonly');
  expect(screen.getByLabelText('ID number')).toHaveAttribute('readonly');
  expect(screen.getByLabelText('Surname (pinyin)')).not.toHaveAttribute('readonly');
  expect(screen.getAllByText('The name and ID number cannot be changed on a returned application.').length).toBeGreaterThan(0);
  await waitFor(() => expect(nextButton()).toBeEnabled());
});

test('the link changes the opening method (home)', async () => {
  api(cnApp());
  render();
  await userEvent.click(await screen.findByRole('button', { name: 'Not a mainland ID card? Change the opening method' }));
  expect(currentLocation()).toBe('/account');
});

test('while the application loads, the step’s frame says so (never a blank page)', async () => {
  api(cnApp(), {}, { applyDetail: () => new Promise<never>(() => undefined) });
  render();
  expect(await screen.findByRole('heading', { name: 'Mainland ID card' })).toBeInTheDocument();
  expect(screen.getByText('Loading…')).toBeInTheDocument();
  expect(screen.queryByLabelText('Portrait side')).toBeNull();
});
