/**
 * Company search through the screen: the api faked at callApi, fake timers for the 200 ms debounce.
 */
jest.mock('@core/api/client');

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { ApiError } from '@core/api/api-error';
import { installFakeApi } from '@core/testing/fake-api';
import { currentLocation, renderWithProviders } from '@core/testing/render-with-providers';
import { toast } from '@core/ui/toast';
import { companySearchPath, useCompanyChoice } from '../../company-choice';
import CompanySearchScreen from './CompanySearchScreen';

type SearchReq = { word: string; pageNum: number; pageSize: number };

/** 23 companies matching any word: pages of 10, 10, 3. */
function companies(word: string) {
  return Array.from({ length: 23 }, (_, i) => ({ id: `C${i + 1}`, name: `${word} Holdings ${i + 1} Limited`, regLocation: i === 0 ? '' : `Hong Kong ${i + 1}` }));
}

function api(search?: (p: SearchReq) => unknown) {
  return installFakeApi({
    companyInfo: (p: { keyword: string }) => ({ id: p.keyword, name: 'details', regLocation: `Details of ${p.keyword}`, vendor: 'local' }),
    companySearch:
      search ??
      ((p: SearchReq) => {
        const all = companies(p.word);
        return { items: all.slice((p.pageNum - 1) * p.pageSize, p.pageNum * p.pageSize), total: all.length, vendor: 'local' };
      }),
  });
}

function Opener() {
  const { choice, take } = useCompanyChoice('/jobStatus');
  return (
    <div>
      <p aria-label="chosen company">{choice ? `${choice.name} | ${choice.address} | ${choice.manual ? 'manual' : choice.id}` : 'none'}</p>
      <button type="button" onClick={take}>
        take
      </button>
      <Link to={companySearchPath('/jobStatus')}>search</Link>
    </div>
  );
}

