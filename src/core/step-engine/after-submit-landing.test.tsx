/**
 * After the submit, the route afterSubmitRoute names is where the applicant stays, also when that screen's chunk is
 * still loading: the router moves in a transition (the step's screen stays up meanwhile), and the step route's guard,
 * which now sees a submitted application, must not bounce the applicant elsewhere (spec part 3 §4: 1500 → WITNESS).
 */
import { act, screen } from '@testing-library/react';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { ApplicationView } from '../domain/contract';
import { createFakeServer, type FakeServer } from '../testing/fake-server';
import { makeApplication, makeUser } from '../testing/factories';
import { currentLocation, renderWithProviders } from '../testing/render-with-providers';
import { resetCipherSession } from '../api/client';
import { RouteGuard, resetGuardState } from '../router/guard';
import { StepPage } from '../ui/StepPage';
import { useStepFlow } from './use-step-flow';

let server: FakeServer;
let restore: () => void;
let app: ApplicationView;

function CaApply() {
  const flow = useStepFlow('CAAPPLY');
  return (
    <StepPage
      title="certificate"
      progress={flow.progress}
      footer={
        <button type="button" onClick={() => void flow.next({ agree: true })}>
          go next
        </button>
      }
    >
      <p>certificate step</p>
    </StepPage>
  );
}

const guarded = (submittedFlag: boolean, screen: ReactNode) => (
  <RouteGuard submittedFlag={submittedFlag} titleKey="common.appTitle">
    {screen}
  </RouteGuard>
);

/** A screen whose chunk arrives when the test says so (as a lazy route's does on its first visit). */
function slowScreen(text: string) {
  let arrive: () => void = () => undefined;
  const Screen = lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve) => {
        arrive = () => resolve({ default: () => <p>{text}</p> });
      }),
  );
  return { Screen, arrive: () => arrive() };
}

beforeAll(async () => {
  server = await createFakeServer();
});
beforeEach(() => {
  resetCipherSession();
  resetGuardState();
  server.calls.length = 0;
  app = makeApplication({ clientType: 'cn', applyStepsName: ['LIVINGWITNESS', 'CAAPPLY'] });
  server.handlers = {
    userInfo: () => makeUser(),
    applyDetail: () => app,
    applyUpdate: (p) => {
      app = { ...app, currentStep: p.currentStep, latestStep: p.currentStep };
      return { application: app, nextStep: null };
    },
    applySubmit: () => {
      app = { ...app, applyStatus: 1500 };
      return { application: app };
    },
  };
  restore = server.install();
});
afterEach(() => restore());

test('a mainland submit answered with 1500 lands on /witness while its screen is still loading (no bounce to /openStatus)', async () => {
  const witness = slowScreen('witness page');
  renderWithProviders(
    <Suspense fallback={<p>loading screen</p>}>
      <Routes>
        <Route path="/livingWitness" element={guarded(false, <p>liveness step</p>)} />
        <Route path="/caApply" element={guarded(false, <CaApply />)} />
        <Route path="/witness" element={guarded(true, <witness.Screen />)} />
        <Route path="/openStatus" element={guarded(true, <p>status page</p>)} />
      </Routes>
    </Suspense>,
    { initialEntries: ['/livingWitness', '/caApply'], lang: 'en' },
  );
  const next = await screen.findByRole('button', { name: 'go next' });
  await act(async () => next.click());
  // the submit is answered and the cache holds the submitted application while the next screen's chunk is loading
  await act(async () => {
    while (!server.callsOf('applySubmit').length) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20));
  });
  expect(currentLocation()).not.toBe('/openStatus');
  await act(async () => witness.arrive());
  expect(await screen.findByText('witness page')).toBeInTheDocument();
  expect(currentLocation()).toBe('/witness');
});

test('a corrected mainland application resubmitted and answered 1500 lands on its status page, not /witness (spec: mainland with reject steps → openStatus)', async () => {
  app = { ...app, applyStatus: 1900, rejectData: { steps: ['CAAPPLY'], message: 'Please check the documents.', fixed: [] } } as ApplicationView;
  server.handlers.applyUpdate = (p) => {
    app = { ...app, currentStep: (p as { currentStep: string }).currentStep };
    return { application: app, nextStep: null };
  };
  server.handlers.applySubmit = () => {
    app = { ...app, applyStatus: 1500, rejectData: null };
    return { application: app };
  };
  renderWithProviders(
    <Routes>
      <Route path="/caApply" element={guarded(false, <CaApply />)} />
      <Route path="/witness" element={guarded(true, <p>witness page</p>)} />
      <Route path="/openStatus" element={guarded(true, <p>status page</p>)} />
    </Routes>,
    { initialEntries: ['/caApply'], lang: 'en' },
  );
  await act(async () => (await screen.findByRole('button', { name: 'go next' })).click());
  expect(await screen.findByText('status page')).toBeInTheDocument();
  expect(currentLocation()).toBe('/openStatus');
  expect(server.callsOf('applySubmit')).toHaveLength(1);
});
