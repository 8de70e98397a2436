/**
 * The correction round's final action through a step page inside the ResubmitGate: Next reads "Resubmit" only when the
 * step is the last one still to fix, and the resubmission waits for the confirmation (cancelled: nothing is sent).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { ApplicationView } from '../domain/contract';
import { isRejected } from '../domain/status';
import { markFixed, type StepName } from '../domain/steps';
import { createFakeServer, type FakeServer } from '../testing/fake-server';
import { makeApplication } from '../testing/factories';
import { currentLocation, renderWithProviders } from '../testing/render-with-providers';
import { resetCipherSession } from '../api/client';
import { StepPage } from '../ui/StepPage';
import { ResubmitGate } from './ResubmitGate';
import { useStepFlow } from './use-step-flow';

jest.setTimeout(30000);

let server: FakeServer;
let restore: () => void;
let app: ApplicationView;
let now: number;

function StepScreen({ step }: { step: StepName }) {
  const flow = useStepFlow(step);
  return (
    <StepPage title={`screen ${step}`} progress={flow.progress} onNext={() => void flow.next({ field: step })}>
      <label>
        Typed answer
        <input defaultValue="" />
      </label>
    </StepPage>
  );
}

function renderAt(route: string, lang: 'en' | 'zh-CN' | 'zh-TW' = 'en') {
  const at = (path: string, step: StepName) => (
    <Route
      path={path}
      element={
        <ResubmitGate>
          <StepScreen step={step} />
        </ResubmitGate>
      }
    />
  );
  return renderWithProviders(
    <Routes>
      {at('/HK_IDcard', 'HK_IDCARD')}
      {at('/UserInfo', 'USERINFO')}
      {at('/ProofAddress', 'PROOFADDRESS')}
      <Route path="*" element={<p>other page</p>} />
    </Routes>,
    { route, lang },
  );
}

beforeAll(async () => {
  server = await createFakeServer();
});

beforeEach(() => {
  resetCipherSession();
  server.calls.length = 0;
  app = makeApplication({
    clientType: 'hk',
    applyStatus: 1900,
    applyStepsName: ['HK_IDCARD', 'USERINFO', 'PROOFADDRESS'],
    rejectData: { steps: ['HK_IDCARD', 'PROOFADDRESS'], message: 'Photo unreadable', fixed: [] },
  });
  server.handlers = {
    applyDetail: () => app,
    applyUpdate: (p) => {
      // as the service: a rejected step saved is fixed
      if (!p.draft && app.rejectData && isRejected(app.applyStatus)) app = { ...app, rejectData: markFixed({ ...app.rejectData }, p.currentStep as StepName) };
      return { application: app, nextStep: null };
    },
    applySubmit: () => {
      app = { ...app, applyStatus: 1200, rejectData: null };
      return { application: app };
    },
  };
  restore = server.install();
  now = Date.now();
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});

afterEach(() => {
  restore();
  jest.restoreAllMocks();
});

const saved = () => server.callsOf('applyUpdate').map((c) => (c.payload as { currentStep: string }).currentStep);

test('Next on a step with another still to fix reads Next and goes there; on the last one it reads Resubmit; cancel sends nothing, confirm resubmits', async () => {
  const { user } = renderAt('/HK_IDcard');
  await screen.findByText('1 of 6');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(currentLocation()).toBe('/ProofAddress'));
  await user.type(await screen.findByRole('textbox', { name: 'Typed answer' }), 'kept');
  now += 2000;
  await user.click(await screen.findByRole('button', { name: 'Resubmit' }));

  let dialog = await screen.findByRole('dialog', { name: 'Resubmit your application?' });
  expect(dialog).toHaveTextContent('You cannot change your application while it is being reviewed.');
  await user.click(within(dialog).getByRole('button', { name: 'Not yet' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(saved()).toEqual(['HK_IDCARD']);
  expect(server.callsOf('applySubmit')).toHaveLength(0);
  expect(currentLocation()).toBe('/ProofAddress');
  expect(screen.getByRole('textbox', { name: 'Typed answer' })).toHaveValue('kept');

  now += 2000;
  await user.click(screen.getByRole('button', { name: 'Resubmit' }));
  dialog = await screen.findByRole('dialog', { name: 'Resubmit your application?' });
  await act(async () => within(dialog).getByRole('button', { name: 'Resubmit' }).click());
  await waitFor(() => expect(currentLocation()).toBe('/AccountStatus'));
  expect(saved()).toEqual(['HK_IDCARD', 'PROOFADDRESS']);
  expect(server.callsOf('applySubmit').map((c) => c.payload)).toEqual([{ appId: app.appId }]);
});

test('the last step in list order, opened first from the status page, reads Next and goes to the one still to fix', async () => {
  const { user } = renderAt('/ProofAddress', 'zh-TW');
  await screen.findByText('第 3 步，共 6 步');
  await user.click(await screen.findByRole('button', { name: '下一步' }));
  await waitFor(() => expect(currentLocation()).toBe('/HK_IDcard'));
  expect(await screen.findByRole('button', { name: '重新提交' })).toBeInTheDocument();
  expect(server.callsOf('applySubmit')).toHaveLength(0);
});

test('a step not sent back, and an application not sent back, keep their own label', async () => {
  app = { ...app, rejectData: { steps: ['HK_IDCARD', 'PROOFADDRESS'], message: 'x', fixed: ['HK_IDCARD', 'PROOFADDRESS'] } };
  const first = renderAt('/UserInfo', 'zh-CN');
  await first.findByText('第 2 步，共 6 步');
  expect(first.getByRole('button', { name: '下一步' })).toBeInTheDocument();
  first.unmount();
  app = { ...app, applyStatus: 1090, rejectData: null };
  renderAt('/ProofAddress');
  await screen.findByText('3 of 6');
  expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
});

test('the last step to fix opened from another step to fix something (?returnTo) reads Next and goes back there, resubmitting nothing', async () => {
  app = { ...app, rejectData: { steps: ['HK_IDCARD', 'PROOFADDRESS'], message: 'x', fixed: ['PROOFADDRESS'] } };
  const { user } = renderAt('/HK_IDcard?returnTo=PROOFADDRESS');
  await screen.findByText('1 of 6');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(currentLocation()).toBe('/ProofAddress'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(saved()).toEqual(['HK_IDCARD']);
  expect(server.callsOf('applySubmit')).toHaveLength(0);
  // back on the step it came from, the round's final action is there
  expect(await screen.findByRole('button', { name: 'Resubmit' })).toBeInTheDocument();
});
