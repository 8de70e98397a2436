import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { ApplicationView, UserView } from '../domain/contract';
import { createFakeServer, fakeError, type FakeServer } from '../testing/fake-server';
import { makeApplication, makeUser } from '../testing/factories';
import { currentLocation, renderWithProviders } from '../testing/render-with-providers';
import { resetCipherSession } from '../api/client';
import { cancelLoginRedirect } from '../api/errors';
import { toast } from '../ui/toast';
import { RouteGuard, resetGuardState, type RouteFlags } from './guard';
import { useProgressStep } from './progress-step';

let server: FakeServer;
let restore: () => void;
let user: UserView | null;
let app: ApplicationView | null;

const ROUTES: (RouteFlags & { text: string })[] = [
  { path: '/HK_IDcard', submittedFlag: false, titleKey: 'common.esopTitle', text: 'identity step' },
  { path: '/UserInfo', submittedFlag: false, titleKey: 'common.appTitle', text: 'user info step' },
  { path: '/ProofAddress', submittedFlag: false, titleKey: 'common.appTitle', text: 'address step' },
  { path: '/openStatus', submittedFlag: true, titleKey: 'common.appTitle', text: 'mainland status page' },
  { path: '/AccountStatus', submittedFlag: true, titleKey: 'common.appTitle', text: 'account status page' },
  { path: '/account', submittedFlag: false, titleKey: 'common.appTitle', public: true, text: 'home page' },
  { path: '/login', submittedFlag: false, titleKey: 'login.title', public: true, text: 'login page' },
];

function StepName() {
  const step = useProgressStep();
  return <p>{`step ${step ?? 'none'}`}</p>;
}

function renderAt(entries: string[]) {
  return renderWithProviders(
    <Routes>
      {ROUTES.map((r) => (
        <Route
          key={r.path}
          path={r.path}
          element={
            <RouteGuard submittedFlag={r.submittedFlag} titleKey={r.titleKey} public={r.public}>
              <p>{r.text}</p>
              <StepName />
            </RouteGuard>
          }
        />
      ))}
      <Route path="*" element={<p>unguarded page</p>} />
    </Routes>,
    { initialEntries: entries, lang: 'en' },
  );
}

beforeAll(async () => {
  server = await createFakeServer();
});

beforeEach(() => {
  resetCipherSession();
  resetGuardState();
  cancelLoginRedirect();
  toast.clear();
  delete window.HLNativeBridge;
  server.calls.length = 0;
  user = makeUser();
  app = makeApplication({ clientType: 'hk' });
  server.handlers = {
    userInfo: () => {
      if (!user) throw fakeError(100008, 'no session', undefined, 401);
      return user;
    },
    applyDetail: () => app,
    tokenLogin: (p) => {
      if (p.t !== 'TOKEN-1234567') throw fakeError(111504, 'bad token', undefined, 401);
      user = makeUser({ subAcctId: p.subAccountId ?? null });
      return user;
    },
  };
  restore = server.install();
});

afterEach(() => restore());

