/**
 * /UserInfo through the screen: roles and labels only, the api faked at callApi.
 */
jest.mock('@core/api/client');

import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@core/api/api-error';
import type { ApplicationView } from '@core/domain/contract';
import { installFakeApi, type FakeApiHandlers } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import { toast } from '@core/ui';
import UserInfoScreen from './UserInfoScreen';

jest.setTimeout(20000);

const CONFIG = makeClientConfig();

/** A complete page as a draft (what the user typed before leaving). */
const COMPLETE = {
  chineseName: '陳大文',
  firstName: 'TAI MAN',
  lastName: 'CHAN',
  englishName: 'CHAN TAI MAN',
  gender: 1,
  birthday: '1990-05-04',
  birthCity: 'London',
  birthCountry: 'GB',
  email: 'taiman@gmail.com',
  defaultLanguage: 'en',
  statementDeliveryWay: 'email',
};

function app(data: Record<string, unknown> = {}): ApplicationView {
  return makeApplication({ clientType: 'hk', applyStepsName: ['HK_IDCARD', 'USERINFO', 'PROOFADDRESS'], data });
}

function api(application: ApplicationView, over: FakeApiHandlers = {}) {
  return installFakeApi({
    clientConfig: () => CONFIG,
    applyDetail: () => application,
    applyUpdate: (p: { currentStep: string; data: Record<string, unknown>; draft?: boolean }) => ({
      application: { ...application, data: { ...application.data, [p.currentStep]: p.data } },
      nextStep: 'PROOFADDRESS',
    }),
    ...over,
  });
}

function renderPage(lang: 'en' | 'zh-CN' | 'zh-TW' = 'en') {
  return renderScreenAt('/UserInfo', <UserInfoScreen />, { lang });
}

const next = () => screen.getByRole('button', { name: 'Next' });
const savesOf = (a: ReturnType<typeof api>) =>
  (a.calls('applyUpdate') as { currentStep: string; draft?: boolean; data: Record<string, unknown> }[]).filter((c) => !c.draft);

beforeEach(() => {
  toast.clear();
});

