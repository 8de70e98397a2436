/**
 * Home (/account) through the screen: roles and labels only, the api faked at callApi, the bridge spied on.
 */
jest.mock('@core/api/client');

import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from '@core/api/api-error';
import { bridge } from '@core/bridge';
import type { AreaType } from '@core/domain';
import { installFakeApi, type FakeApiHandlers } from '@core/testing/fake-api';
import { clearSessionHint, makeApplication, makeClientConfig, makeUser } from '@core/testing/factories';
import { currentLocation, renderWithProviders } from '@core/testing/render-with-providers';
import { toast } from '@core/ui';
import { FlowContext } from '../../flow-context';
import HomeScreen from './HomeScreen';

const CONFIG = makeClientConfig();

function area(over: Partial<AreaType> = {}): AreaType {
  return { openingLimitType: 0, statementLimitType: 1, statementSkipType: '0', ...over };
}

/** Default service: no application, check passes, start answers the first step of the list it built. */
function api(over: FakeApiHandlers = {}, areaType: AreaType = area()) {
  return installFakeApi({
    clientConfig: () => CONFIG,
    userInfo: () => makeUser(),
    areaType: () => areaType,
    applyDetail: () => null,
    applyCheck: () => ({ ok: true }),
    ipLocation: () => ({ country: 'HK', region: '' }),
    applyStart: (p: { oaType: 1 | 2; withStatement?: 'first' | 'last' }) => {
      const application = makeApplication({ clientType: p.oaType === 1 ? 'cn' : 'hk' });
      if (p.withStatement === 'first') application.applyStepsName.unshift('STATEMENT');
      if (p.withStatement === 'last') application.applyStepsName.push('STATEMENT');
      return { appId: application.appId, nextStep: application.applyStepsName[0], application };
    },
    ...over,
  });
}

