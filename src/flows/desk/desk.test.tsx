/**
 * The review desk's screens, with the desk's calls faked (the service's side is server/test/staff.test.ts, the whole
 * journey e2e/journeys/14-review-desk.ts): sign-in and its failures, the queue and its claim and filters, a case's
 * send-back form and the four-eyes rule as the desk shows it.
 */
jest.mock('@core/api/staff', () => ({ ...jest.requireActual('@core/api/staff'), staffApi: jest.fn() }));

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@core/api/staff';
import { ErrorCode } from '@core/domain/errors';
import { alan, callsOf, caseOf, fake, open, queueOf, rita, row } from './desk-testing';

// the desk renders antd tables and forms in jsdom: several seconds a test on a busy 2-core machine, 60 s at most
jest.setTimeout(60000);

beforeEach(() => {
  window.location.hash = '';
});

test('a wrong sign-in says how many tries are left and keeps what was typed; the right one opens the queue', async () => {
  let signedIn = false;
  fake({
    staffMe: () => {
      if (!signedIn) throw new ApiError(ErrorCode.LOGIN_EXPIRED, '', undefined, 401);
      return rita;
    },
    staffSignIn: (p: { password: string; code: string }) => {
      if (p.password !== 'right-password') throw new ApiError(ErrorCode.STAFF_SIGN_IN_FAILED, '', { triesLeft: 3 }, 401);
      signedIn = true;
      return { staff: rita, expiresAt: '2026-11-28T12:00:00.000Z' };
    },
    staffQueue: queueOf([row()]),
  });
  const user = userEvent.setup({ delay: null });
  open('#/login');
  await user.type(await screen.findByLabelText('Login'), 'rita');
  await user.type(screen.getByLabelText('Password'), 'wrong');
  await user.type(screen.getByLabelText('Authenticator code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The login, password or authenticator code is not right. 3 tries left');
  expect(screen.getByLabelText('Login')).toHaveValue('rita');
  // the code is cleared: a code is taken once
  expect(screen.getByLabelText('Authenticator code')).toHaveValue('');
  expect(callsOf('staffSignIn')).toEqual([{ login: 'rita', password: 'wrong', code: '123456' }]);

  await user.clear(screen.getByLabelText('Password'));
  await user.type(screen.getByLabelText('Password'), 'right-password');
  await user.type(screen.getByLabelText('Authenticator code'), '654321');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('heading', { name: 'Applications to review' })).toBeInTheDocument();
});

test('a code that is not 6 digits is refused on the page, without a call', async () => {
  fake({ staffMe: () => Promise.reject(new ApiError(ErrorCode.LOGIN_EXPIRED, '', undefined, 401)) });
  const user = userEvent.setup({ delay: null });
  open('#/login');
  await user.type(await screen.findByLabelText('Login'), 'rita');
  await user.type(screen.getByLabelText('Password'), 'x');
  await user.type(screen.getByLabelText('Authenticator code'), '12a');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('The code is 6 digits.')).toBeInTheDocument();
  expect(callsOf('staffSignIn')).toEqual([]);
});