describe('/UserInfo', () => {
  test('step 2 of 6; English names upper-cased as typed (letters, hyphen, space only)', async () => {
    api(app());
    const { user } = renderPage();
    const last = await screen.findByLabelText('Last name (English)');
    expect(screen.getByRole('heading', { name: 'Personal information' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuetext', '2 of 6');
    await user.type(last, 'au-yeung 陳1');
    expect(last).toHaveValue('AU-YEUNG ');
    const first = screen.getByLabelText('Given name (English)');
    await user.type(first, 'tai man');
    expect(first).toHaveValue('TAI MAN');
    expect(next()).toBeEnabled();
  });

  test('e-mail: domain suggestions fill the field; checked on blur', async () => {
    api(app());
    const { user } = renderPage();
    const email = await screen.findByLabelText('E-mail');
    await user.type(email, 'taiman@gmail');
    expect(screen.queryByText('Please enter a correct e-mail address')).not.toBeInTheDocument(); // not while typing
    await user.click(screen.getByLabelText('Chinese name'));
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Please enter a correct e-mail address'));

    await user.clear(email);
    await user.type(email, 'tai man@g');
    expect(email).toHaveValue('taiman@g');
    const list = screen.getByRole('list', { name: /suggest/i });
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['taiman@gmail.com']);
    await user.click(within(list).getByRole('button', { name: 'taiman@gmail.com' }));
    expect(email).toHaveValue('taiman@gmail.com');
    expect(screen.queryByText('Please enter a correct e-mail address')).not.toBeInTheDocument();
  });

  test('Next with the page incomplete marks what is missing and focuses the first; nothing is saved', async () => {
    const { gender, ...noGender } = COMPLETE;
    expect(gender).toBe(1);
    const a = api(app({ drafts: { USERINFO: noGender } }));
    const { user } = renderPage();
    expect(await screen.findByLabelText('Last name (English)')).toHaveValue('CHAN');
    expect(next()).toBeEnabled();
    await user.click(next());
    const female = screen.getByRole('radio', { name: 'Female' });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Male' })).toHaveFocus());
    expect(screen.getByRole('radiogroup', { name: /Gender/ })).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(toast.current()?.message).toMatch(/1 field needs your attention/);
    await user.click(female);
    await user.clear(screen.getByLabelText('Given name (English)'));
    // once Next was pressed, every field shows its error as soon as it is wrong
    expect(screen.getByLabelText('Given name (English)')).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(savesOf(a)).toHaveLength(0);
  });

  test('a complete page: Next saves {chineseName, firstName, lastName, englishName "LAST FIRST", gender, birthday, birthCity, birthCountry, email, defaultLanguage, statementDeliveryWay}', async () => {
    const a = api(app({ drafts: { USERINFO: { ...COMPLETE, lastName: 'CHAN ', englishName: 'stale' } } }));
    const { user } = renderPage();
    await waitFor(() => expect(next()).toBeEnabled());
    await user.click(next());
    await waitFor(() => expect(currentLocation()).toBe('/ProofAddress'));
    expect(savesOf(a)).toHaveLength(1);
    expect(savesOf(a)[0]).toMatchObject({ currentStep: 'USERINFO' });
    expect(savesOf(a)[0].data).toEqual({
      chineseName: '陳大文',
      firstName: 'TAI MAN',
      lastName: 'CHAN',
      englishName: 'CHAN TAI MAN',
      gender: 1,
      birthday: '1990-05-04',
      birthCity: 'London',
      birthCountry: 'GB',
      email: 'taiman@gmail.com',
      defaultLanguage: 'en',
      statementDeliveryWay: 'email',
    });
  });

  test('the birth-date wheel opens 30 years back and offers only the birth dates of ages 18 to 75 (on a fixed day in Hong Kong)', async () => {
    // 21 Nov 2026, 07:30 in Hong Kong (23:30 the day before in UTC): the ages count from the Hong Kong date
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 10, 20, 23, 30));
    try {
      const a = api(app({ drafts: { USERINFO: { ...COMPLETE, birthday: '' } } }));
      const { user } = renderPage();
      const field = await screen.findByRole('button', { name: /^Date of birth/ });
      expect(screen.getByText('Online opening is for ages 18 to 75, so only those birth dates can be chosen.')).toBeInTheDocument();
      await user.click(field);
      const picker = await screen.findByRole('dialog', { name: 'Date of birth' });
      const years = within(picker).getByRole('listbox', { name: 'Year' });
      expect(within(years).getByRole('option', { selected: true })).toHaveTextContent('1996');
      const texts = within(years).getAllByRole('option').map((o) => o.textContent);
      expect([texts[0], texts.at(-1), texts.length]).toEqual(['1950', '2008', 59]);
      // the last year stops at the 18th birthday, the first starts the day after the 76th
      await user.click(within(years).getByRole('option', { name: '2008' }));
      expect(within(picker).queryAllByRole('option', { name: 'Dec' })).toHaveLength(0);
      await user.click(within(picker).getByRole('option', { name: 'Nov' }));
      expect(within(within(picker).getByRole('listbox', { name: 'Day' })).getAllByRole('option').at(-1)).toHaveTextContent('21');
      await user.click(within(picker).getByRole('option', { name: '21' }));
      await user.click(within(picker).getByRole('button', { name: 'Confirm' }));
      expect(screen.getByRole('button', { name: 'Date of birth 2008/11/21' })).toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      await user.click(next());
      await waitFor(() => expect(savesOf(a)).toHaveLength(1));
      expect(savesOf(a)[0].data.birthday).toBe('2008-11-21');
    } finally {
      now.mockRestore();
    }
  });

  test('a saved birth date of 76 or over: Next marks it and focuses it; the wheel opens at the earliest date allowed', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 10, 21, 4, 0));
    try {
      api(app({ drafts: { USERINFO: { ...COMPLETE, birthday: '1940-03-02' } } }));
      const { user } = renderPage();
      const opener = await screen.findByRole('button', { name: 'Date of birth 1940/03/02' });
      await user.click(next());
      await waitFor(() => expect(opener).toHaveFocus());
      expect(opener).toHaveAttribute('aria-invalid', 'true');
      await user.click(opener);
      const picker = await screen.findByRole('dialog', { name: 'Date of birth' });
      for (const [wheel, text] of [['Year', '1950'], ['Month', 'Nov'], ['Day', '22']]) {
        expect(within(within(picker).getByRole('listbox', { name: wheel })).getByRole('option', { selected: true })).toHaveTextContent(text);
      }
      await user.click(within(picker).getByRole('button', { name: 'Confirm' }));
      expect(screen.getByRole('button', { name: 'Date of birth 1950/11/22' })).toBeInTheDocument();
      await waitFor(() => expect(next()).toBeEnabled());
    } finally {
      now.mockRestore();
    }
  });

  test('nationality HK (identity step): the Chinese name is required, the statement language defaults to traditional Chinese', async () => {
    const { chineseName, defaultLanguage, ...rest } = COMPLETE;
    expect([chineseName, defaultLanguage]).toEqual(['陳大文', 'en']);
    api(app({ HK_IDCARD: { nationality: 'HK' }, drafts: { USERINFO: { ...rest, chineseName: '' } } }));
    const { user } = renderPage('zh-TW');
    const name = await screen.findByLabelText('中文姓名');
    expect(name).toBeRequired();
    expect(screen.getByRole('radio', { name: '繁體中文' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.type(name, '陳大文');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  test('nationality SG: the Chinese name may stay empty; English statements by default', async () => {
    api(app({ HK_IDCARD: { nationality: 'SG' }, drafts: { USERINFO: { ...COMPLETE, chineseName: '', defaultLanguage: undefined } } }));
    renderPage();
    const name = await screen.findByLabelText('Chinese name');
    expect(name).not.toBeRequired();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    await waitFor(() => expect(next()).toBeEnabled());
  });

  test('a birth country of China asks the city from the mainland list (province + city)', async () => {
    api(app({ drafts: { USERINFO: { ...COMPLETE, birthCountry: 'CN', birthCity: '' } } }), {
      mainlandCity: () => ({ 广东省: ['广州市', '深圳市'], 北京市: ['北京市'] }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^City of birth/ }));
    const picker = await screen.findByRole('dialog', { name: 'City of birth' });
    await user.click(await within(picker).findByRole('button', { name: '广东省' }));
    await user.click(await within(picker).findByRole('button', { name: '深圳市' }));
    expect(await screen.findByRole('button', { name: 'City of birth 广东省深圳市' })).toBeInTheDocument();
    await waitFor(() => expect(next()).toBeEnabled());
  });

  test('a failed save shows the service message as a toast and its field issues on the fields', async () => {
    const a = api(app({ drafts: { USERINFO: COMPLETE } }), {
      applyUpdate: () => {
        throw new ApiError(100400, 'Some fields are not valid', { issues: [{ path: 'data.email', message: 'email' }] }, 400);
      },
    });
    const { user } = renderPage();
    await waitFor(() => expect(next()).toBeEnabled());
    await act(async () => user.click(next()));
    expect(await screen.findByText('Some fields are not valid')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(expect.stringContaining('Please enter a correct e-mail address'));
    expect(currentLocation()).toBe('/UserInfo');
    expect(a.calls('applyUpdate').length).toBeGreaterThan(0);
  });
});
