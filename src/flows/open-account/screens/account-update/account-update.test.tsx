/** The update area through its screens: the api faked at callApi. */
jest.mock('@core/api/client');

import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import { installFakeApi } from '@core/testing/fake-api';
import { makeAccount, makeClientConfig, makeUser } from '@core/testing/factories';
import { renderScreenAt } from '@core/testing/render-with-providers';
import { toast } from '@core/ui/toast';
import AccountInfoScreen from './AccountInfoScreen';
import CheckW8Screen from './CheckW8Screen';
import TradePasswordScreen from './TradePasswordScreen';
import UpdateStatusScreen from './UpdateStatusScreen';

jest.setTimeout(30000);
const SUB = 'S12345678';
const CURRENT = {
  address: { residentialAddress: '1 Queens Road', residentialAddressCity: '', residentialAddressCountry: 'HK', mailingSameResidential: 1, mailingAddress: '', mailingAddressCity: '', mailingAddressCountry: '' },
  w8: { country: 'HK', residenceAddress: '1 QUEENS ROAD' },
};
type Update = { updateId: string; status: number; module: number; reUpdateModule: number; rejectModule: number; isCreated: true; rejectData: { message: string; steps: string[] } | null; data: Record<string, unknown> };
const upd = (over: Partial<Update> = {}): Update => ({ updateId: 'UPD1', status: 1000, module: 0, reUpdateModule: 0, rejectModule: 0, isCreated: true, rejectData: null, data: {}, ...over });

function api(opts: { update?: Update | null; verified?: boolean; set?: boolean; verify?: (p: unknown) => unknown; save?: () => unknown } = {}) {
  return installFakeApi({
    clientConfig: () => makeClientConfig(),
    userInfo: () => makeUser({ subAcctId: SUB, clientStatus: 31, clientInfo: { accts: [makeAccount()] } }),
    clientApplys: () => ({ current: CURRENT, update: opts.update ?? null, notice: null }),
    tradePasswordStatus: () => ({ set: opts.set ?? true, lockedUntil: null, verifiedUntil: opts.verified ? new Date(Date.now() + 600_000).toISOString() : null }),
    tradePasswordVerify: (p) => (opts.verify ? opts.verify(p) : { verifiedUntil: new Date(Date.now() + 600_000).toISOString() }),
    tradePasswordSet: () => ({ verifiedUntil: new Date(Date.now() + 600_000).toISOString() }),
    clientApply: () => (opts.save ? opts.save() : { updateId: 'UPD1', status: 1000, module: 512, reUpdateModule: 0, rejectModule: 0 }),
    clientUpdate: () => ({ updateId: 'UPD1', status: 1000, module: 512, reUpdateModule: 0, rejectModule: 0 }),
    clientSubmit: () => ({ status: 1200 }),
  });
}
const at = () => screen.findByRole('note', { name: 'current location' });

test('account info: the address and W-8 on file; editing without the trading password goes to it first; submit waits for a saved module', async () => {
  api();
  const { user } = renderScreenAt('/accountInfo', <AccountInfoScreen />, { route: `/accountInfo?sub=${SUB}` });
  expect(await screen.findByRole('heading', { name: 'W-8BEN form' })).toBeInTheDocument();
  expect(screen.getByText('1 QUEENS ROAD')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Submit the update' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Edit W-8BEN form' }));
  expect(await at()).toHaveTextContent(`/tradePassword?sub=${SUB}&next=${encodeURIComponent(`/CheckW8?sub=${SUB}`)}`);
});

test('account info with the W-8 saved: "Saved", and Submit sends the update', async () => {
  const a = api({ update: upd({ module: 512, data: { '512': { country: 'HK', residenceAddress: '2 QUEENS ROAD' } } }), verified: true });
  const { user } = renderScreenAt('/accountInfo', <AccountInfoScreen />, { route: `/accountInfo?sub=${SUB}` });
  expect(await screen.findByText('2 QUEENS ROAD')).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: /W-8BEN form/ })).getByText('Saved')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Submit the update' }));
  await waitFor(() => expect(a.calls('clientSubmit')).toEqual([{ subAcctId: SUB, cltId: '12345678', updateId: 'UPD1' }]));
  expect(await at()).toHaveTextContent(`/status?sub=${SUB}`);
});

