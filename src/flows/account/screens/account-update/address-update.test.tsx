/** The address module of an account update through its screens: the api faked at callApi, uploads at uploadFile. */
jest.mock('@core/api/client');
jest.mock('@core/api/upload', () => ({ uploadFile: jest.fn() }));

import { screen, waitFor, within } from '@testing-library/react';
import { uploadFile } from '@core/api/upload';
import { installFakeApi } from '@core/testing/fake-api';
import { makeAccount, makeClientConfig, makeUser } from '@core/testing/factories';
import { renderScreenAt } from '@core/testing/render-with-providers';
import AllDataCheckScreen from './AllDataCheckScreen';
import EditAddressDetailsScreen from './EditAddressDetailsScreen';
import EditAddressScreen from './EditAddressScreen';

jest.setTimeout(30000);
const upload = uploadFile as jest.MockedFunction<typeof uploadFile>;
const SUB = 'S12345678';
const HELD = { residentialAddress: '1 Queens Road', residentialAddressCity: '', residentialAddressCountry: 'HK', mailingSameResidential: 1, mailingAddress: '1 Queens Road', mailingAddressCity: '', mailingAddressCountry: 'HK' };
const PROOF = { ossId: 'proof0001', url: '/signed/proof0001', description: 'bill.png', ossCategory: 'UserApply' };
type Update = { updateId: string; status: number; module: number; reUpdateModule: number; rejectModule: number; isCreated: true; rejectData: { message: string; steps: string[] } | null; data: Record<string, unknown> };
const upd = (over: Partial<Update> = {}): Update => ({ updateId: 'UPD1', status: 1000, module: 0, reUpdateModule: 0, rejectModule: 0, isCreated: true, rejectData: null, data: {}, ...over });

function api(update: Update | null = null) {
  upload.mockResolvedValue({ ossId: 'proof0001', ossUrl: '/signed/proof0001' });
  return installFakeApi({
    clientConfig: () => makeClientConfig(),
    userInfo: () => makeUser({ subAcctId: SUB, clientStatus: 31, clientInfo: { accts: [makeAccount()] } }),
    clientApplys: () => ({ current: { address: HELD, w8: { country: 'HK', residenceAddress: '1 QUEENS ROAD' } }, update, notice: null }),
    tradePasswordStatus: () => ({ set: true, lockedUntil: null, verifiedUntil: new Date(Date.now() + 600_000).toISOString() }),
    kycKeyValue: () => ({ value: 'No 1 Dongchangan Street, Dongcheng District, Beijing' }),
    clientApply: () => ({ updateId: 'UPD1', status: 1000, module: 8, reUpdateModule: 0, rejectModule: 0 }),
    clientUpdate: () => ({ updateId: 'UPD1', status: 1000, module: 520, reUpdateModule: 0, rejectModule: 0 }),
    clientSubmit: () => ({ status: 1200 }),
  });
}
const at = () => screen.findByRole('note', { name: 'current location' });

test('a new residential address: no change and no proof are refused with their toasts; with a proof it is saved and the check page follows', async () => {
  const a = api();
  const { user } = renderScreenAt('/editAddress', <EditAddressScreen />, { route: `/editAddress?sub=${SUB}` });
  const address = await screen.findByRole('textbox', { name: /Detailed address/ });
  expect(address).toHaveValue('1 Queens Road');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('You have not changed anything.')).toBeInTheDocument();
  await user.clear(address);
  await user.type(address, '8 Harbour Road, Wan Chai');
  await new Promise((r) => setTimeout(r, 1100)); // the footer button's debounce
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Please upload a proof of your new address')).toBeInTheDocument();
  // the uploader is marked and focused
  await waitFor(() => expect(screen.getByLabelText(/Proof of residential address/, { selector: 'input' })).toHaveFocus());
  await user.upload(screen.getByLabelText(/Proof of residential address/, { selector: 'input' }), new File(['x'], 'bill.png', { type: 'image/png' }));
  await waitFor(() => expect(upload).toHaveBeenCalled());
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(a.calls('clientApply')).toHaveLength(1));
  expect(a.calls('clientApply')[0]).toMatchObject({ subAcctId: SUB, module: 8, action: 1, data: { residentialAddress: '8 Harbour Road, Wan Chai', mailingSameResidential: 1, proofOfAddress: { residence: [{ ossId: 'proof0001' }] } } });
  expect(await at()).toHaveTextContent(`/AllDataCheck?sub=${SUB}`);
});

