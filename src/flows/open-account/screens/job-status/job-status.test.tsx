/**
 * /jobStatus through the screen: roles and labels only, the api faked at callApi. The company round trip goes
 * through the real company search page.
 */
jest.mock('@core/api/client');

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from '@core/api/api-error';
import type { ApplicationView } from '@core/domain/contract';
import { todayInHongKong } from '@core/domain/identity';
import { installFakeApi, type FakeApiHandlers } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderWithProviders } from '@core/testing/render-with-providers';
import { toast } from '@core/ui/toast';
import CompanySearchScreen from '../company-search/CompanySearchScreen';
import JobStatusScreen from './JobStatusScreen';

jest.setTimeout(30000);

const CONFIG = makeClientConfig();

/** A birthday that makes the applicant `age` today (1 January of the year). */
const bornAt = (age: number) => `${Number(todayInHongKong().slice(0, 4)) - age}-01-01`;

type ClientType = 'cn' | 'hk';
function app(clientType: ClientType, age: number | null, data: Record<string, unknown> = {}): ApplicationView {
  const identity = age === null ? {} : clientType === 'cn' ? { IDCARD: { birthday: bornAt(age) } } : { USERINFO: { birthday: bornAt(age) } };
  return makeApplication({ clientType, data: { ...identity, ...data } });
}

function api(application: ApplicationView, over: FakeApiHandlers = {}) {
  return installFakeApi({
    clientConfig: () => CONFIG,
    applyDetail: () => application,
    applyUpdate: (p: { currentStep: string; data: Record<string, unknown> }) => ({
      application: { ...application, data: { ...application.data, [p.currentStep]: p.data } },
      nextStep: 'FINANCE',
    }),
    companySearch: (p: { word: string }) => ({
      items: [
        { id: 'C1', name: `${p.word} Holdings Limited`, regLocation: '1 Harbour Road, Wan Chai' },
        { id: 'C2', name: `${p.word} Trading Limited`, regLocation: '8 Finance Street, Central' },
      ],
      total: 2,
      vendor: 'local',
    }),
    ...over,
  });
}