describe('RouteGuard', () => {
  test('an editable application reaches a step route; the title and progress step are set', async () => {
    renderAt(['/HK_IDcard']);
    expect(await screen.findByText('identity step')).toBeInTheDocument();
    expect(screen.getByText('step HK_IDCARD')).toBeInTheDocument();
    expect(document.title).toBe('Open an ESOP account');
  });

  test('a submitted application on a non-submitted route with no history goes to its status page', async () => {
    app = makeApplication({ clientType: 'hk', applyStatus: 1200 });
    renderAt(['/HK_IDcard']);
    await waitFor(() => expect(currentLocation()).toBe('/AccountStatus'));
    expect(await screen.findByText('account status page')).toBeInTheDocument();
    expect(screen.queryByText('identity step')).not.toBeInTheDocument();
  });

  test('a submitted application bounces back to the previous route', async () => {
    app = makeApplication({ clientType: 'cn', applyStatus: 1500 });
    renderAt(['/openStatus', '/HK_IDcard']);
    await waitFor(() => expect(currentLocation()).toBe('/openStatus'));
    expect(await screen.findByText('mainland status page')).toBeInTheDocument();
  });

  test('a submitted-flagged route is allowed for a submitted application', async () => {
    app = makeApplication({ clientType: 'cn', applyStatus: 1200 });
    renderAt(['/openStatus']);
    expect(await screen.findByText('mainland status page')).toBeInTheDocument();
    expect(currentLocation()).toBe('/openStatus');
  });

  test('an opened account (client status 31) is locked too; a rejected one (1900) is editable', async () => {
    app = makeApplication({ clientType: 'hk', applyStatus: 1100, clientStatus: 31 });
    const first = renderAt(['/HK_IDcard']);
    await waitFor(() => expect(currentLocation()).toBe('/AccountStatus'));
    first.unmount();
    app = makeApplication({ clientType: 'hk', applyStatus: 1900, rejectData: { steps: ['HK_IDCARD'], message: 'blurred' } });
    renderAt(['/HK_IDcard']);
    expect(await screen.findByText('identity step')).toBeInTheDocument();
  });

  describe('an application sent back for correction', () => {
    const rejected = (steps: string[]) =>
      makeApplication({ clientType: 'hk', applyStatus: 1900, rejectData: { steps, message: 'Address proof unreadable' } });

    test('a rejected step is reachable', async () => {
      app = rejected(['PROOFADDRESS', 'USERINFO']);
      renderAt(['/ProofAddress']);
      expect(await screen.findByText('address step')).toBeInTheDocument();
      expect(currentLocation()).toBe('/ProofAddress');
    });

    test('another step route goes to the first rejected step in list order', async () => {
      app = rejected(['PROOFADDRESS', 'USERINFO']);
      renderAt(['/HK_IDcard']);
      await waitFor(() => expect(currentLocation()).toBe('/UserInfo'));
      expect(await screen.findByText('user info step')).toBeInTheDocument();
      expect(screen.queryByText('identity step')).not.toBeInTheDocument();
    });

    test('the status pages and the home page stay reachable', async () => {
      app = rejected(['USERINFO']);
      const first = renderAt(['/AccountStatus']);
      expect(await screen.findByText('account status page')).toBeInTheDocument();
      first.unmount();
      renderAt(['/account']);
      expect(await screen.findByText('home page')).toBeInTheDocument();
    });

    test('a reject status without steps does not redirect', async () => {
      app = makeApplication({ clientType: 'hk', applyStatus: 1901, rejectData: null });
      renderAt(['/HK_IDcard']);
      expect(await screen.findByText('identity step')).toBeInTheDocument();
    });
  });

  test('token login from the query when there is no session; the token leaves the address', async () => {
    user = null;
    renderAt(['/HK_IDcard?t=TOKEN-1234567&sub=S123&sid=APPSESSION&x=1']);
    expect(await screen.findByText('identity step')).toBeInTheDocument();
    expect(server.callsOf('tokenLogin').map((c) => c.payload)).toEqual([{ t: 'TOKEN-1234567', subAccountId: 'S123', sessionId: 'APPSESSION' }]);
    await waitFor(() => expect(currentLocation()).toBe('/HK_IDcard?x=1'));
  });

  test('a token is not used when a session exists', async () => {
    renderAt(['/HK_IDcard?t=TOKEN-1234567']);
    expect(await screen.findByText('identity step')).toBeInTheDocument();
    expect(server.callsOf('tokenLogin')).toHaveLength(0);
    // and it does not stay in the address
    await waitFor(() => expect(currentLocation()).toBe('/HK_IDcard'));
  });

  test('a bad token shows the login-expired message', async () => {
    user = null;
    renderAt(['/account?t=WRONG-TOKEN-99&sub=S1&sid=X']);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('bad token'));
    // a refused token leaves the address too
    await waitFor(() => expect(currentLocation()).toBe('/account'));
  });

  test('a browser user without a session is sent to the login screen with a redirect back', async () => {
    user = null;
    renderAt(['/HK_IDcard?x=1']);
    await waitFor(() => expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent('/HK_IDcard?x=1')}`));
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  test('public routes render without a session', async () => {
    user = null;
    renderAt(['/account']);
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(currentLocation()).toBe('/account');
  });

  test('inside the app the title is fixed and a missing session gives the login-expired message', async () => {
    user = null;
    window.HLNativeBridge = { postMessage: () => undefined, appInfo: { version: '2.3.0' } };
    renderAt(['/HK_IDcard']);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your login has expired. Please log in again.'));
    expect(document.title).toBe('Open an account');
    expect(currentLocation()).toBe('/HK_IDcard');
  });

  test('jump sends a logged-in user to the named route', async () => {
    renderAt(['/account?jump=openStatus']);
    app = makeApplication({ clientType: 'cn', applyStatus: 1200 });
    await waitFor(() => expect(currentLocation()).toBe('/openStatus'));
  });

  test('a failing service shows a retry', async () => {
    server.offline = true;
    renderAt(['/HK_IDcard']);
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is unavailable');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
