/** The improve-info page through its screen: the api faked at callApi. */
jest.mock('@core/api/client');

import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import { installFakeApi } from '@core/testing/fake-api';
import { makeAccount, makeClientConfig, makeUser } from '@core/testing/factories';
import { renderScreenAt } from '@core/testing/render-with-providers';
import ImproveInfoScreen from './ImproveInfoScreen';

jest.setTimeout(30000);
const SUB = 'S12345678';
type Request = { requestId: string; items: string[]; message: string | null; createdAt: string } | null;

function api(request: Request, submit?: (p: unknown) => unknown) {
  return installFakeApi({
    clientConfig: () => makeClientConfig(),
    userInfo: () => makeUser({ subAcctId: SUB, clientStatus: 31, clientInfo: { accts: [makeAccount({ improveInfoOpen: !!request })] } }),
    improveInfoDetail: () => ({
      request,
      context: { clientType: 'hk', birthday: '1990-05-04', employment: '1' },
      prefill: { funds: { fundsSource: '1,2' }, taxResidency: { rows: [{ countryCode: 'HK', taxNumber: 'K1234567' }] } },
    }),
    improveInfoSubmit: (p) => (submit ? submit(p) : { status: 2, completedAt: '2026-11-26T03:00:00.000Z' }),
  });
}
const REQ = { requestId: 'IMP1', items: ['funds', 'taxResidency'], message: 'Please check your details.', createdAt: '2026-11-26T02:00:00.000Z' };
const pause = () => new Promise((r) => setTimeout(r, 1100)); // the footer button ignores presses within a second

test('nothing open: says so', async () => {
  api(null);
  renderScreenAt('/', <ImproveInfoScreen />, { route: `/?sub=${SUB}` });
  expect(await screen.findByRole('heading', { name: 'Nothing to complete' })).toBeInTheDocument();
});

test('the items asked, started from what is on file; Submit shows what is missing, then sends the answers and thanks', async () => {
  const a = api(REQ);
  const { user } = renderScreenAt('/', <ImproveInfoScreen />, { route: `/?sub=${SUB}` });
  expect(await screen.findByRole('heading', { name: 'Source of funds and wealth' })).toBeInTheDocument();
  expect(screen.getByRole('note', { name: 'Our note to you' })).toHaveTextContent('Please check your details.');
  expect(screen.getByRole('heading', { name: 'Tax residence' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Occupation and employer' })).not.toBeInTheDocument();
  const funds = screen.getByRole('group', { name: /Where the money you trade with comes from/ });
  expect(within(funds).getByRole('checkbox', { name: 'Salary or business income' })).toBeChecked();
  expect(screen.getByRole('textbox', { name: /Taxpayer identification number/ })).toHaveValue('K1234567');

  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Choose at least one')).toBeInTheDocument();
  expect(screen.getByText('Please tick to confirm')).toBeInTheDocument();
  // the first marked field (the wealth boxes) has the focus
  await waitFor(() => expect(within(screen.getByRole('group', { name: /How your wealth came about/ })).getAllByRole('checkbox')[0]).toHaveFocus());
  expect(a.calls('improveInfoSubmit')).toEqual([]);

  const wealth = screen.getByRole('group', { name: /How your wealth came about/ });
  await user.click(within(wealth).getByRole('checkbox', { name: 'Other' }));
  expect(await screen.findByText('Required')).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: /Please describe/ }), 'Sale of a family business');
  await user.click(screen.getByRole('checkbox', { name: /I confirm these are all my tax residences/ }));
  // a tax number is kept as the tax step keeps it
  const tin = screen.getByRole('textbox', { name: /Taxpayer identification number/ });
  await user.clear(tin);
  await user.type(tin, 'k 123-4567');
  expect(tin).toHaveValue('K1234567');
  await pause();
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() =>
    expect(a.calls('improveInfoSubmit')).toEqual([
      {
        subAcctId: SUB,
        requestId: 'IMP1',
        answers: { funds: { fundsSource: '1,2', wealthSource: '6', wealthDetail: 'Sale of a family business' }, taxResidency: { rows: [{ countryCode: 'HK', taxNumber: 'K1234567' }], confirmed: true } },
      },
    ]),
  );
  expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
});

test("the service's refusal of a field shows under it", async () => {
  api(REQ, () => {
    throw new ApiError(100400, '', { issues: [{ path: 'answers.taxResidency.rows.0.countryCode', message: 'country' }] }, 400);
  });
  const { user } = renderScreenAt('/', <ImproveInfoScreen />, { route: `/?sub=${SUB}` });
  const wealth = await screen.findByRole('group', { name: /How your wealth came about/ });
  await user.click(within(wealth).getByRole('checkbox', { name: 'Investments' }));
  await user.click(screen.getByRole('checkbox', { name: /I confirm these are all my tax residences/ }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Please choose a country or region')).toBeInTheDocument();
});
