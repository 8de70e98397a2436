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

function api(opts: { update?: Update | null; verified?: boolean; set?: boolean; loginNeeded?: boolean; verify?: (p: unknown) => unknown; setPassword?: () => unknown; save?: () => unknown } = {}) {
  return installFakeApi({
    clientConfig: () => makeClientConfig(),
    userInfo: () => makeUser({ subAcctId: SUB, clientStatus: 31, clientInfo: { accts: [makeAccount()] } }),
    clientApplys: () => ({ current: CURRENT, update: opts.update ?? null, notice: null }),
    tradePasswordStatus: () => ({ set: opts.set ?? true, lockedUntil: null, verifiedUntil: opts.verified ? new Date(Date.now() + 600_000).toISOString() : null, loginNeeded: opts.loginNeeded ?? false }),
    tradePasswordVerify: (p) => (opts.verify ? opts.verify(p) : { verifiedUntil: new Date(Date.now() + 600_000).toISOString() }),
    tradePasswordSet: () => (opts.setPassword ? opts.setPassword() : { verifiedUntil: new Date(Date.now() + 600_000).toISOString() }),
    clientApply: () => (opts.save ? opts.save() : { updateId: 'UPD1', status: 1000, module: 512, reUpdateModule: 0, rejectModule: 0 }),
    clientUpdate: () => ({ updateId: 'UPD1', status: 1000, module: 512, reUpdateModule: 0, rejectModule: 0 }),
    clientSubmit: () => ({ status: 1200 }),
  });
}
const at = () => screen.findByRole('note', { name: 'current location' });

test('account info: the address and W-8 on file; editing without the trading password goes to it first; submit waits for a saved module', async () => {
  const a = api();
  const { user } = renderScreenAt('/accountInfo', <AccountInfoScreen />, { route: `/accountInfo?sub=${SUB}` });
  expect(await screen.findByRole('heading', { name: 'W-8BEN form' })).toBeInTheDocument();
  expect(screen.getByText('1 QUEENS ROAD')).toBeInTheDocument();
  // nothing saved yet: the button says why instead of greying out silently, and a press says it again
  const submit = screen.getByRole('button', { name: 'Submit the update' });
  const why = 'Edit and save an item above first: the update sends what you changed.';
  expect(submit).toHaveAttribute('aria-disabled', 'true');
  expect(submit).toHaveAccessibleDescription(why);
  await user.click(submit);
  expect(await screen.findByRole('status')).toHaveTextContent(why);
  expect(a.calls('clientSubmit')).toHaveLength(0);
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

test('the W-8 form: "12/F, 88 Harbour Rd." is cleaned as typed to the W-8BEN line and saved; the same address as on file is not saved', async () => {
  const a = api({ verified: true });
  const { user } = renderScreenAt('/CheckW8', <CheckW8Screen />, { route: `/CheckW8?sub=${SUB}` });
  const box = await screen.findByRole('textbox', { name: /Permanent residence address/ });
  expect(box).toHaveAccessibleDescription(expect.stringContaining('other marks become spaces as you type (12/F → 12 F)'));
  // nothing changed: Save says so rather than being a grey button
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(toast.current()?.message).toBe('You have not changed anything.'));
  // emptied: the field is marked and focused
  await user.clear(box);
  await new Promise((r) => setTimeout(r, 1100)); // the footer button's one-second debounce
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(box).toHaveFocus());
  expect(box).toHaveAccessibleDescription(expect.stringContaining('Required'));
  // the address on file, typed again in lower case with marks: the same line, nothing to save
  await user.type(box, '1 queen’s road');
  expect(box).toHaveValue('1 QUEENS ROAD');
  await new Promise((r) => setTimeout(r, 1100));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(toast.current()?.message).toBe('You have not changed anything.'));
  expect(a.calls('clientApply')).toHaveLength(0);
  await user.clear(box);
  await user.type(box, '12/F, 88 Harbour Rd.');
  expect(box).toHaveValue('12 F 88 HARBOUR RD ');
  await user.tab();
  expect(box).toHaveValue('12 F 88 HARBOUR RD');
  expect(screen.queryByText('Capital letters, digits and spaces only')).not.toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 1100)); // the footer button's one-second debounce
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(a.calls('clientApply')).toEqual([{ subAcctId: SUB, cltId: '12345678', module: 512, action: 1, data: { country: 'HK', residenceAddress: '12 F 88 HARBOUR RD' } }]));
  expect(await at()).toHaveTextContent(`/accountInfo?sub=${SUB}`);
});