function renderPage(lang: 'en' | 'zh-CN' | 'zh-TW' = 'en') {
  return renderWithProviders(
    <Routes>
      <Route path="/jobStatus" element={<JobStatusScreen />} />
      <Route path="/C_SearchCompany" element={<CompanySearchScreen />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { route: '/jobStatus', lang },
  );
}

type User = ReturnType<typeof renderPage>['user'];
const next = () => screen.getByRole('button', { name: 'Next' });
const field = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label} `) });
const savesOf = (a: ReturnType<typeof api>) =>
  (a.calls('applyUpdate') as { currentStep: string; draft?: boolean; data: Record<string, unknown> }[]).filter((c) => !c.draft);

/** The option labels of a picker opened from `label`, closed again. */
async function optionsOf(user: User, label: string, title = label): Promise<string[]> {
  await user.click(field(label));
  const sheet = await screen.findByRole('dialog', { name: title });
  const names = within(sheet)
    .getAllByRole('button')
    .filter((b) => b.closest('li'))
    .map((b) => b.textContent ?? '');
  await user.click(within(sheet).getByRole('button', { name: 'Close' }));
  return names;
}

async function choose(user: User, label: string, option: string, title = label) {
  await user.click(field(label));
  const sheet = await screen.findByRole('dialog', { name: title });
  await user.click(within(sheet).getByRole('button', { name: option }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument());
}

/** Searches the company registry from the page and takes the first result. */
async function searchCompany(user: User, word: string) {
  await user.click(field('Company name'));
  await waitFor(() => expect(currentLocation()).toMatch(/^\/C_SearchCompany\?from=%2FjobStatus/));
  fireEvent.change(screen.getByLabelText('Company name', { selector: 'input' }), { target: { value: word } });
  await user.click(await screen.findByRole('button', { name: new RegExp(`${word} Holdings Limited`) }));
  await waitFor(() => expect(currentLocation()).toBe('/jobStatus'));
}

/** The page once the application has loaded. */
const ready = () => screen.findByRole('button', { name: /^Education / });
const checkbox = (name: string) => screen.getByRole('checkbox', { name });

const pause = () => new Promise((r) => setTimeout(r, 1100)); // the footer button ignores presses within a second

beforeEach(() => {
  toast.clear();
});

describe('/jobStatus education and employment', () => {
  test('4 of 6 for hk (3 of 5 for cn); Next on an empty page marks what is missing and focuses the first', async () => {
    const a = api(app('hk', 40));
    const { user, unmount } = renderPage();
    await ready();
    expect(screen.getByRole('heading', { name: 'Employment and education' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuetext', '4 of 6');
    expect(field('Education')).toHaveTextContent('Please select');
    await user.click(next());
    await waitFor(() => expect(field('Education')).toHaveFocus());
    expect(field('Education')).toHaveAccessibleDescription(/Required|Please choose/);
    expect(field('Employment status')).toHaveAccessibleDescription(/Required|Please choose/);
    expect(savesOf(a)).toHaveLength(0);
    unmount();
    api(app('cn', 40));
    renderPage();
    await ready();
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuetext', '3 of 5');
  });

  test('primary or below opens the offline dialog with the service phone; the answer is not kept', async () => {
    api(app('hk', 40));
    const { user } = renderPage();
    await ready();
    expect(await optionsOf(user, 'Education')).toEqual(['Primary or below', 'Secondary', 'Pre-university or college', 'University', "Master's degree or above"]);
    await choose(user, 'Education', 'Primary or below');
    const dialog = await screen.findByRole('alertdialog', { name: 'Please open your account offline' });
    expect(dialog).toHaveAccessibleDescription(/primary education or below/);
    expect(within(dialog).getByRole('link', { name: '+852 2800 1234' })).toHaveAttribute('href', 'tel:+85228001234');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(field('Education')).toHaveTextContent('Please select');
    await user.click(next());
    await waitFor(() => expect(field('Education')).toHaveFocus());

    // a kept answer stays when primary is picked afterwards
    await choose(user, 'Education', 'University');
    await choose(user, 'Education', 'Primary or below');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    expect(field('Education')).toHaveTextContent('University');
  });

  test('the mainland applicant is given the mainland service line', async () => {
    api(app('cn', 40));
    const { user } = renderPage('zh-CN');
    await screen.findByRole('button', { name: /^学历 / });
    await user.click(screen.getByRole('button', { name: /^学历 / }));
    await user.click(within(await screen.findByRole('dialog', { name: '学历' })).getByRole('button', { name: '小学及以下' }));
    const dialog = await screen.findByRole('alertdialog', { name: '请办理线下开户' });
    expect(within(dialog).getByRole('link', { name: '400 800 1234' })).toHaveAttribute('href', 'tel:4008001234');
  });

  test.each([
    [29, false],
    [30, true],
  ])('retired is offered at age %i: %s', async (age, offered) => {
    api(app('hk', age));
    const { user } = renderPage();
    await ready();
    const options = await optionsOf(user, 'Employment status');
    expect(options.includes('Retired')).toBe(offered);
    expect(options).toEqual(['Employed', 'Self-employed', ...(offered ? ['Retired'] : []), 'Student', 'Unemployed']);
  });
});

describe('/jobStatus company branch', () => {
  test.each([
    [22, 2],
    [23, 3],
    [25, 3],
    [26, 4],
    [29, 4],
    [30, 5],
  ])('working years at age %i: %i options', async (age, count) => {
    api(app('hk', age, { JOBSTATUS: { employmentInfo: { degree: '4', employment: '1' } } }));
    const { user } = renderPage();
    await ready();
    const all = ['Less than 1 year', '1 to 2 years', '3 to 5 years', '6 to 9 years', '10 years or more'];
    expect(await optionsOf(user, 'Years in work')).toEqual(all.slice(0, count));
  });

  test('positions by employment kind; switching kind clears a position of the other list', async () => {
    api(app('hk', 40));
    const { user } = renderPage();
    await ready();
    expect(screen.queryByRole('button', { name: /^Position / })).not.toBeInTheDocument();
    await choose(user, 'Employment status', 'Employed');
    expect(await optionsOf(user, 'Position')).toEqual(['Senior executive', 'Middle manager', 'Junior manager', 'Staff']);
    await choose(user, 'Position', 'Middle manager');
    await choose(user, 'Employment status', 'Self-employed');
    expect(field('Position')).toHaveTextContent('Please select');
    expect(await optionsOf(user, 'Position')).toEqual(['Partner', 'Legal representative', 'General manager', 'Senior executive']);
  });

  test('the industry list comes in its six groups', async () => {
    api(app('hk', 40, { JOBSTATUS: { employmentInfo: { degree: '4', employment: '2' } } }));
    const { user } = renderPage();
    await ready();
    await user.click(field('Industry'));
    const sheet = await screen.findByRole('dialog', { name: 'Choose your industry' });
    expect(within(sheet).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Agriculture',
      'Industry and construction',
      'Finance and commerce',
      'IT and science',
      'Public services, society and transport',
      'International',
    ]);
    const finance = within(sheet).getByRole('list', { name: 'Finance and commerce' });
    expect(within(finance).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Wholesale and retail',
      'Accommodation and catering',
      'Finance',
      'Real estate',
      'Leasing and business services',
    ]);
    expect(within(sheet).getAllByRole('button').filter((b) => b.closest('li'))).toHaveLength(20);
    await user.click(within(finance).getByRole('button', { name: 'Finance' }));
    expect(field('Industry')).toHaveTextContent('Finance');
  });

  test('a company found in the registry: name and registered address filled, the address editable; the saved data', async () => {
    const a = api(app('hk', 40));
    const { user } = renderPage();
    await ready();
    await choose(user, 'Education', 'University');
    await choose(user, 'Employment status', 'Employed');
    await searchCompany(user, 'Acme');
    // the page comes back as it was left, with the company
    expect(field('Education')).toHaveTextContent('University');
    expect(field('Employment status')).toHaveTextContent('Employed');
    expect(field('Company name')).toHaveTextContent('Acme Holdings Limited');
    expect(field('Company name')).toHaveAccessibleDescription('From the company registry. Tap to search again.');
    const address = screen.getByLabelText('Office address');
    expect(address).toHaveValue('1 Harbour Road, Wan Chai');
    expect(address).toHaveAccessibleDescription(/registered address/);
    // the halfway save on leaving sent the draft
    expect(a.calls('applyUpdate')).toContainEqual(expect.objectContaining({ currentStep: 'JOBSTATUS', draft: true }));

    await user.clear(address);
    await user.type(address, '20/F, 3 Garden Road, Central');
    await choose(user, 'Industry', 'Finance', 'Choose your industry');
    await choose(user, 'Position', 'Staff');
    await choose(user, 'Years in work', '6 to 9 years');
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    await waitFor(() => expect(currentLocation()).toBe('/Finance'));
    expect(savesOf(a)).toHaveLength(1);
    expect(savesOf(a)[0]).toMatchObject({ currentStep: 'JOBSTATUS' });
    expect(savesOf(a)[0].data).toEqual({
      employmentInfo: {
        degree: '4',
        employment: '1',
        companyName: 'Acme Holdings Limited',
        companyNameVendor: 'Acme Holdings Limited',
        officeAddress: '20/F, 3 Garden Road, Central',
        officeAddressVendor: '1 Harbour Road, Wan Chai',
        industry: '33',
        position: '4',
        workLife: '4',
      },
    });
  });

  test('a company entered by hand on the search page: the vendor copies are empty', async () => {
    const a = api(app('hk', 40, { JOBSTATUS: { employmentInfo: { degree: '3', employment: '2', industry: '22', position: '6', workLife: '5' } } }));
    const { user } = renderPage();
    await ready();
    await user.click(field('Company name'));
    await user.click(await screen.findByRole('button', { name: 'Enter it yourself' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter your company' });
    fireEvent.change(within(dialog).getByLabelText('Company name'), { target: { value: 'Lee Family Bakery' } });
    fireEvent.change(within(dialog).getByLabelText('Company address'), { target: { value: '5 Nathan Road, Kowloon' } });
    await user.click(within(dialog).getByRole('button', { name: 'Use this company' }));
    await waitFor(() => expect(currentLocation()).toBe('/jobStatus'));
    expect(field('Company name')).toHaveTextContent('Lee Family Bakery');
    expect(field('Company name')).toHaveAccessibleDescription('Entered by hand. Tap to search again.');
    expect(screen.getByLabelText('Office address')).toHaveValue('5 Nathan Road, Kowloon');
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    await waitFor(() => expect(savesOf(a)).toHaveLength(1));
    expect(savesOf(a)[0].data).toEqual({
      employmentInfo: {
        degree: '3',
        employment: '2',
        companyName: 'Lee Family Bakery',
        companyNameVendor: '',
        officeAddress: '5 Nathan Road, Kowloon',
        officeAddressVendor: '',
        industry: '22',
        position: '6',
        workLife: '5',
      },
    });
  });

  test('an office address equal to the company name is refused with a message', async () => {
    api(
      app('hk', 40, {
        drafts: {
          JOBSTATUS: {
            employmentInfo: { degree: '4', employment: '1', companyName: 'Acme Limited', companyNameVendor: 'Acme Limited', officeAddress: '1 Harbour Road', officeAddressVendor: '1 Harbour Road', industry: '33', position: '1', workLife: '5' },
          },
        },
      }),
    );
    const { user } = renderPage();
    const address = await screen.findByLabelText('Office address');
    await waitFor(() => expect(next()).toBeEnabled());
    await user.clear(address);
    await user.type(address, 'acme limited');
    await user.tab();
    expect(address).toHaveAccessibleDescription('The address must differ from the company name');
    await user.click(next());
    await waitFor(() => expect(address).toHaveFocus());
    expect(currentLocation()).toBe('/jobStatus');
  });
});

describe('/jobStatus funds and debts branch', () => {
  test.each([
    ['cn', 'Retired', false],
    ['cn', 'Student', false],
    ['cn', 'Unemployed', true],
    ['hk', 'Retired', true],
    ['hk', 'Student', true],
  ] as const)('%s %s: rental income offered: %s', async (clientType, employment, rent) => {
    api(app(clientType, 40));
    const { user } = renderPage();
    await ready();
    await choose(user, 'Employment status', employment);
    const group = screen.getByRole('group', { name: 'Sources of your investment funds' });
    expect(within(group).queryByRole('checkbox', { name: 'Rental income' }) !== null).toBe(rent);
    expect(within(group).getAllByRole('checkbox')).toHaveLength(rent ? 7 : 6);
    expect(screen.queryByRole('button', { name: /^Company name/ })).not.toBeInTheDocument();
  });

  test('the debt boxes exclude each other, and unticking the last one ticks "No liabilities" again', async () => {
    api(app('hk', 40));
    const { user } = renderPage();
    await ready();
    await choose(user, 'Employment status', 'Unemployed');
    expect(checkbox('No liabilities')).toBeChecked();
    await user.click(checkbox('Mortgage or housing loan'));
    expect(checkbox('No liabilities')).not.toBeChecked();
    await user.click(checkbox('Other debts'));
    expect(checkbox('Mortgage or housing loan')).toBeChecked();
    expect(checkbox('Other debts')).toBeChecked();
    expect(screen.getByLabelText('Details of other debts')).toBeRequired();
    await user.click(checkbox('No liabilities'));
    expect(checkbox('Mortgage or housing loan')).not.toBeChecked();
    expect(checkbox('Other debts')).not.toBeChecked();
    expect(screen.queryByLabelText('Details of other debts')).not.toBeInTheDocument();
    await user.click(checkbox('Other debts'));
    await user.click(checkbox('Other debts'));
    expect(checkbox('No liabilities')).toBeChecked();
    // "No liabilities" cannot be unticked on its own
    await user.click(checkbox('No liabilities'));
    expect(checkbox('No liabilities')).toBeChecked();
  });

  test('unticking "no dispute" shows the debt-dispute notice with the service phone; Next then focuses the box', async () => {
    api(app('hk', 40, { drafts: { JOBSTATUS: { employmentInfo: { degree: '2', employment: '5', investFundsSource: '1', financialStatus: '1', noDispute: '1' } } } }));
    const { user } = renderPage();
    const box = await screen.findByRole('checkbox', { name: /I have no debt in dispute/ });
    expect(box).toBeChecked();
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(box);
    const dialog = await screen.findByRole('alertdialog', { name: 'Debt dispute' });
    expect(dialog).toHaveAccessibleDescription(/contact customer service to open your account offline/);
    expect(within(dialog).getByRole('link', { name: '+852 2800 1234' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('If you have a debt dispute, please contact customer service to open your account offline.');
    await user.click(next());
    await waitFor(() => expect(box).toHaveFocus());
    await user.click(box);
    expect(box).not.toHaveAccessibleDescription(/debt dispute/);
  });

  test('fund sources need one; other debts need their details; the saved data has only this branch', async () => {
    const a = api(
      app('cn', 40, {
        JOBSTATUS: {
          employmentInfo: { degree: '4', employment: '1', companyName: 'Acme Limited', companyNameVendor: 'Acme Limited', officeAddress: '1 Harbour Road', officeAddressVendor: '1 Harbour Road', industry: '33', position: '1', workLife: '5' },
        },
      }),
    );
    const { user } = renderPage();
    await ready();
    await waitFor(() => expect(next()).toBeEnabled());
    await choose(user, 'Employment status', 'Retired');
    const funds = screen.getByRole('group', { name: 'Sources of your investment funds' });
    await user.click(within(funds).getByRole('checkbox', { name: 'Pension' }));
    await user.click(within(funds).getByRole('checkbox', { name: 'Pension' }));
    expect(funds).toHaveAccessibleDescription(/Choose at least one/);
    await user.click(within(funds).getByRole('checkbox', { name: 'Pension' }));
    await user.click(within(funds).getByRole('checkbox', { name: 'Gains from financial markets' }));
    await user.click(checkbox('Other debts'));
    await user.click(screen.getByRole('checkbox', { name: /I have no debt in dispute/ }));
    // the other-debt details are missing: Next marks and focuses them, nothing is saved
    await user.click(next());
    await waitFor(() => expect(screen.getByLabelText('Details of other debts')).toHaveFocus());
    expect(screen.getByLabelText('Details of other debts')).toHaveAccessibleDescription('Required');
    expect(savesOf(a)).toHaveLength(0);
    await user.type(screen.getByLabelText('Details of other debts'), '  Car loan, RMB 80,000 ');
    await pause();
    await user.click(next());
    await waitFor(() => expect(savesOf(a)).toHaveLength(1));
    expect(savesOf(a)[0].data).toEqual({
      employmentInfo: {
        degree: '4',
        employment: '3',
        investFundsSource: '4,6',
        financialStatus: '3',
        financialStatusDetail: 'Car loan, RMB 80,000',
        noDispute: '1',
      },
    });
  });

  test('a service 100400 puts its issue on the field and toasts the message', async () => {
    api(app('hk', 40, { drafts: { JOBSTATUS: { employmentInfo: { degree: '2', employment: '4', investFundsSource: '1', financialStatus: '1', noDispute: '1' } } } }), {
      applyUpdate: () => {
        throw new ApiError(100400, 'Some fields are not valid', { issues: [{ path: 'data.employmentInfo.investFundsSource', message: 'needOne' }] }, 400);
      },
    });
    const { user } = renderPage();
    await ready();
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    expect(await screen.findByText('Some fields are not valid')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Sources of your investment funds' })).toHaveAccessibleDescription(/Choose at least one/);
    expect(currentLocation()).toBe('/jobStatus');
  });
});