test('a different mailing address is filled in on its own page and kept while going back and forth', async () => {
  api();
  const first = renderScreenAt('/editAddress', <EditAddressScreen />, { route: `/editAddress?sub=${SUB}` });
  await first.user.click(await screen.findByRole('radio', { name: 'To a different address' }));
  await first.user.click(screen.getByRole('button', { name: 'Save' }));
  expect((await screen.findAllByText('Please fill in your mailing address and its proof')).length).toBeGreaterThan(0);
  // the mailing card is what is missing: its button takes the focus
  await waitFor(() => expect(screen.getByRole('button', { name: 'Fill in mailing address' })).toHaveFocus());
  await first.user.click(screen.getByRole('button', { name: 'Fill in mailing address' }));
  expect(await at()).toHaveTextContent(`/editAddressDetails?sub=${SUB}`);
  first.unmount();

  const details = renderScreenAt('/editAddressDetails', <EditAddressDetailsScreen />, { route: `/editAddressDetails?sub=${SUB}` });
  await details.user.click(await screen.findByRole('button', { name: 'Done' }));
  // every missing field is marked, the first (the country) focused, and the toast says how many
  await waitFor(() => expect(screen.getByRole('button', { name: /^Country or region/ })).toHaveFocus());
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/\d fields need your attention/));
  expect(screen.getByRole('textbox', { name: /Detailed address/ })).toHaveAccessibleDescription(expect.stringContaining('Required'));
  await details.user.type(screen.getByRole('textbox', { name: /Detailed address/ }), 'PO Box 88, Central Post Office');
  await details.user.click(screen.getByRole('button', { name: /^Country or region/ }));
  const picker = await screen.findByRole('dialog', { name: 'Country or region' });
  await details.user.click(await within(picker).findByRole('button', { name: 'Hong Kong, China' }));
  await details.user.upload(screen.getByLabelText(/Proof of mailing address/, { selector: 'input' }), new File(['y'], 'letter.png', { type: 'image/png' }));
  await waitFor(() => expect(upload).toHaveBeenCalled());
  await new Promise((r) => setTimeout(r, 1100));
  await details.user.click(screen.getByRole('button', { name: 'Done' }));
  expect(await at()).toHaveTextContent(`/editAddress?sub=${SUB}`);
  details.unmount();

  renderScreenAt('/editAddress', <EditAddressScreen />, { route: `/editAddress?sub=${SUB}` });
  const card = await screen.findByRole('region', { name: 'Mailing address' });
  expect(within(card).getByText(/PO Box 88, Central Post Office/)).toBeInTheDocument();
  expect(within(card).getByText('Filled in')).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'To a different address' })).toBeChecked();
});

test('the check page: the saved address, the W-8BEN offered in English for the new address, and submitting', async () => {
  const saved = { ...HELD, residentialAddress: '北京市东城区东长安街1号', residentialAddressCountry: 'CN', residentialAddressCity: '北京', mailingAddress: '北京市东城区东长安街1号', proofOfAddress: { residence: [PROOF], mailing: [] } };
  const a = api(upd({ module: 8, data: { '8': saved } }));
  const { user } = renderScreenAt('/AllDataCheck', <AllDataCheckScreen />, { route: `/AllDataCheck?sub=${SUB}` });
  const residential = await screen.findByRole('region', { name: 'Residential address' });
  expect(within(residential).getByText(/北京市东城区东长安街1号/)).toBeInTheDocument();
  expect(await screen.findByText('NO 1 DONGCHANGAN STREET DONGCHENG DISTRICT BEIJING')).toBeInTheDocument();
  // submitting with the old W-8BEN address asks first
  await user.click(screen.getByRole('button', { name: 'Submit the update' }));
  const dialog = await screen.findByRole('dialog', { name: 'Your W-8BEN still has the old address' });
  await user.click(within(dialog).getByRole('button', { name: 'Update it first' }));
  // back at the W-8BEN's card: its suggestion is where the focus is
  await waitFor(() => expect(screen.getByRole('button', { name: 'Use it on my W-8BEN' })).toHaveFocus());
  await user.click(screen.getByRole('button', { name: 'Use it on my W-8BEN' }));
  await waitFor(() => expect(a.calls('clientUpdate')).toHaveLength(1));
  expect(a.calls('clientUpdate')[0]).toMatchObject({ updateId: 'UPD1', module: 512, action: 1, data: { country: 'CN', residenceAddress: 'NO 1 DONGCHANGAN STREET DONGCHENG DISTRICT BEIJING' } });
});

test('the check page with the W-8BEN saved too: Submit sends the update and opens its progress', async () => {
  const saved = { ...HELD, residentialAddress: '8 Harbour Road', proofOfAddress: { residence: [PROOF], mailing: [] } };
  const a = api(upd({ module: 520, data: { '8': saved, '512': { country: 'HK', residenceAddress: '8 HARBOUR ROAD' } } }));
  const { user } = renderScreenAt('/AllDataCheck', <AllDataCheckScreen />, { route: `/AllDataCheck?sub=${SUB}` });
  expect(await screen.findByText('8 HARBOUR ROAD')).toBeInTheDocument();
  expect(screen.queryByText(/should be your new address/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Submit the update' }));
  await waitFor(() => expect(a.calls('clientSubmit')).toHaveLength(1));
  expect(await at()).toHaveTextContent(`/status?sub=${SUB}`);
});