function renderSearch(entries = ['/jobStatus', companySearchPath('/jobStatus')]) {
  return renderWithProviders(
    <Routes>
      <Route path="/C_SearchCompany" element={<CompanySearchScreen />} />
      <Route path="/jobStatus" element={<Opener />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { initialEntries: entries, lang: 'en' },
  );
}

const box = () => screen.getByLabelText('Company name', { selector: 'input' });
const typeWord = (v: string) => act(async () => fireEvent.change(box(), { target: { value: v } }));
const advance = (ms: number) => act(async () => jest.advanceTimersByTime(ms));

beforeEach(() => {
  toast.clear();
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('searching', () => {
  test('one character: no call; two: one call 200 ms after the last key', async () => {
    const a = api();
    renderSearch();
    expect(screen.getByText('Enter at least 2 characters to search.')).toBeInTheDocument();
    await typeWord('腾');
    await advance(1000);
    expect(a.calls('companySearch')).toHaveLength(0);

    await typeWord('腾讯');
    await advance(199);
    expect(a.calls('companySearch')).toHaveLength(0);
    await advance(1);
    await waitFor(() => expect(a.calls('companySearch')).toEqual([{ word: '腾讯', pageNum: 1, pageSize: 10 }]));
    const list = await screen.findByRole('list', { name: 'Companies found' });
    expect(within(list).getAllByRole('button')).toHaveLength(10);
    expect(within(list).getByRole('button', { name: /腾讯 Holdings 2 Limited/ })).toHaveTextContent('Registered in Hong Kong 2');
    expect(within(list).getByRole('button', { name: /腾讯 Holdings 1 Limited/ })).toHaveTextContent('Registered location not given');
  });

  test('keys typed within 200 ms of each other make one call, for the last word', async () => {
    const a = api();
    renderSearch();
    await typeWord('ab');
    await advance(150);
    await typeWord('abc');
    await advance(150);
    await typeWord('abcd');
    await advance(200);
    await waitFor(() => expect(a.calls('companySearch')).toHaveLength(1));
    expect(a.calls('companySearch')[0]).toEqual({ word: 'abcd', pageNum: 1, pageSize: 10 });
  });

  test('pages of 10: "Show more" asks for page 2, then 3, then the end', async () => {
    const a = api();
    renderSearch();
    await typeWord('Acme');
    await advance(200);
    const list = await screen.findByRole('list', { name: 'Companies found' });
    await act(async () => screen.getByRole('button', { name: 'Show more' }).click());
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(20));
    await act(async () => screen.getByRole('button', { name: 'Show more' }).click());
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(23));
    expect(a.calls('companySearch').map((c) => (c as SearchReq).pageNum)).toEqual([1, 2, 3]);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(screen.getByText('No more results')).toBeInTheDocument();
  });

  test('no match: the empty state', async () => {
    api(() => ({ items: [], total: 0, vendor: 'local' }));
    renderSearch();
    await typeWord('zzzz');
    await advance(200);
    expect(await screen.findByText('No company matches "zzzz".')).toBeInTheDocument();
  });

  test('a failed search: the error state and a retry', async () => {
    let fail = true;
    const a = api((p) => {
      if (fail) throw new ApiError(100500, 'down', undefined, 500);
      return { items: companies(p.word).slice(0, 2), total: 2, vendor: 'local' };
    });
    renderSearch();
    await typeWord('Acme');
    await advance(200);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The search failed. Please try again.');
    fail = false;
    await act(async () => within(alert).getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('list', { name: 'Companies found' })).toBeInTheDocument();
    expect(a.calls('companySearch')).toHaveLength(2);
  });
});

describe('the choice goes back to the opener', () => {
  test('choosing a result returns to the previous page with the company', async () => {
    api();
    renderSearch();
    await typeWord('Acme');
    await advance(200);
    await act(async () => (await screen.findByRole('button', { name: /Acme Holdings 3 Limited/ })).click());
    expect(currentLocation()).toBe('/jobStatus');
    expect(screen.getByLabelText('chosen company')).toHaveTextContent('Acme Holdings 3 Limited | Hong Kong 3 | C3');
    await act(async () => screen.getByRole('button', { name: 'take' }).click());
    await waitFor(() => expect(screen.getByLabelText('chosen company')).toHaveTextContent('none'));
  });

  test('a result without its registered location: CompanyInfo gives it', async () => {
    const a = api();
    renderSearch();
    await typeWord('Acme');
    await advance(200);
    await act(async () => (await screen.findByRole('button', { name: /Acme Holdings 1 Limited/ })).click());
    await waitFor(() => expect(currentLocation()).toBe('/jobStatus'));
    expect(a.calls('companyInfo')).toEqual([{ keyword: 'C1' }]);
    expect(screen.getByLabelText('chosen company')).toHaveTextContent('Acme Holdings 1 Limited | Details of C1 | C1');
  });

  test('opened directly (no history): goes to the opener named by `from`', async () => {
    api();
    renderSearch([companySearchPath('/jobStatus')]);
    await typeWord('Acme');
    await advance(200);
    await act(async () => (await screen.findByRole('button', { name: /Acme Holdings 2 Limited/ })).click());
    expect(currentLocation()).toBe('/jobStatus');
    expect(screen.getByLabelText('chosen company')).toHaveTextContent('Acme Holdings 2 Limited');
  });
});

describe('manual entry', () => {
  async function openManual() {
    await act(async () => screen.getByRole('button', { name: 'Enter it yourself' }).click());
    return screen.findByRole('dialog', { name: 'Enter your company' });
  }
  const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { selector: 'input,textarea' });
  const set = (el: HTMLElement, value: string) => act(async () => fireEvent.change(el, { target: { value } }));
  const confirm = (dialog: HTMLElement) => act(async () => within(dialog).getByRole('button', { name: 'Use this company' }).click());

  test('name 4 to 200, address required; the name is taken from the search box', async () => {
    api();
    renderSearch();
    await typeWord('Abc');
    const dialog = await openManual();
    expect(field(dialog, 'Company name')).toHaveValue('Abc');
    await confirm(dialog);
    expect(within(dialog).getByText('At least 4 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(currentLocation()).toBe('/C_SearchCompany?from=%2FjobStatus');

    await set(field(dialog, 'Company name'), 'Abcd Trading Ltd');
    await set(field(dialog, 'Company address'), '1 Queen’s Road Central, Hong Kong');
    await advance(1000); // the button is debounced for 1 s
    await confirm(dialog);
    expect(currentLocation()).toBe('/jobStatus');
    expect(screen.getByLabelText('chosen company')).toHaveTextContent('Abcd Trading Ltd | 1 Queen’s Road Central, Hong Kong | manual');
  });

  test('an address equal to the name: the address is marked with why, and the popup stays', async () => {
    api();
    renderSearch();
    const dialog = await openManual();
    await set(field(dialog, 'Company name'), 'Acme Limited');
    await set(field(dialog, 'Company address'), ' acme limited ');
    await confirm(dialog);
    expect(field(dialog, 'Company address')).toHaveAccessibleDescription('The company address cannot be the same as the company name. Please enter it again.');
    expect(currentLocation()).toBe('/C_SearchCompany?from=%2FjobStatus');
  });

  test('a name over 200 characters is cut at 200 by the field', async () => {
    api();
    renderSearch();
    const dialog = await openManual();
    expect(field(dialog, 'Company name')).toHaveAttribute('maxlength', '200');
    expect(field(dialog, 'Company address')).toHaveAttribute('maxlength', '500');
  });
});