test('a locked account is told when to try again', async () => {
  fake({
    staffMe: () => Promise.reject(new ApiError(ErrorCode.LOGIN_EXPIRED, '', undefined, 401)),
    staffSignIn: () => Promise.reject(new ApiError(ErrorCode.STAFF_LOCKED, '', { retryAfterSeconds: 600 }, 429)),
  });
  const user = userEvent.setup({ delay: null });
  open('#/login');
  await user.type(await screen.findByLabelText('Login'), 'rita');
  await user.type(screen.getByLabelText('Password'), 'x');
  await user.type(screen.getByLabelText('Authenticator code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong sign-ins. Try again later. Try again in 10 minutes.');
});

test('the queue shows each application and its counts, and a claim names the application', async () => {
  fake({ staffMe: () => rita, staffQueue: queueOf([row(), row({ appId: 'APP00000000000000002', name: 'LEE Siu Ming', claimedBy: { staffId: 's2', displayName: 'Alan Approver' } })]), staffClaim: (p) => row({ ...p, claimedBy: rita }) });
  const user = userEvent.setup({ delay: null });
  open('#/queue');
  expect(await screen.findByRole('link', { name: 'CHAN Tai Man' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^2 Under review/ })).toHaveAccessibleName(/usually 6 h here/);
  // the other reviewer's case has no claim button
  expect(screen.queryByRole('button', { name: 'Claim the application of LEE Siu Ming' })).toBeNull();
  expect(screen.getByText('Alan Approver')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Claim the application of CHAN Tai Man' }));
  await waitFor(() => expect(callsOf('staffClaim')).toEqual([{ appId: 'APP00000000000000001' }]));
  expect(await screen.findByText('You hold this application now.')).toBeInTheDocument();
});

test('the filters go to the service as soon as they are chosen, without a button, and live in the address', async () => {
  fake({ staffMe: () => rita, staffQueue: queueOf([]) });
  const user = userEvent.setup({ delay: null });
  open('#/queue');
  expect(await screen.findByText('No application matches.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Filter' })).toBeNull();
  await user.click(screen.getByRole('checkbox', { name: 'Mine only' }));
  await waitFor(() => expect(callsOf('staffQueue').at(-1)).toMatchObject({ mine: 'true', page: '1' }));
  await user.click(screen.getByLabelText('Face match below'));
  await user.paste('70');
  await waitFor(() => expect(callsOf('staffQueue').at(-1)).toMatchObject({ mine: 'true', faceBelow: '70', page: '1' }));
  await waitFor(() => expect(decodeURIComponent(window.location.hash)).toContain('faceBelow'));
});

test('the search sends what was typed once it pauses, and the results are the rows it finds', async () => {
  fake({ staffMe: () => rita, staffQueue: (q: { q?: string }) => (q.q ? queueOf([row({ name: '陳大文' })])() : queueOf([])()) });
  const user = userEvent.setup({ delay: null });
  open('#/queue');
  expect(await screen.findByText('No application matches.')).toBeInTheDocument();
  await user.click(screen.getByLabelText('Search'));
  await user.paste('陳大');
  expect(await screen.findByRole('link', { name: '陳大文' })).toBeInTheDocument();
  expect(callsOf('staffQueue').at(-1)).toMatchObject({ q: '陳大' });
});

test('a filter in the address (a shared link) is shown in the form and sent', async () => {
  fake({ staffMe: () => rita, staffQueue: queueOf([]) });
  const filters = encodeURIComponent('filters[0][field]') + '=clientType&' + encodeURIComponent('filters[0][operator]') + '=eq&' + encodeURIComponent('filters[0][value]') + '=cn';
  open(`#/queue?${filters}`);
  expect(await screen.findByText('No application matches.')).toBeInTheDocument();
  await waitFor(() => expect(callsOf('staffQueue').at(-1)).toMatchObject({ clientType: 'cn' }));
  expect(screen.getByText('Mainland China')).toBeInTheDocument();
});

test('sending back needs steps, a reason and a message; then it sends exactly those', async () => {
  fake({ staffMe: () => rita, staffCase: () => caseOf(), staffDecide: () => ({ application: { ...caseOf().application, applyStatus: 1900 }, waitingForSecond: false }) });
  const user = userEvent.setup({ delay: null });
  open('#/queue/APP00000000000000001');
  expect(await screen.findByRole('heading', { name: 'CHAN Tai Man', level: 1 })).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'Send back' }));
  const panel = screen.getByRole('tabpanel', { name: 'Send back' });
  await user.click(within(panel).getByRole('button', { name: 'Send back' }));
  expect(await within(panel).findByText('Choose at least one step.')).toBeInTheDocument();
  expect(within(panel).getByText('Choose a reason.')).toBeInTheDocument();
  expect(within(panel).getByText('Write a message.')).toBeInTheDocument();
  expect(callsOf('staffDecide')).toEqual([]);

  await user.click(within(panel).getByRole('checkbox', { name: 'Personal information' }));
  fireEvent.mouseDown(within(panel).getByRole('combobox', { name: 'Reason' }));
  await user.click(await screen.findByTitle('Proof of address not accepted'));
  // pasted: typing it key by key takes seconds on a busy machine
  await user.click(within(panel).getByLabelText('Message to the applicant'));
  await user.paste('Please upload a recent bill.');
  await user.click(within(panel).getByRole('button', { name: 'Send back' }));
  // confirmed like every decision
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Send the chosen steps back to the applicant?');
  expect(callsOf('staffDecide')).toEqual([]);
  await act(async () => {
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
  });
  await waitFor(() =>
    expect(callsOf('staffDecide')).toEqual([
      { appId: 'APP00000000000000001', action: 'sendBack', steps: ['USERINFO'], reason: 'addressProof', message: 'Please upload a recent bill.' },
    ]),
  );
  // a form of three fields, a list and a dialog through userEvent: about 15 s alone, twice that on a busy machine
}, 90_000);

