/**
 * "Return to" in the step engine: a step opened with ?returnTo=<STEP> (the liveness step sends the applicant to fix
 * the ID card) goes straight back there after its Next saved it, and on Back; a value that is not a step the
 * applicant may open is ignored (the flow goes on as usual).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { ApplicationView } from '../domain/contract';
import type { StepName } from '../domain/steps';
import { createFakeServer, type FakeServer } from '../testing/fake-server';
import { makeApplication } from '../testing/factories';
import { currentLocation, renderWithProviders } from '../testing/render-with-providers';
import { resetCipherSession } from '../api/client';
import { StepPage } from '../ui/StepPage';
import { useStepFlow } from './use-step-flow';

let server: FakeServer;
let restore: () => void;
let app: ApplicationView;
let now = 0;

function StepScreen({ step }: { step: StepName }) {
  const flow = useStepFlow(step);
  return (
    <StepPage
      title={`screen ${step}`}
      onBack={() => void flow.back()}
      footer={
        <button type="button" onClick={() => void flow.next({ field: step })}>
          go next
        </button>
      }
    >
      <p>{flow.application ? `step ${step}` : 'loading'}</p>
    </StepPage>
  );
}

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/IDcard" element={<StepScreen step="IDCARD" />} />
      <Route path="/bankCard" element={<StepScreen step="BANKCARD" />} />
      <Route path="/livingWitness" element={<StepScreen step="LIVINGWITNESS" />} />
      <Route path="*" element={<p>other page</p>} />
    </Routes>,
    { route, lang: 'en' },
  );
}

const saved = () => server.callsOf('applyUpdate').map((c) => (c.payload as { currentStep: string; draft: boolean }).currentStep);

beforeAll(async () => {
  server = await createFakeServer();
});
beforeEach(() => {
  resetCipherSession();
  localStorage.clear();
  server.calls.length = 0;
  app = makeApplication({ clientType: 'cn', applyStepsName: ['IDCARD', 'BANKCARD', 'LIVINGWITNESS', 'CAAPPLY'] });
  server.handlers = {
    applyDetail: () => app,
    applyUpdate: (p) => {
      if (!p.draft) app = { ...app, currentStep: p.currentStep };
      return { application: app, nextStep: null };
    },
  };
  restore = server.install();
  // each press of Next is a new press (the 1 s debounce)
  now += 10_000;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => {
  restore();
  jest.restoreAllMocks();
});

async function press(name: string) {
  const button = await screen.findByRole('button', { name });
  await act(async () => button.click());
}

test('Next on the ID card step opened from the liveness step saves it and goes straight back there', async () => {
  renderAt('/IDcard?returnTo=LIVINGWITNESS');
  await screen.findByText('step IDCARD');
  await press('go next');
  await waitFor(() => expect(currentLocation()).toBe('/livingWitness'));
  expect(saved()).toEqual(['IDCARD']);
  expect(await screen.findByText('step LIVINGWITNESS')).toBeInTheDocument();
});

test('Back on it goes back there too, without a save of the step', async () => {
  renderAt('/IDcard?returnTo=LIVINGWITNESS');
  await screen.findByText('step IDCARD');
  await press('Back');
  await waitFor(() => expect(currentLocation()).toBe('/livingWitness'));
  expect(server.callsOf('applyUpdate').filter((c) => !(c.payload as { draft: boolean }).draft)).toEqual([]);
});

test.each([
  ['not a step', '/account'],
  ['a step of another kind of application', 'HK_IDCARD'],
  ['the step itself', 'IDCARD'],
])('a returnTo that is %s is ignored: Next goes to the following step', async (_name, value) => {
  renderAt(`/IDcard?returnTo=${encodeURIComponent(value)}`);
  await screen.findByText('step IDCARD');
  await press('go next');
  await waitFor(() => expect(currentLocation()).toBe('/bankCard'));
});

test('under a rejection, a returnTo step that was not sent back is closed: Next follows the rejected steps', async () => {
  app = { ...app, applyStatus: 1900, rejectData: { steps: ['IDCARD', 'BANKCARD'], message: 'fix these' } };
  renderAt('/IDcard?returnTo=LIVINGWITNESS');
  await screen.findByText('step IDCARD');
  await press('go next');
  await waitFor(() => expect(currentLocation()).toBe('/bankCard'));
});
