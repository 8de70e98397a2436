import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import type { ApplicationView } from '../domain/contract';
import { markFixed, type StepName } from '../domain/steps';
import { isRejected } from '../domain/status';
import { createFakeServer, fakeError, type FakeServer } from '../testing/fake-server';
import { makeApplication } from '../testing/factories';
import { currentLocation, renderWithProviders } from '../testing/render-with-providers';
import { resetCipherSession } from '../api/client';
import { toast } from '../ui/toast';
import { StepPage } from '../ui/StepPage';
import { useStepFlow } from './use-step-flow';
import { useHalfwaySave } from './use-halfway-save';
import { SubmitGateContext, type BeforeSubmit } from './submit-gate';

let server: FakeServer;
let restore: () => void;
let app: ApplicationView;
let now: number;

function StepScreen({ step, data }: { step: StepName; data: Record<string, unknown> }) {
  const flow = useStepFlow(step);
  useHalfwaySave(step, () => data);
  const navigate = useNavigate();
  return (
    <StepPage
      title={`screen ${step}`}
      progress={flow.progress}
      onBack={() => void flow.back()}
      footer={
        <>
          <button type="button" onClick={() => void flow.next(data)}>
            go next
          </button>
          <button type="button" onClick={() => void flow.next(data, { submit: true })}>
            save and submit
          </button>
          <button type="button" onClick={() => navigate('/elsewhere')}>
            leave
          </button>
        </>
      }
    >
      <p>{flow.isSaving ? 'saving' : 'idle'}</p>
    </StepPage>
  );
}

function renderFlow(route: string, data: Record<string, unknown> = { field: 'value' }) {
  return renderWithProviders(
    <Routes>
      <Route path="/statement" element={<StepScreen step="STATEMENT" data={data} />} />
      <Route path="/HK_IDcard" element={<StepScreen step="HK_IDCARD" data={data} />} />
      <Route path="/UserInfo" element={<StepScreen step="USERINFO" data={data} />} />
      <Route path="/ProofAddress" element={<StepScreen step="PROOFADDRESS" data={data} />} />
      <Route path="/IDcard" element={<StepScreen step="IDCARD" data={data} />} />
      <Route path="*" element={<p>other page</p>} />
    </Routes>,
    { route, lang: 'en' },
  );
}

const nextButton = () => screen.getByRole('button', { name: 'go next' });

async function press(button: HTMLElement) {
  await act(async () => button.click());
}

beforeAll(async () => {
  server = await createFakeServer();
});

