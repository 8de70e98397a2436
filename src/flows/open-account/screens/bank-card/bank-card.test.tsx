/**
 * /bankCard through the screen: roles and labels only; the api faked at callApi, uploads faked at uploadFile.
 */
jest.mock('@core/api/client');
jest.mock('@core/api/upload', () => ({ uploadFile: jest.fn() }));

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@core/api/api-error';
import { uploadFile } from '@core/api/upload';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi, type FakeApiHandlers } from '@core/testing/fake-api';
import { makeApplication } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import BankCardScreen from './BankCardScreen';

const upload = uploadFile as jest.MockedFunction<typeof uploadFile>;
const CARD = '6222021234567890128';

function api(app: ApplicationView, over: FakeApiHandlers = {}) {
  return installFakeApi({
    applyDetail: () => app,
    bankcardOcr: (p: { ossId: string }) => {
      if (p.ossId === 'card0001') return { acctNumber: CARD };
      throw new ApiError(150302, 'no number', undefined, 400);
    },
    applyUpdate: (p: { data: Record<string, unknown> }) => ({ application: { ...app, data: { BANKCARD: p.data } }, nextStep: 'JOBSTATUS' }),
    ...over,
  });
}

function render() {
  return renderScreenAt('/bankCard', <BankCardScreen />, { lang: 'en' });
}

const cnApp = (over: Partial<ApplicationView> = {}) => makeApplication({ clientType: 'cn', ...over });
const nextButton = () => screen.getByRole('button', { name: 'Next' });
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

async function fill({ card = CARD, phone = '13812345678', email = 'zhang.san@qq.com' } = {}) {
  await userEvent.type(await screen.findByLabelText('Card number'), card);
  await userEvent.type(screen.getByLabelText('Phone number registered at the bank'), phone);
  await userEvent.type(screen.getByLabelText('E-mail'), email);
}

async function scan(fileName: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Scan the card' }));
  const sheet = await screen.findByRole('dialog', { name: 'Scan your bank card' });
  const input = within(sheet).getByLabelText('Scan your bank card');
  await act(async () => {
    fireEvent.change(input, { target: { files: [png(fileName)] } });
  });
}

test('typing: digits only within the limits, e-mail cleaned; Next saves the BANKCARD data and moves on', async () => {
  const fake = api(cnApp());
  render();
  // an English page preselects English statements, and says which two languages statements come in
  expect(await screen.findByRole('radio', { name: 'English' })).toBeChecked();
  expect(screen.getByRole('radiogroup', { name: /Statement language/ })).toHaveAccessibleDescription('Statements are issued in Traditional Chinese or English.');
  await fill({ card: '6222 0212-3456 7890 128 99999999', phone: '138 1234 5678 9', email: 'zhang. san@qq.com' });
  expect(screen.getByLabelText('Card number')).toHaveValue('6222021234567890128999999');
  expect(screen.getByLabelText('Phone number registered at the bank')).toHaveValue('13812345678');
  expect(screen.getByLabelText('E-mail')).toHaveValue('zhang.san@qq.com');
  await userEvent.clear(screen.getByLabelText('Card number'));
  await userEvent.type(screen.getByLabelText('Card number'), CARD);
  await userEvent.click(screen.getByRole('radio', { name: 'Traditional Chinese' }));
  await userEvent.click(screen.getByRole('radio', { name: 'English' }));
  await waitFor(() => expect(nextButton()).toBeEnabled());
  await userEvent.click(nextButton());
  await waitFor(() => expect(fake.calls('applyUpdate')).toHaveLength(1));
  expect(fake.calls('applyUpdate')[0]).toMatchObject({
    currentStep: 'BANKCARD',
    draft: false,
    data: { bankInfo: { acctNumber: CARD, phone: '13812345678' }, email: 'zhang.san@qq.com', defaultLanguage: 'en', statementDeliveryWay: 'email' },
  });
  expect((fake.calls('applyUpdate')[0] as { data: Record<string, unknown> }).data.documentInfo).toBeUndefined();
  await waitFor(() => expect(currentLocation()).toBe('/jobStatus'));
});

test('field errors show after leaving the field; Next marks them and focuses the first, saving nothing', async () => {
  const fake = api(cnApp());
  render();
  await fill({ card: '12345', phone: '2381234567', email: 'zhang@qq' });
  await userEvent.click(screen.getByRole('heading', { level: 1 }));
  expect(screen.getByText('Please enter a card number of 12 to 25 digits')).toBeInTheDocument();
  expect(screen.getByText('Please enter an 11-digit mainland China mobile number')).toBeInTheDocument();
  expect(screen.getByText('Please enter a correct e-mail address')).toBeInTheDocument();
  await userEvent.click(nextButton());
  await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveFocus());
  expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription('Please enter a card number of 12 to 25 digits');
  expect(fake.calls('applyUpdate')).toHaveLength(0);
});

test('scanning the card fills the number and sends the scanned image with it', async () => {
  const fake = api(cnApp());
  render();
  await scan('card0001');
  await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveValue(CARD));
  expect(fake.calls('bankcardOcr')[0]).toMatchObject({ ossId: 'card0001', ossCategory: 'UserInfo' });
  await userEvent.type(screen.getByLabelText('Phone number registered at the bank'), '13812345678');
  await userEvent.type(screen.getByLabelText('E-mail'), 'zhang.san@qq.com');
  await waitFor(() => expect(nextButton()).toBeEnabled());
  await userEvent.click(nextButton());
  await waitFor(() => expect(fake.calls('applyUpdate')).toHaveLength(1));
  expect((fake.calls('applyUpdate')[0] as { data: Record<string, unknown> }).data.documentInfo).toEqual({
    bankCard: { ossId: 'card0001', url: '/dl?ossid=card0001', description: 'card0001.png', ossCategory: 'UserInfo' },
  });
});

test('a failed scan shows the recognition error toast and leaves the number as it was', async () => {
  api(cnApp());
  render();
  await scan('blurred1');
  expect(await screen.findByText('Bank card recognition error. Please try again or enter the number.')).toBeInTheDocument();
  expect(screen.getByLabelText('Card number')).toHaveValue('');
});

test('150302 on save shows the bank-card-wrong message and stays', async () => {
  api(cnApp(), {
    applyUpdate: () => {
      throw new ApiError(150302, 'wrong', undefined, 400);
    },
  });
  render();
  await fill();
  await waitFor(() => expect(nextButton()).toBeEnabled());
  await userEvent.click(nextButton());
  expect(await screen.findByText('The bank card is not correct. Please check the card number and the phone number registered at the bank.')).toBeInTheDocument();
  expect(currentLocation()).toBe('/bankCard');
});

test('saved data fills the form', async () => {
  api(cnApp({ data: { BANKCARD: { bankInfo: { acctNumber: CARD, phone: '13812345678' }, email: 'a@b.com', defaultLanguage: 'en', statementDeliveryWay: 'email' } } }));
  render();
  expect(await screen.findByLabelText('Card number')).toHaveValue(CARD);
  expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
  await waitFor(() => expect(nextButton()).toBeEnabled());
});

test('while the application loads, the step’s frame says so (never a blank page)', async () => {
  api(cnApp(), { applyDetail: () => new Promise<never>(() => undefined) });
  render();
  expect(await screen.findByRole('heading', { name: 'Bank card' })).toBeInTheDocument();
  expect(screen.getByText('Loading…')).toBeInTheDocument();
  expect(screen.queryByLabelText('Card number')).toBeNull();
});
