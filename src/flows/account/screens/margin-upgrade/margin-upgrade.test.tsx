/** /marginUpgrade through the screen: the api faked at callApi. */
jest.mock('@core/api/client');

import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import { installFakeApi } from '@core/testing/fake-api';
import { makeAccount, makeClientConfig, makeUser } from '@core/testing/factories';
import { renderScreenAt } from '@core/testing/render-with-providers';
import MarginUpgradeScreen from './MarginUpgradeScreen';

jest.setTimeout(30000);
const SUB = 'S12345678';
type Q = { acctType: number; agreements: string[]; block: 'margin' | 'pending' | 'age' | null; request: { requestId: string; status: number; message: string; createdAt: string; decidedAt: string | null } | null };
const query = (over: Partial<Q> = {}): Q => ({ acctType: 1, agreements: ['marginStandingAuthority'], block: null, request: null, ...over });

function api(q: Q, apply: (p: unknown) => unknown = () => ({ requestId: 'MGN1', status: 1 })) {
  let current = q;
  return installFakeApi({
    clientConfig: () => makeClientConfig(),
    userInfo: () => makeUser({ subAcctId: SUB, clientStatus: 31, clientInfo: { accts: [makeAccount()] } }),
    marginUpgradeQuery: () => current,
    marginUpgradeApply: (p) => {
      const r = apply(p);
      current = query({ block: 'pending', request: { requestId: 'MGN1', status: 1, message: '', createdAt: new Date().toISOString(), decidedAt: null } });
      return r;
    },
  });
}
const at = () => screen.findByRole('note', { name: 'current location' });
const open = () => renderScreenAt('/marginUpgrade', <MarginUpgradeScreen />, { route: `/marginUpgrade?sub=${SUB}` });

test('the risks, the agreement and three statements to confirm; Apply sends exactly those and shows the request under review', async () => {
  const a = api(query());
  const { user } = open();
  expect(await screen.findByRole('heading', { name: 'What it costs, and the risks' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Client Securities Standing Authority/ })).toHaveAttribute('href', '/pages/static/agreements/en/marginStandingAuthority.pdf');
  const apply = screen.getByRole('button', { name: 'Apply to upgrade' });
  // a tap with boxes unticked: nothing sent, each unticked box marked, the first focused, the toast says how many
  await user.click(screen.getByRole('checkbox', { name: /lose more than the money I deposit/ }));
  await user.click(apply);
  const second = screen.getByRole('checkbox', { name: /sell my holdings without asking me/ });
  await waitFor(() => expect(second).toHaveFocus());
  expect(second).toHaveAccessibleDescription('Please tick to confirm');
  expect(screen.getByRole('checkbox', { name: /read and agree to the agreements/ })).toHaveAccessibleDescription('Please tick to confirm');
  expect(screen.getByRole('checkbox', { name: /lose more than the money I deposit/ })).not.toHaveAccessibleDescription('Please tick to confirm');
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('3 fields need your attention'));
  expect(a.calls('marginUpgradeApply')).toHaveLength(0);
  for (const box of [/sell my holdings without asking me/, /interest is charged daily/, /read and agree to the agreements/]) await user.click(screen.getByRole('checkbox', { name: box }));
  await new Promise((r) => setTimeout(r, 1100)); // the footer button's one-second debounce
  await user.click(apply);
  await waitFor(() => expect(a.calls('marginUpgradeApply')).toHaveLength(1));
  expect(a.calls('marginUpgradeApply')[0]).toEqual({ subAcctId: SUB, agreements: ['marginStandingAuthority'], acknowledgements: ['lossBeyondDeposit', 'marginCall', 'interest'] });
  expect(await screen.findByRole('heading', { name: 'Your request is under review' })).toBeInTheDocument();
});

test('without the trading password in this session: to its screen, and back here after it', async () => {
  api(query(), () => {
    throw new ApiError(152005, 'trading password needed', { set: true });
  });
  const { user } = open();
  for (const box of await screen.findAllByRole('checkbox')) await user.click(box);
  await user.click(screen.getByRole('button', { name: 'Apply to upgrade' }));
  expect(await at()).toHaveTextContent(`/tradePassword?sub=${SUB}&next=${encodeURIComponent(`/marginUpgrade?sub=${SUB}`)}`);
});

test('refused before: the reason, and the form to ask again; 65-75: the special disclosure too', async () => {
  api(query({ agreements: ['marginStandingAuthority', 'specialClientDisclosure'], request: { requestId: 'MGN0', status: 3, message: 'Please update your employment first.', createdAt: '2026-11-01T00:00:00Z', decidedAt: '2026-11-02T00:00:00Z' } }));
  open();
  expect(await screen.findByText('Please update your employment first.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Risk Disclosure for Clients Aged 65 or Above/ })).toBeInTheDocument();
  expect(screen.getByText(/As you are aged 65 or over/)).toBeInTheDocument();
});

test.each([
  ['margin', 'You have a margin account'],
  ['pending', 'Your request is under review'],
] as const)('%s: its status, no form', async (block, heading) => {
  api(query({ block }));
  open();
  expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
});

test('over 75: asked to call', async () => {
  api(query({ block: 'age' }));
  open();
  expect(await screen.findByText(/for clients aged 75 or under/)).toBeInTheDocument();
});