test('four eyes: the first approver cannot give the second approval, and a reviewer is told who can', async () => {
  fake({ staffMe: () => rita, staffCase: () => caseOf({ firstApproval: { staffId: 's1', displayName: 'Rita Reviewer', at: '2026-11-28T03:10:00.000Z', note: '' } }) });
  open('#/queue/APP00000000000000001');
  expect(await screen.findByText(/First approval by Rita Reviewer/)).toBeInTheDocument();
  expect(screen.getByText('You gave the first approval: another approver must give the second.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
});

test('an approver gives the second approval after confirming', async () => {
  fake({
    staffMe: () => alan,
    staffCase: () => caseOf({ claimedBy: { staffId: 's2', displayName: 'Alan Approver', at: '2026-11-28T03:20:00.000Z' }, firstApproval: { staffId: 's1', displayName: 'Rita Reviewer', at: '2026-11-28T03:10:00.000Z', note: '' } }),
    staffDecide: () => ({ application: { ...caseOf().application, applyStatus: 3000 }, waitingForSecond: false }),
  });
  const user = userEvent.setup({ delay: null });
  open('#/queue/APP00000000000000001');
  expect(await screen.findByText('Rita Reviewer gave the first approval. Yours opens the account.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Approve' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Approve and open the account?');
  await act(async () => {
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
  });
  await waitFor(() => expect(callsOf('staffDecide')).toEqual([{ appId: 'APP00000000000000001', action: 'approve' }]));
});

test('a case another reviewer holds offers no decision', async () => {
  fake({ staffMe: () => alan, staffCase: () => caseOf() });
  open('#/queue/APP00000000000000001');
  expect(await screen.findByText('Rita Reviewer holds this application.')).toBeInTheDocument();
  expect(screen.getByText('Claim the application to decide on it.')).toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'Send back' })).toBeNull();
});

test('a deposit that needs a change is recorded only with the message the applicant reads', async () => {
  fake({ staffMe: () => rita, staffCase: () => caseOf({ fourEyes: false }), staffDecide: () => ({ application: { ...caseOf().application, cashInStatus: 2020 }, waitingForSecond: false }) });
  const user = userEvent.setup({ delay: null });
  open('#/queue/APP00000000000000001');
  await user.click(await screen.findByRole('tab', { name: 'Deposit and transfer' }));
  const panel = screen.getByRole('tabpanel', { name: 'Deposit and transfer' });
  expect(panel).toHaveTextContent('Deposit: not deposited. Stock transfer: —.');
  fireEvent.mouseDown(within(panel).getByRole('combobox', { name: 'Deposit state' }));
  await user.click(await screen.findByTitle('needs a change'));
  await user.click(within(panel).getByRole('button', { name: 'Record the deposit state' }));
  expect(await within(panel).findByText('Write a message.')).toBeInTheDocument();
  expect(callsOf('staffDecide')).toEqual([]);
  await user.type(within(panel).getByLabelText('Message to the applicant'), 'The amount did not match.');
  await user.click(within(panel).getByRole('button', { name: 'Record the deposit state' }));
  await waitFor(() => expect(callsOf('staffDecide')).toEqual([{ appId: 'APP00000000000000001', action: 'deposit', cashInStatus: 2020, message: 'The amount did not match.' }]));
});

test('an account update is shown beside the account’s data; sending it back needs the parts and a message', async () => {
  const update = {
    updateId: 'U1',
    subAcctId: 'S12345678',
    appId: 'APP00000000000000001',
    name: 'CHAN Tai Man',
    phone: '+852 6****001',
    status: 1200,
    module: 512,
    data: { '512': { country: 'HK', residenceAddress: 'FLAT G 9 QUEENS ROAD' } },
    current: { '8': null, '512': { country: 'HK', residenceAddress: '10 HARBOUR ROAD' } },
    submittedAt: '2026-11-28T02:00:00.000Z',
  };
  fake({ staffMe: () => rita, staffUpdates: () => ({ rows: [update] }), staffUpdateDecide: (p: { updateId: string }) => ({ updateId: p.updateId, status: 1900 }) });
  const user = userEvent.setup({ delay: null });
  open('#/updates');
  expect(await screen.findByRole('heading', { name: 'Account updates to review' })).toBeInTheDocument();
  const w8 = (await screen.findByRole('heading', { name: 'W-8BEN', level: 3 })).closest('section')!;
  expect(within(w8).getByText('10 HARBOUR ROAD')).toBeInTheDocument();
  expect(within(w8).getByText('FLAT G 9 QUEENS ROAD').closest('strong')).not.toBeNull();
  // fields in words: the label as the client saw it, the country by its name
  expect(within(w8).getByText('Permanent residence address (in English)')).toBeInTheDocument();
  expect(await within(w8).findAllByText('Hong Kong, China')).toHaveLength(2);
  await user.click(screen.getByRole('button', { name: 'Send back' }));
  expect(await screen.findByText('Choose at least one part.')).toBeInTheDocument();
  expect(callsOf('staffUpdateDecide')).toEqual([]);
  await user.click(screen.getByRole('checkbox', { name: 'W-8BEN' }));
  await user.type(screen.getByLabelText('Message to the applicant'), 'Please give your full address.');
  await user.click(screen.getByRole('button', { name: 'Send back' }));
  // confirmed like every decision
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Send the chosen parts back to the client?');
  await act(async () => {
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
  });
  await waitFor(() => expect(callsOf('staffUpdateDecide')).toEqual([{ updateId: 'U1', action: 'sendBack', modules: ['w8'], message: 'Please give your full address.' }]));
});

test('organisations: a reviewer only looks; an approver makes a signing link, shown once with the page’s address', async () => {
  const org = { orgId: 'O1', name: 'Harbour Trading Limited', nameZh: '', registrationNumber: 'HK-7654321', country: 'HK', signerName: 'Wong Siu Ming', signerId: 'A1****63', createdAt: '2026-11-28T02:00:00.000Z', tickets: [] };
  fake({ staffMe: () => rita, staffOrgs: () => ({ orgs: [org] }) });
  const first = open('#/orgs');
  expect(await screen.findByText('Harbour Trading Limited')).toBeInTheDocument();
  expect(screen.getByText('Only an approver or an admin adds organisations and gives signing links.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add an organisation' })).toBeNull();
  first.unmount();

  fake({
    staffMe: () => alan,
    staffOrgs: () => ({ orgs: [org] }),
    staffSignTicket: () => ({ ticketId: 'T1', url: '/pages/signature.html?ticket=abc', expiresAt: '2026-12-01T12:00:00.000Z' }),
  });
  const user = userEvent.setup({ delay: null });
  open('#/orgs');
  await user.click(await screen.findByRole('button', { name: 'New signing link for Harbour Trading Limited' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Identity' }));
  await user.click(within(dialog).getByRole('button', { name: 'Make the link' }));
  await waitFor(() => expect(callsOf('staffSignTicket')).toEqual([{ orgId: 'O1', steps: ['doc', 'sign'], hours: 72 }]));
  expect(await screen.findByDisplayValue(`${window.location.origin}/pages/signature.html?ticket=abc`)).toBeInTheDocument();
});

test('what the OCR read is shown under its step, a field the applicant changed marked', async () => {
  fake({
    staffMe: () => rita,
    staffCase: () =>
      caseOf({
        ocr: [
          { step: 'HK_IDCARD', field: 'idNumber', read: 'K1234567', saved: 'K1234567', changed: false },
          { step: 'HK_IDCARD', field: 'chineseName', read: '陳大丈', saved: '陳大文', changed: true },
        ],
      }),
  });
  open('#/queue/APP00000000000000001');
  const table = (await screen.findByRole('heading', { name: 'Read from the photos (OCR)' })).closest('.ant-table-wrapper') as HTMLElement;
  const changed = within(table).getByText('陳大文').closest('tr')!;
  expect(changed).toHaveTextContent('陳大丈');
  expect(changed).toHaveTextContent('changed by the applicant');
  expect(within(table).getAllByText('K1234567')[0].closest('tr')).toHaveTextContent('as read');
});

test('a coded field read by the OCR is shown in words, as the saved one is (never a code)', async () => {
  fake({
    staffMe: () => rita,
    staffCase: () => {
      const c = caseOf({ ocr: [{ step: 'USERINFO', field: 'gender', read: '2', saved: '1', changed: true }] });
      return { ...c, application: { ...c.application, data: { ...c.application.data, USERINFO: { lastName: 'CHAN', email: 'tm@example.com', gender: 1 } } } };
    },
  });
  open('#/queue/APP00000000000000001');
  const tables = await screen.findAllByRole('heading', { name: 'Read from the photos (OCR)' });
  const table = tables[0].closest('.ant-table-wrapper') as HTMLElement;
  const row = within(table).getByText('Female').closest('tr')!;
  expect(row).toHaveTextContent('Male');
  expect(row).not.toHaveTextContent(/\b2\b/);
});