test('the W-8 form: capitals as typed, punctuation refused, the same address as on file is not saved, a new one is', async () => {
  const a = api({ verified: true });
  const { user } = renderScreenAt('/CheckW8', <CheckW8Screen />, { route: `/CheckW8?sub=${SUB}` });
  const box = await screen.findByRole('textbox', { name: /Permanent residence address/ });
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  await user.clear(box);
  await user.type(box, 'flat 2, queens road');
  expect(box).toHaveValue('FLAT 2, QUEENS ROAD');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Capital letters, digits and spaces only')).toBeInTheDocument();
  expect(a.calls('clientApply')).toHaveLength(0);
  await user.clear(box);
  await user.type(box, 'flat 2 queens road');
  await new Promise((r) => setTimeout(r, 1100)); // the footer button's one-second debounce
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(a.calls('clientApply')).toEqual([{ subAcctId: SUB, cltId: '12345678', module: 512, action: 1, data: { country: 'HK', residenceAddress: 'FLAT 2 QUEENS ROAD' } }]));
  expect(await at()).toHaveTextContent(`/accountInfo?sub=${SUB}`);
});

test.each([
  [200016, 'The save was not pushed.'],
  [200017, 'The update was not pushed.'],
  [100500, 'Data error. Please check your information and try again.'],
  [100400, 'Data error. Please check your information and try again.'],
  [152008, 'Data error. Please check your information and try again.'],
])('a W-8 save refused with %s: "%s", and the form stays', async (code, text) => {
  toast.clear();
  api({ verified: true, save: () => Promise.reject(new ApiError(code, 'the service\'s own words', undefined, 400)) });
  const { user } = renderScreenAt('/CheckW8', <CheckW8Screen />, { route: `/CheckW8?sub=${SUB}` });
  const box = await screen.findByRole('textbox', { name: /Permanent residence address/ });
  await user.clear(box);
  await user.type(box, 'flat 2 queens road');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(toast.current()?.message).toBe(text));
  expect(await at()).toHaveTextContent(`/CheckW8?sub=${SUB}`);
});

test('the trading password: set twice the first time; later a wrong one tells the tries left, the lock says for how long', async () => {
  api({ set: false });
  const first = renderScreenAt('/tradePassword', <TradePasswordScreen />, { route: `/tradePassword?sub=${SUB}&next=${encodeURIComponent(`/CheckW8?sub=${SUB}`)}` });
  await first.user.type(await screen.findByLabelText('New trading password (6 digits)'), '123456');
  await first.user.type(screen.getByLabelText('Enter it again'), '123456');
  await first.user.click(screen.getByRole('button', { name: 'Set and continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Too easy to guess');
  await first.user.type(screen.getByLabelText('New trading password (6 digits)'), '{Control>}a{/Control}135790');
  await first.user.type(screen.getByLabelText('Enter it again'), '{Control>}a{/Control}135791');
  await first.user.click(screen.getByRole('button', { name: 'Set and continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The two passwords do not match');
  await first.user.type(screen.getByLabelText('Enter it again'), '{Control>}a{/Control}135790');
  await first.user.click(screen.getByRole('button', { name: 'Set and continue' }));
  expect(await at()).toHaveTextContent(`/CheckW8?sub=${SUB}`);
  first.unmount();

  let tries = 2;
  api({ verify: () => { throw tries-- > 0 ? new ApiError(152003, 'wrong', { triesLeft: 4 }) : new ApiError(152004, 'locked', { retryAfterSeconds: 1800 }); } });
  const later = renderScreenAt('/tradePassword', <TradePasswordScreen />, { route: `/tradePassword?sub=${SUB}` });
  await later.user.type(await screen.findByLabelText('Trading password'), '000001');
  await later.user.click(screen.getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('4 tries left');
  await later.user.type(screen.getByLabelText('Trading password'), '000001');
  await later.user.click(screen.getByRole('button', { name: 'Confirm' }));
  await later.user.type(screen.getByLabelText('Trading password'), '000001');
  await later.user.click(screen.getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByText(/locked\. Try again in 30 minutes/)).toBeInTheDocument();
  expect(screen.queryByLabelText('Trading password')).not.toBeInTheDocument();
});

test('sent back: the reason, the modules to correct, and submitting without correcting one asks first', async () => {
  const a = api({ update: upd({ status: 1900, module: 520, rejectModule: 520, reUpdateModule: 512, rejectData: { message: 'The proof is too old.', steps: ['address', 'w8'] } }), verified: true });
  const { user } = renderScreenAt('/status', <UpdateStatusScreen />, { route: `/status?sub=${SUB}` });
  expect(await screen.findByText('The proof is too old.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Saved W-8BEN form' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Submit the update' }));
  const dialog = await screen.findByRole('dialog', { name: 'Some items are not corrected' });
  await user.click(within(dialog).getByRole('button', { name: 'Submit anyway' }));
  await waitFor(() => expect(a.calls('clientSubmit')).toHaveLength(1));
  // the returned address is not saved again: checking everything first
  await user.click(screen.getByRole('button', { name: 'Edit Address' }));
  const check = await screen.findByRole('dialog', { name: 'Please check all your address details' });
  await user.click(within(check).getByRole('button', { name: 'Check them' }));
  expect(await at()).toHaveTextContent(`/AllDataCheck?sub=${SUB}`);
});