/** Renders home and waits for its cards (with a session, they wait for the application). */
async function renderHome({ esop = false, lang = 'en' as const } = {}) {
  const r = renderWithProviders(
    <FlowContext.Provider value={{ esop }}>
      <Routes>
        <Route path="/account" element={<HomeScreen />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </FlowContext.Provider>,
    { route: '/account', lang },
  );
  await screen.findByRole('radiogroup');
  return r;
}

const hkRadio = () => screen.getByRole('radio', { name: 'Hong Kong, Macau and overseas' });
const cnRadio = () => screen.getByRole('radio', { name: 'Mainland China' });
const startButton = () => screen.getByRole('button', { name: 'Start' });

async function choose(radio: () => HTMLElement) {
  await act(async () => radio().click());
}

async function pressStart() {
  // Start waits for the session check (a person sees it enabled before pressing)
  await waitFor(() => expect(startButton()).toBeEnabled());
  await act(async () => startButton().click());
}

beforeEach(() => {
  jest.restoreAllMocks();
  toast.clear();
  window.localStorage.clear();
});

describe('an anonymous visitor', () => {
  test('sees the home page at once and is asked to log in on Start, coming back with the type chosen', async () => {
    clearSessionHint();
    const fake = api();
    await renderHome();
    await choose(hkRadio);
    await pressStart();
    await waitFor(() => expect(screen.getByText('elsewhere')).toBeInTheDocument());
    expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent('/account?type=hk')}`);
    const called = fake.all.map((c) => c.name);
    expect(called).not.toContain('userInfo');
    expect(called).not.toContain('applyStart');
    expect(called).not.toContain('applyDetail');
  });

  test('back from login with ?type=cn, the mainland card is chosen', async () => {
    api();
    renderWithProviders(
      <FlowContext.Provider value={{ esop: false }}>
        <Routes>
          <Route path="/account" element={<HomeScreen />} />
        </Routes>
      </FlowContext.Provider>,
      { route: '/account?type=cn', lang: 'en' },
    );
    await waitFor(() => expect(cnRadio()).toBeChecked());
  });
});

describe('home layout and the Next rule', () => {
  test('both consent boxes are ticked by default; Next waits for a type', async () => {
    const fake = api();
    await renderHome();
    expect(await screen.findByRole('radiogroup', { name: /Choose the opening method/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I agree to use the electronic trading services' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'I have read and agree to the Customer Agreement' })).toBeChecked();
    expect(hkRadio()).not.toBeChecked();
    expect(cnRadio()).not.toBeChecked();
    // Start explains itself: the hint under it, and a tap focuses the choice and says why
    expect(startButton()).toBeEnabled();
    expect(startButton()).toHaveAccessibleDescription('Choose an opening method');
    await act(async () => startButton().click());
    await waitFor(() => expect(hkRadio()).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Choose an opening method');
    expect(fake.calls('applyCheck')).toHaveLength(0);
    await choose(hkRadio);
    expect(startButton()).not.toHaveAccessibleDescription();
  });

  test('unticking either consent stops Next again, and a tap shows the box to tick', async () => {
    const fake = api();
    const { user } = await renderHome();
    await choose(cnRadio);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to use the electronic trading services' }));
    expect(startButton()).toHaveAccessibleDescription('Tick both boxes to continue');
    await act(async () => startButton().click());
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'I agree to use the electronic trading services' })).toHaveFocus());
    await user.click(screen.getByRole('checkbox', { name: 'I agree to use the electronic trading services' }));
    expect(startButton()).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('checkbox', { name: 'I have read and agree to the Customer Agreement' }));
    await act(async () => startButton().click());
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'I have read and agree to the Customer Agreement' })).toHaveFocus());
    expect(fake.calls('applyCheck')).toHaveLength(0);
  });

  test('choosing a card expands its documents to prepare', async () => {
    api();
    await renderHome();
    await screen.findByRole('radiogroup');
    expect(screen.queryByRole('list', { name: /Please have ready/ })).not.toBeInTheDocument();
    await choose(hkRadio);
    const hkDocs = screen.getByRole('list', { name: 'Hong Kong, Macau and overseas: Please have ready' });
    expect(within(hkDocs).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Passport or ID card',
      'Proof of address',
      'Funds to deposit after opening',
    ]);
    await choose(cnRadio);
    expect(screen.queryByRole('list', { name: /Hong Kong.*Please have ready/ })).not.toBeInTheDocument();
    const cnDocs = screen.getByRole('list', { name: 'Mainland China: Please have ready' });
    expect(within(cnDocs).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Mainland China resident ID card',
      'A bank card in your own name',
    ]);
  });

  test('the radios move with the arrow keys', async () => {
    api();
    const { user } = await renderHome();
    await choose(hkRadio);
    hkRadio().focus();
    await user.keyboard('{ArrowDown}');
    expect(cnRadio()).toBeChecked();
  });

  test('the customer agreement opens the static PDF in a new window', async () => {
    api();
    await renderHome();
    const link = await screen.findByRole('link', { name: /the Customer Agreement/ });
    expect(link).toHaveAttribute('href', '/pages/static/customer-agreement.pdf');
    expect(link).toHaveAttribute('target', '_blank');
  });

  test('the compliance tip is shown', async () => {
    api();
    await renderHome();
    expect(await screen.findByText(/you must open the account yourself/)).toBeInTheDocument();
  });

  test('a returning applicant finds the type of their application chosen, from the first paint of the cards', async () => {
    api({ applyDetail: () => makeApplication({ clientType: 'cn' }) });
    await renderHome();
    // no render of the cards closed (the open card would push the consents and the tip down: a layout shift)
    expect(cnRadio()).toBeChecked();
  });

  test('with a session, the cards wait (a skeleton) until the application is known', async () => {
    api({ applyDetail: () => new Promise(() => undefined) });
    renderWithProviders(
      <FlowContext.Provider value={{ esop: false }}>
        <HomeScreen />
      </FlowContext.Provider>,
      { route: '/account', lang: 'en' },
    );
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });
});

describe('starting', () => {
  test('hk: starts and lands on /HK_IDcard', async () => {
    const fake = api();
    await renderHome();
    await choose(hkRadio);
    await pressStart();
    await waitFor(() => expect(currentLocation()).toBe('/HK_IDcard'));
    expect(fake.calls('applyStart')).toEqual([{ oaType: 2, esop: false }]);
    expect(fake.calls('areaType').length).toBeGreaterThanOrEqual(1); // fetched with the page, not needed for hk
    expect(fake.calls('ipLocation')).toHaveLength(0);
  });

  test('the ESOP page marks the application as ESOP', async () => {
    const fake = api();
    await renderHome({ esop: true });
    expect(await screen.findByText('Employee share plan')).toBeInTheDocument();
    await choose(hkRadio);
    await pressStart();
    await waitFor(() => expect(fake.calls('applyStart')).toEqual([{ oaType: 2, esop: true }]));
  });

  test('Next is debounced: a second press within a second does nothing', async () => {
    let release: () => void = () => undefined;
    const fake = api({ applyCheck: () => new Promise((r) => (release = () => r({ ok: true }))) });
    await renderHome();
    await choose(hkRadio);
    await pressStart();
    expect(startButton()).toBeDisabled();
    await act(async () => startButton().click());
    await act(async () => release());
    await waitFor(() => expect(currentLocation()).toBe('/HK_IDcard'));
    expect(fake.calls('applyCheck')).toHaveLength(1);
    expect(fake.calls('applyStart')).toHaveLength(1);
  });

  test('same type as the existing application: continues where it was left', async () => {
    const fake = api({ applyDetail: () => makeApplication({ clientType: 'hk', latestStep: 'HK_IDCARD' }) });
    await renderHome();
    await choose(hkRadio);
    await pressStart();
    await waitFor(() => expect(currentLocation()).toBe('/UserInfo'));
    expect(fake.calls('applyStart')).toHaveLength(0);
  });

  test('start failure → "application submission failed" toast, no navigation', async () => {
    api({
      applyStart: () => {
        throw new ApiError(100500, 'boom', undefined, 500);
      },
    });
    await renderHome();
    await choose(hkRadio);
    await pressStart();
    expect(await screen.findByText('The application could not be submitted. Please try again')).toBeInTheDocument();
    expect(currentLocation()).toBe('/account');
  });
});

describe('cn area types and strict handling', () => {
  test('area type 3 → statement dialog → confirm → start with STATEMENT first → /statement', async () => {
    const fake = api({}, area({ openingLimitType: 3 }));
    const { user } = await renderHome();
    await choose(cnRadio);
    await pressStart();
    const dialog = await screen.findByRole('dialog', { name: 'Upload a statement' });
    expect(dialog).toHaveAccessibleDescription(/statement from a Hong Kong broker or bank/);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(currentLocation()).toBe('/statement'));
    expect(fake.calls('applyStart')).toEqual([{ oaType: 1, esop: false, withStatement: 'first' }]);
  });

  test('area type 3 with an existing cn application → ApplyStatementStep first', async () => {
    const existing = makeApplication({ clientType: 'cn', latestStep: 'IDCARD' });
    const fake = api(
      {
        applyDetail: () => existing,
        applyStatementStep: (p: { appId: string; position: string }) => ({
          application: { ...existing, applyStepsName: ['STATEMENT', ...existing.applyStepsName] },
          echo: p,
        }),
      },
      area({ openingLimitType: 3 }),
    );
    const { user } = await renderHome();
    await choose(cnRadio);
    await pressStart();
    await user.click(within(await screen.findByRole('dialog', { name: 'Upload a statement' })).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(currentLocation()).toBe('/statement'));
    expect(fake.calls('applyStatementStep')).toEqual([{ appId: existing.appId, position: 'first' }]);
    expect(fake.calls('applyStart')).toHaveLength(0);
  });

  test('statement dialog cancelled → stays home, nothing started', async () => {
    const fake = api({}, area({ openingLimitType: 3 }));
    const { user } = await renderHome();
    await choose(cnRadio);
    await pressStart();
    await user.click(within(await screen.findByRole('dialog', { name: 'Upload a statement' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(startButton()).toBeEnabled());
    expect(fake.calls('applyStart')).toHaveLength(0);
    expect(currentLocation()).toBe('/account');
  });

  test('area type 2 with a mainland IP → strict handling', async () => {
    const fake = api({ ipLocation: () => ({ country: 'CN', region: 'GD' }) }, area({ openingLimitType: 2 }));
    await renderHome();
    await choose(cnRadio);
    await pressStart();
    expect(await screen.findByRole('dialog', { name: 'Upload a statement' })).toBeInTheDocument();
    expect(fake.calls('ipLocation')).toHaveLength(1);
  });

  test('area type 2 with a Hong Kong IP → continues normally', async () => {
    const fake = api({ ipLocation: () => ({ country: 'CN', region: 'HK' }) }, area({ openingLimitType: 2 }));
    await renderHome();
    await choose(cnRadio);
    await pressStart();
    await waitFor(() => expect(currentLocation()).toBe('/IDcard'));
    expect(fake.calls('applyStart')).toEqual([{ oaType: 1, esop: false }]);
  });

  test('area type 4 outside the app → download dialog opening the app download page', async () => {
    api({}, area({ openingLimitType: 4 }));
    jest.spyOn(bridge, 'isInApp').mockReturnValue(false);
    const openPage = jest.spyOn(bridge, 'openPage').mockResolvedValue(undefined);
    const { user } = await renderHome();
    await screen.findByRole('radiogroup');
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
    await choose(cnRadio);
    await pressStart();
    const dialog = await screen.findByRole('dialog', { name: 'Continue in the app' });
    await user.click(within(dialog).getByRole('button', { name: 'Download the app' }));
    expect(openPage).toHaveBeenCalledWith('https://download.example/app');
    expect(currentLocation()).toBe('/account');
  });

  test('area type 4 in app 2.1.0 → toast asking to upgrade', async () => {
    api({}, area({ openingLimitType: 4 }));
    jest.spyOn(bridge, 'isInApp').mockReturnValue(true);
    jest.spyOn(bridge, 'appVersion').mockReturnValue('2.1.0');
    const getLocation = jest.spyOn(bridge, 'getLocation');
    await renderHome();
    await choose(cnRadio);
    await pressStart();
    expect(await screen.findByText('Please update the app to version 2.2.0 or later to open an account')).toBeInTheDocument();
    expect(getLocation).not.toHaveBeenCalled();
  });

  test('area type 4 in app 2.2.0 in a mainland city → strict mode stored, statement dialog', async () => {
    const fake = api({ positionToCity: () => ({ city_code: '156440300' }) }, area({ openingLimitType: 4 }));
    jest.spyOn(bridge, 'isInApp').mockReturnValue(true);
    jest.spyOn(bridge, 'appVersion').mockReturnValue('2.2.0');
    jest.spyOn(bridge, 'getLocation').mockResolvedValue({ latitude: 22.54, longitude: 114.05 });
    const set = jest.spyOn(bridge.storage, 'set').mockResolvedValue(undefined);
    await renderHome();
    await choose(cnRadio);
    await pressStart();
    expect(await screen.findByRole('dialog', { name: 'Upload a statement' })).toBeInTheDocument();
    expect(fake.calls('positionToCity')).toEqual([{ location: '22.54,114.05' }]);
    expect(set).toHaveBeenCalledWith('strictMode', '1');
  });

  test('area type 4 in app with a Hong Kong city → normal start', async () => {
    const fake = api({ positionToCity: () => ({ city_code: '15681' }) }, area({ openingLimitType: 4 }));
    jest.spyOn(bridge, 'isInApp').mockReturnValue(true);
    jest.spyOn(bridge, 'appVersion').mockReturnValue('3.0.1');
    jest.spyOn(bridge, 'getLocation').mockResolvedValue({ latitude: 22.3, longitude: 114.2 });
    await renderHome();
    await choose(cnRadio);
    await pressStart();
    await waitFor(() => expect(currentLocation()).toBe('/IDcard'));
    expect(fake.calls('applyStart')).toEqual([{ oaType: 1, esop: false }]);
  });

  test('location permission denied (1004) → settings dialog', async () => {
    api({}, area({ openingLimitType: 4 }));
    jest.spyOn(bridge, 'isInApp').mockReturnValue(true);
    jest.spyOn(bridge, 'appVersion').mockReturnValue('2.2.0');
    jest.spyOn(bridge, 'getLocation').mockRejectedValue({ code: 1004 });
    await renderHome();
    await choose(cnRadio);
    await pressStart();
    const dialog = await screen.findByRole('dialog', { name: 'Location access needed' });
    expect(dialog).toHaveAccessibleDescription(/go to your system settings/);
    const openSettings = jest.spyOn(bridge, 'openSettings').mockResolvedValue();
    await act(async () => within(dialog).getByRole('button', { name: 'Go to settings' }).click());
    expect(openSettings).toHaveBeenCalledWith('location');
  });

  test('statement limit type 0 → toast that mainland accounts cannot be opened', async () => {
    const fake = api({}, area({ openingLimitType: 3, statementLimitType: 0 }));
    await renderHome();
    await choose(cnRadio);
    await pressStart();
    expect(await screen.findByText('Accounts cannot be opened for mainland China clients at the moment')).toBeInTheDocument();
    expect(fake.calls('applyStart')).toHaveLength(0);
  });

  test('skip "1" → no dialog, STATEMENT appended last, first step next', async () => {
    const fake = api({}, area({ openingLimitType: 3, statementSkipType: '1' }));
    await renderHome();
    await choose(cnRadio);
    await pressStart();
    await waitFor(() => expect(currentLocation()).toBe('/IDcard'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.calls('applyStart')).toEqual([{ oaType: 1, esop: false, withStatement: 'last' }]);
  });
});

describe('switching type and the application check', () => {
  test('existing application of the other type → confirm → ApplySwitch → new first step', async () => {
    const existing = makeApplication({ clientType: 'hk' });
    const fake = api({
      applyDetail: () => existing,
      applySwitch: () => {
        const application = makeApplication({ clientType: 'cn', appId: existing.appId });
        return { appId: existing.appId, nextStep: 'IDCARD', application };
      },
    });
    const { user } = await renderHome();
    await waitFor(() => expect(hkRadio()).toBeChecked());
    await choose(cnRadio);
    await pressStart();
    const dialog = await screen.findByRole('dialog', { name: 'Change the opening method' });
    expect(dialog).toHaveAccessibleDescription(/become invalid/);
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(currentLocation()).toBe('/IDcard'));
    expect(fake.calls('applySwitch')).toEqual([{ appId: existing.appId, data: { oaType: 1 } }]);
    expect(fake.calls('applyStart')).toHaveLength(0);
  });

  test('switch declined → nothing changes', async () => {
    const fake = api({ applyDetail: () => makeApplication({ clientType: 'hk' }) });
    const { user } = await renderHome();
    await waitFor(() => expect(hkRadio()).toBeChecked());
    await choose(cnRadio);
    await pressStart();
    await user.click(within(await screen.findByRole('dialog', { name: 'Change the opening method' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(startButton()).toBeEnabled());
    expect(fake.calls('applySwitch')).toHaveLength(0);
  });

  test('151205 on switch → strict handling → statement dialog → switch again with STATEMENT first', async () => {
    const existing = makeApplication({ clientType: 'hk' });
    let attempts = 0;
    const fake = api({
      applyDetail: () => existing,
      applySwitch: (p: { withStatement?: string }) => {
        attempts++;
        if (!p.withStatement) throw new ApiError(151205, 'denied', undefined, 400);
        const application = makeApplication({ clientType: 'cn', appId: existing.appId });
        application.applyStepsName.unshift('STATEMENT');
        return { appId: existing.appId, nextStep: 'STATEMENT', application };
      },
    });
    const { user } = await renderHome();
    await waitFor(() => expect(hkRadio()).toBeChecked());
    await choose(cnRadio);
    await pressStart();
    await user.click(within(await screen.findByRole('dialog', { name: 'Change the opening method' })).getByRole('button', { name: 'Change' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Upload a statement' })).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(currentLocation()).toBe('/statement'));
    expect(attempts).toBe(2);
    expect(fake.calls('applySwitch')[1]).toEqual({ appId: existing.appId, data: { oaType: 1 }, withStatement: 'first' });
  });

  test('151100 → partner dialog whose button opens the partner site', async () => {
    api({
      applyCheck: () => {
        throw new ApiError(151100, 'partner', { url: 'https://partner.example/open' }, 400);
      },
    });
    const openPage = jest.spyOn(bridge, 'openPage').mockResolvedValue(undefined);
    const { user } = await renderHome();
    await choose(hkRadio);
    await pressStart();
    const dialog = await screen.findByRole('dialog', { name: 'Open on our partner platform' });
    await user.click(within(dialog).getByRole('button', { name: 'Go to partner site' }));
    expect(openPage).toHaveBeenCalledWith('https://partner.example/open');
  });

  test('151000 → silently stops: no dialog, no toast, no start', async () => {
    const fake = api({
      applyCheck: () => {
        throw new ApiError(151000, 'organisation', undefined, 400);
      },
    });
    await renderHome();
    await choose(hkRadio);
    await pressStart();
    await waitFor(() => expect(startButton()).toBeEnabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toast.current()).toBeNull();
    expect(fake.calls('applyStart')).toHaveLength(0);
    expect(currentLocation()).toBe('/account');
  });
});

describe('header', () => {
  test('contact us opens the service phones as tap-to-call links', async () => {
    api();
    const { user } = await renderHome();
    await user.click(await screen.findByRole('button', { name: 'Contact us' }));
    const sheet = await screen.findByRole('dialog', { name: 'Contact us' });
    await waitFor(() => expect(within(sheet).getAllByRole('link')).toHaveLength(2));
    expect(within(sheet).getByRole('link', { name: /Mainland China service line/ })).toHaveAttribute('href', 'tel:4008001234');
    expect(within(sheet).getByRole('link', { name: /Hong Kong service line/ })).toHaveAttribute('href', 'tel:+85228001234');
  });

  test('the language switcher changes the texts', async () => {
    api();
    const { user } = await renderHome();
    await user.click(await screen.findByRole('button', { name: '繁體中文' }));
    expect(await screen.findByRole('radio', { name: '中國內地客戶' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '繁體中文' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '简体中文' }));
    expect(await screen.findByRole('radio', { name: '中国内地客户' })).toBeInTheDocument();
  });
});