beforeEach(() => {
  resetCipherSession();
  toast.clear();
  localStorage.clear();
  server.calls.length = 0;
  app = makeApplication({ clientType: 'hk', applyStepsName: ['HK_IDCARD', 'USERINFO'] });
  server.handlers = {
    applyDetail: () => app,
    applyUpdate: (p) => {
      if (!p.draft) app = { ...app, currentStep: p.currentStep, latestStep: p.currentStep };
      // as the service: a step sent back for correction and saved is fixed
      if (!p.draft && app.rejectData && isRejected(app.applyStatus)) app = { ...app, rejectData: markFixed({ ...app.rejectData }, p.currentStep as StepName) };
      return { application: app, nextStep: null };
    },
    applySubmit: () => {
      app = { ...app, applyStatus: 1200 };
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

const updates = () => server.callsOf('applyUpdate').map((c) => c.payload as { currentStep: string; draft: boolean; data: unknown });

describe('useStepFlow', () => {
  test('shows the progress and, on Next, saves the step and moves to the following one', async () => {
    renderFlow('/HK_IDcard', { idNumber: 'A1234563' });
    expect(await screen.findByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuetext', '1 of 6');
    await press(nextButton());
    await waitFor(() => expect(currentLocation()).toBe('/UserInfo'));
    expect(updates()).toEqual([expect.objectContaining({ currentStep: 'HK_IDCARD', draft: false, data: { idNumber: 'A1234563' }, stepVersion: '1.0', appId: app.appId })]);
    expect(await screen.findByText('2 of 6')).toBeInTheDocument();
  });

  test('Back goes to the previous step, and home from the first one', async () => {
    renderFlow('/UserInfo');
    await screen.findByText('2 of 6');
    await press(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(currentLocation()).toBe('/HK_IDcard'));
    await screen.findByText('1 of 6');
    await press(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(currentLocation()).toBe('/account'));
  });

  test('Next on the last step submits; hk goes to /AccountStatus', async () => {
    renderFlow('/UserInfo');
    await screen.findByText('2 of 6');
    await press(nextButton());
    await waitFor(() => expect(currentLocation()).toBe('/AccountStatus'));
    expect(updates().map((u) => u.currentStep)).toEqual(['USERINFO']);
    expect(server.callsOf('applySubmit')[0].payload).toEqual({ appId: app.appId });
  });

  test('next with {submit: true} saves and submits from a step that is not the last', async () => {
    app = makeApplication({ clientType: 'cn', applyStepsName: ['STATEMENT', 'IDCARD'] });
    renderFlow('/statement');
    await screen.findByText('1 of 5');
    await press(screen.getByRole('button', { name: 'save and submit' }));
    await waitFor(() => expect(currentLocation()).toBe('/openStatus'));
    expect(updates().map((u) => u.currentStep)).toEqual(['STATEMENT']);
    expect(server.callsOf('applySubmit')).toHaveLength(1);
  });

  test('a mainland submit answered with status 1500 goes to /witness', async () => {
    app = makeApplication({ clientType: 'cn', applyStepsName: ['IDCARD'] });
    server.handlers.applySubmit = () => ({ application: { ...app, applyStatus: 1500 } });
    renderFlow('/IDcard');
    await screen.findByText('1 of 5');
    await press(nextButton());
    await waitFor(() => expect(currentLocation()).toBe('/witness'));
  });

  test('150211 on submit goes to the statement page in supplement mode', async () => {
    server.handlers.applySubmit = () => {
      throw fakeError(150211, 'statement needed');
    };
    renderFlow('/UserInfo');
    await screen.findByText('2 of 6');
    await press(nextButton());
    await waitFor(() => expect(currentLocation()).toBe('/statement?supplement=supplement'));
  });

  test('another submit failure shows "application submit failed" and stays', async () => {
    server.handlers.applySubmit = () => {
      throw fakeError(151300, 'locked');
    };
    renderFlow('/UserInfo');
    await screen.findByText('2 of 6');
    await press(nextButton());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The application could not be submitted. Please try again.'));
    expect(currentLocation()).toBe('/UserInfo');
  });

  test('a submit refused for a step not saved: the failure toast, then that step', async () => {
    server.handlers.applySubmit = () => {
      throw fakeError(100400, 'invalid', { issues: [{ path: 'steps.HK_IDCARD', message: 'required' }] });
    };
    renderFlow('/UserInfo');
    await screen.findByText('2 of 6');
    await press(nextButton());
    await waitFor(() => expect(currentLocation()).toBe('/HK_IDcard'));
    expect(screen.getByRole('status')).toHaveTextContent('The application could not be submitted. Please try again.');
  });

  test('a save error goes to the general catalogue (server message toast) and stays', async () => {
    server.handlers.applyUpdate = () => {
      throw fakeError(150302, 'Bank card is wrong');
    };
    renderFlow('/HK_IDcard');
    await screen.findByText('1 of 6');
    await press(nextButton());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Bank card is wrong'));
    expect(currentLocation()).toBe('/HK_IDcard');
  });

  test('Next is debounced for 1 s', async () => {
    server.handlers.applyUpdate = (p) => {
      if (p.currentStep === 'HK_IDCARD') throw fakeError(150302, 'try again');
      return { application: app, nextStep: null };
    };
    renderFlow('/HK_IDcard');
    await screen.findByText('1 of 6');
    await press(nextButton());
    await waitFor(() => expect(updates()).toHaveLength(1));
    await waitFor(() => expect(screen.getByText('idle')).toBeInTheDocument());
    now += 500;
    await press(nextButton());
    expect(updates()).toHaveLength(1); // within 1 s of the last press: ignored
    now += 600;
    await press(nextButton());
    await waitFor(() => expect(updates()).toHaveLength(2));
  });

  test('a press while the save is in flight is refused with the no-repeat toast', async () => {
    let release!: () => void;
    server.handlers.applyUpdate = () =>
      new Promise((resolve) => {
        release = () => resolve({ application: app, nextStep: null });
      });
    renderFlow('/HK_IDcard');
    await screen.findByText('1 of 6');
    await press(nextButton());
    await waitFor(() => expect(screen.getByText('saving')).toBeInTheDocument());
    await waitFor(() => expect(updates()).toHaveLength(1));
    now += 5000;
    await press(nextButton());
    expect(screen.getByRole('status')).toHaveTextContent('Please do not submit twice.');
    await act(async () => release());
    await waitFor(() => expect(currentLocation()).toBe('/UserInfo'));
    expect(updates().filter((u) => !u.draft)).toHaveLength(1);
  });

  test('STATEMENT moves to the end when the local skip flag is "1"', async () => {
    app = makeApplication({ clientType: 'hk', applyStepsName: ['STATEMENT', 'HK_IDCARD', 'USERINFO'] });
    localStorage.setItem('statementSkipType', '1');
    renderFlow('/UserInfo');
    await screen.findByText('2 of 6');
    await press(nextButton());
    await waitFor(() => expect(currentLocation()).toBe('/statement'));
    expect(server.callsOf('applySubmit')).toHaveLength(0);
  });

  test('without the skip flag STATEMENT stays first: Back from the first identity step goes to it', async () => {
    app = makeApplication({ clientType: 'hk', applyStepsName: ['STATEMENT', 'HK_IDCARD', 'USERINFO'] });
    renderFlow('/HK_IDcard');
    await screen.findByText('1 of 6');
    await press(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(currentLocation()).toBe('/statement'));
  });
});

describe('the rejection loop', () => {
  const rejectedApp = () =>
    makeApplication({
      clientType: 'hk',
      applyStatus: 1900,
      applyStepsName: ['HK_IDCARD', 'USERINFO', 'PROOFADDRESS'],
      rejectData: { steps: ['PROOFADDRESS', 'HK_IDCARD'], message: 'Photo unreadable' },
    });

  beforeEach(() => {
    app = rejectedApp();
    server.handlers.applySubmit = () => {
      app = { ...app, applyStatus: 1200, rejectData: null };
      return { application: app };
    };
  });

  test('Next goes to the next rejected step (skipping the others), and after the last one resubmits', async () => {
    renderFlow('/HK_IDcard');
    await screen.findByText('1 of 6');
    await press(nextButton());
    await waitFor(() => expect(currentLocation()).toBe('/ProofAddress'));
    expect(server.callsOf('applySubmit')).toHaveLength(0);
    await screen.findByText('3 of 6');
    now += 2000;
    await press(nextButton());
    await waitFor(() => expect(currentLocation()).toBe('/AccountStatus'));
    expect(updates().map((u) => u.currentStep)).toEqual(['HK_IDCARD', 'PROOFADDRESS']);
    expect(server.callsOf('applySubmit').map((c) => c.payload)).toEqual([{ appId: app.appId }]);
  });

  test('a single rejected step resubmits on Next', async () => {
    app = { ...rejectedApp(), rejectData: { steps: ['USERINFO'], message: 'x' } };
    renderFlow('/UserInfo');
    await screen.findByText('2 of 6');
    await press(nextButton());
    await waitFor(() => expect(currentLocation()).toBe('/AccountStatus'));
    expect(server.callsOf('applySubmit')).toHaveLength(1);
  });

  test('Back stays within the rejected steps; before the first one, the status page', async () => {
    renderFlow('/ProofAddress');
    await screen.findByText('3 of 6');
    await press(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(currentLocation()).toBe('/HK_IDcard'));
    await screen.findByText('1 of 6');
    await press(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(currentLocation()).toBe('/AccountStatus'));
  });

  test('a mainland resubmission goes to openStatus', async () => {
    app = makeApplication({ clientType: 'cn', applyStatus: 1901, applyStepsName: ['IDCARD'], rejectData: { steps: ['IDCARD'], message: 'x' } });
    renderFlow('/IDcard');
    await screen.findByText('1 of 5');
    await press(nextButton());
    await waitFor(() => expect(currentLocation()).toBe('/openStatus'));
  });
});

describe('the submit gate (channel change)', () => {
  function renderGated(gate: BeforeSubmit) {
    return renderWithProviders(
      <SubmitGateContext.Provider value={gate}>
        <Routes>
          <Route path="/UserInfo" element={<StepScreen step="USERINFO" data={{ a: 1 }} />} />
          <Route path="*" element={<p>other page</p>} />
        </Routes>
      </SubmitGateContext.Provider>,
      { route: '/UserInfo', lang: 'en' },
    );
  }

  test('what the gate answers is sent with the submit', async () => {
    const gate = jest.fn(async () => ({ aeCode: 'W090-A', channel: 'web' }));
    renderGated(gate);
    await screen.findByText('2 of 6');
    await press(nextButton());
    await waitFor(() => expect(currentLocation()).toBe('/AccountStatus'));
    expect(gate).toHaveBeenCalledWith(expect.objectContaining({ appId: app.appId }));
    expect(server.callsOf('applySubmit').map((c) => c.payload)).toEqual([{ appId: app.appId, aeCode: 'W090-A', channel: 'web' }]);
  });

  test('151212 on the submit: the channel toast for 3 s, and the page stays', async () => {
    server.handlers.applySubmit = () => {
      throw fakeError(151212, 'The channel code is not correct.');
    };
    const shown = jest.spyOn(toast, 'show');
    renderGated(async () => ({ aeCode: 'ZZ9' }));
    await screen.findByText('2 of 6');
    await press(nextButton());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The channel code is not correct.'));
    expect(shown).toHaveBeenCalledWith('The channel code is not correct.', 3000);
    expect(currentLocation()).toBe('/UserInfo');
  });
});

describe('useHalfwaySave', () => {
  test('leaving an untouched page sends no draft', async () => {
    renderFlow('/HK_IDcard', { idNumber: 'A12' });
    await screen.findByText('1 of 6');
    await press(screen.getByRole('button', { name: 'leave' }));
    await waitFor(() => expect(currentLocation()).toBe('/elsewhere'));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(updates()).toHaveLength(0);
  });

  test('a changed form is saved as a draft on leave and when the page is hidden', async () => {
    const data: Record<string, unknown> = { idNumber: '' };
    renderFlow('/HK_IDcard', data);
    await screen.findByText('1 of 6');
    data.idNumber = 'A12';
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]).toMatchObject({ currentStep: 'HK_IDCARD', draft: true, data: { idNumber: 'A12' } });
    data.idNumber = 'A1234';
    await press(screen.getByRole('button', { name: 'leave' }));
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(updates()[1]).toMatchObject({ draft: true, data: { idNumber: 'A1234' } });
  });

  test('no draft after Next saved the step', async () => {
    const data: Record<string, unknown> = { idNumber: '' };
    renderFlow('/HK_IDcard', data);
    await screen.findByText('1 of 6');
    data.idNumber = 'A1234563';
    await press(nextButton());
    await waitFor(() => expect(currentLocation()).toBe('/UserInfo'));
    await screen.findByText('2 of 6');
    expect(updates().map((u) => u.draft)).toEqual([false]);
  });
});
