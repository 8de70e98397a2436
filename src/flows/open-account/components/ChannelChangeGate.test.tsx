import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { ApplicationView } from '@core/domain/contract';
import { createFakeServer, type FakeServer } from '@core/testing/fake-server';
import { makeApplication } from '@core/testing/factories';
import { currentLocation, renderWithProviders } from '@core/testing/render-with-providers';
import { resetCipherSession } from '@core/api/client';
import { captureEntryChannel, resetEntryChannel } from '@core/bridge/entry-channel';
import { useStepFlow } from '@core/step-engine/use-step-flow';
import { toast } from '@core/ui/toast';
import { ChannelChangeGate } from './ChannelChangeGate';

let server: FakeServer;
let restore: () => void;
let app: ApplicationView;
let stored: { aeCode: string | null; channel: string | null };
let invitationAllowed = true;

function LastStep() {
  const flow = useStepFlow('USERINFO');
  return (
    <button type="button" onClick={() => void flow.next({ a: 1 })}>
      submit now
    </button>
  );
}

function renderGate() {
  return renderWithProviders(
    <ChannelChangeGate>
      <Routes>
        <Route path="/UserInfo" element={<LastStep />} />
        <Route path="*" element={<p>other page</p>} />
      </Routes>
    </ChannelChangeGate>,
    { route: '/UserInfo', lang: 'en' },
  );
}

/** The page was opened with this address (the outer query and the hash route's query). */
function openedWith(url: string) {
  window.history.replaceState(null, '', url);
  captureEntryChannel();
  window.history.replaceState(null, '', '/');
}

beforeAll(async () => {
  server = await createFakeServer();
});

beforeEach(() => {
  resetCipherSession();
  resetEntryChannel();
  toast.clear();
  server.calls.length = 0;
  app = makeApplication({ clientType: 'hk', applyStepsName: ['HK_IDCARD', 'USERINFO'], aecode: 'B1', channel: 'fund' });
  stored = { aeCode: 'B1', channel: 'fund' };
  server.handlers = {
    applyDetail: () => app,
    applyChannel: () => stored,
    applyUpdate: () => ({ application: app, nextStep: null }),
    applySubmit: () => ({ application: { ...app, applyStatus: 1200 } }),
    featureCheck: () => ({ allow: invitationAllowed }),
    invitationUpdate: (p: { code: string; stage: string }) => ({ code: p.code, stage: p.stage }),
  };
  invitationAllowed = true;
  restore = server.install();
});

afterEach(() => restore());

const submits = () => server.callsOf('applySubmit').map((c) => c.payload);

test('a link with another agent code: the dialog shows both, "Use the new one" submits with it', async () => {
  openedWith('/pages/openAccount.html?aecode=w090-a#/account');
  renderGate();
  await act(async () => screen.getByRole('button', { name: 'submit now' }).click());
  const dialog = await screen.findByRole('dialog', { name: 'Change your referral?' });
  expect(dialog).toHaveTextContent('Agent code: B1 → W090-A');
  expect(dialog).not.toHaveTextContent('Channel:');
  expect(submits()).toEqual([]);
  await act(async () => screen.getByRole('button', { name: 'Use the new one' }).click());
  await waitFor(() => expect(currentLocation()).toBe('/AccountStatus'));
  expect(submits()).toEqual([{ appId: app.appId, aeCode: 'W090-A' }]);
  // the Invitation feature is allowed: the new code is recorded as the inviter
  expect(server.callsOf('invitationUpdate').map((c) => c.payload)).toEqual([{ stage: 'openAccount', code: 'W090-A' }]);
});

test('the Invitation feature not allowed for the user: the new agent code is still submitted, no inviter recorded', async () => {
  invitationAllowed = false;
  openedWith('/pages/openAccount.html?aecode=C2#/account');
  renderGate();
  await act(async () => screen.getByRole('button', { name: 'submit now' }).click());
  await screen.findByRole('dialog', { name: 'Change your referral?' });
  await act(async () => screen.getByRole('button', { name: 'Use the new one' }).click());
  await waitFor(() => expect(currentLocation()).toBe('/AccountStatus'));
  expect(submits()).toEqual([{ appId: app.appId, aeCode: 'C2' }]);
  expect(server.callsOf('featureCheck')).toHaveLength(1);
  expect(server.callsOf('invitationUpdate')).toEqual([]);
});

test('"Keep current" submits without the link values', async () => {
  openedWith('/pages/openAccount.html#/account?channel=web');
  stored = { aeCode: 'B1', channel: null };
  renderGate();
  await act(async () => screen.getByRole('button', { name: 'submit now' }).click());
  const dialog = await screen.findByRole('dialog', { name: 'Change your referral?' });
  expect(dialog).toHaveTextContent('Channel: none → web');
  await act(async () => screen.getByRole('button', { name: 'Keep current' }).click());
  await waitFor(() => expect(currentLocation()).toBe('/AccountStatus'));
  expect(submits()).toEqual([{ appId: app.appId }]);
});

test('the same values as stored, or none in the link: no dialog', async () => {
  openedWith('/pages/openAccount.html?aecode=B1&channel=fund');
  const first = renderGate();
  await act(async () => screen.getByRole('button', { name: 'submit now' }).click());
  await waitFor(() => expect(currentLocation()).toBe('/AccountStatus'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  first.unmount();
  resetEntryChannel();
  server.calls.length = 0;
  renderGate();
  await act(async () => screen.getByRole('button', { name: 'submit now' }).click());
  await waitFor(() => expect(currentLocation()).toBe('/AccountStatus'));
  expect(server.callsOf('applyChannel')).toHaveLength(0);
  expect(submits()).toEqual([{ appId: app.appId }]);
});