test('the W-8 form in Chinese: Chinese characters typed are removed and named under the field, in the page language', async () => {
  api({ verified: true });
  const { user } = renderScreenAt('/CheckW8', <CheckW8Screen />, { route: `/CheckW8?sub=${SUB}`, lang: 'zh-TW' });
  const box = await screen.findByRole('textbox', { name: /永久居住地址/ });
  await user.clear(box);
  await user.type(box, '灣仔港灣道88號 Harbour Road');
  expect(box).toHaveValue('88 HARBOUR ROAD');
  expect(screen.getByText('已移除：灣仔港道號。W-8BEN 須以英文填寫：請用英文字母寫出這部分地址。')).toHaveAttribute('role', 'status');
  expect(box).toHaveAccessibleDescription(expect.stringContaining('已移除：灣仔港道號'));
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

describe('the first trading password asks for a recent login before it is typed', () => {
  const route = `/tradePassword?sub=${SUB}&next=${encodeURIComponent(`/CheckW8?sub=${SUB}`)}`;
  const loginUrl = `/login?again=1&redirect=${encodeURIComponent(route)}`;

  test.each([
    ['en', 'For your security, log in again before you set your trading password.', 'Log in again'],
    ['zh-CN', '为保障账户安全，请重新登录后再设置交易密码。', '重新登录'],
    ['zh-TW', '為保障賬戶安全，請重新登入後再設置交易密碼。', '重新登入'],
  ] as const)('an old login: no password field, the login asked first, and back here after it (%s)', async (lang, text, button) => {
    const a = api({ set: false, loginNeeded: true });
    const { user } = renderScreenAt('/tradePassword', <TradePasswordScreen />, { route, lang });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByLabelText(/6/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: button }));
    expect(await at()).toHaveTextContent(loginUrl);
    expect(a.calls('logout')).toHaveLength(0); // the session stays: the login screen logs in again as its user
    expect(a.calls('tradePasswordSet')).toHaveLength(0);
  });

  test('a recent login: the form; a login that grew old while typing (152009) asks the same way', async () => {
    api({ set: false, setPassword: () => { throw new ApiError(152009, 'login again'); } });
    const { user } = renderScreenAt('/tradePassword', <TradePasswordScreen />, { route });
    await user.type(await screen.findByLabelText('New trading password (6 digits)'), '135790');
    await user.type(screen.getByLabelText('Enter it again'), '135790');
    await user.click(screen.getByRole('button', { name: 'Set and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('For your security, log in again');
    await user.click(screen.getByRole('button', { name: 'Log in again' }));
    expect(await at()).toHaveTextContent(loginUrl);
  });

  test('a password already set is verified whatever the login time', async () => {
    api({ set: true, loginNeeded: false });
    renderScreenAt('/tradePassword', <TradePasswordScreen />, { route });
    expect(await screen.findByLabelText('Trading password')).toBeInTheDocument();
  });
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

describe('every status of a submitted update has its view (spec part 3 §4)', () => {
  test.each([
    ['1900 sent back by a reviewer', upd({ status: 1900, module: 8, rejectModule: 8, rejectData: { message: 'The bill is too old.', steps: ['address'] } })],
    ['1901 a document check failed', upd({ status: 1901, module: 8, rejectModule: 8, rejectData: { message: 'The proof could not be read.', steps: ['address'] } })],
    ['1902 expired before review, no reason given', upd({ status: 1902, module: 8, rejectModule: 8, rejectData: null })],
    ['1902 expired, no module named', upd({ status: 1902, module: 512, rejectModule: 0, rejectData: { message: '', steps: [] } })],
  ])('%s: the failure, a way to correct and a way to submit again', async (_n, update) => {
    api({ update, verified: true });
    renderScreenAt('/status', <UpdateStatusScreen />, { route: `/status?sub=${SUB}` });
    expect(await screen.findByRole('heading', { name: 'Your update was not approved' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'To correct' }).querySelectorAll('li').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Submit the update' })).toBeInTheDocument();
    // a reason always: the reviewer's, or the status's own
    expect(screen.getByRole('note', { name: 'Reason from our review team' })).toHaveTextContent(update.rejectData?.message || (update.status === 1902 ? 'expired before it could be reviewed' : ''));
  });

  test('a status this page does not know reads as under review, never blank', async () => {
    api({ update: upd({ status: 1300, module: 8 }), verified: true });
    renderScreenAt('/status', <UpdateStatusScreen />, { route: `/status?sub=${SUB}` });
    expect(await screen.findByRole('heading', { name: 'Your update is under review' })).toBeInTheDocument();
  });
});

test('the status page follows staff: under review, then the decision shows without leaving the page', async () => {
  let update = upd({ status: 1200, module: 8 });
  installFakeApi({
    clientConfig: () => makeClientConfig(),
    userInfo: () => makeUser({ subAcctId: SUB, clientStatus: 31, clientInfo: { accts: [makeAccount()] } }),
    clientApplys: () => ({ current: CURRENT, update, notice: null }),
    tradePasswordStatus: () => ({ set: true, lockedUntil: null, verifiedUntil: null, loginNeeded: false }),
  });
  renderScreenAt('/status', <UpdateStatusScreen />, { route: `/status?sub=${SUB}` });
  expect(await screen.findByRole('heading', { name: 'Your update is under review' })).toBeInTheDocument();
  update = upd({ status: 1900, module: 8, rejectModule: 8, rejectData: { message: 'The bill is too old.', steps: ['address'] } });
  expect(await screen.findByRole('heading', { name: 'Your update was not approved' }, { timeout: 8000 })).toBeInTheDocument();
  expect(screen.getByText(/The bill is too old\./)).toBeInTheDocument();
});
