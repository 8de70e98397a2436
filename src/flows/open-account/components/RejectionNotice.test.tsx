import { screen, waitFor } from '@testing-library/react';
import type { ApplicationView } from '@core/domain/contract';
import { createFakeServer, type FakeServer } from '@core/testing/fake-server';
import { makeApplication } from '@core/testing/factories';
import { renderWithProviders } from '@core/testing/render-with-providers';
import { resetCipherSession } from '@core/api/client';
import { RejectionNotice } from './RejectionNotice';

let server: FakeServer;
let restore: () => void;
let app: ApplicationView;

beforeAll(async () => {
  server = await createFakeServer();
});
beforeEach(() => {
  resetCipherSession();
  server.calls.length = 0;
  app = makeApplication({ clientType: 'hk', applyStatus: 1900, rejectData: { steps: ['PROOFADDRESS'], message: 'The proof is older than 3 months' } });
  server.handlers = { applyDetail: () => app };
  restore = server.install();
});
afterEach(() => restore());

/** the application was fetched and the notice had its chance to render */
async function settled() {
  await waitFor(() => expect(server.callsOf('applyDetail').length).toBeGreaterThan(0));
  await new Promise((r) => setTimeout(r, 30));
  server.calls.length = 0;
}

test.each([
  ['zh-CN', '请修改本页资料：The proof is older than 3 months'],
  ['zh-TW', '請修改本頁資料：The proof is older than 3 months'],
  ['en', 'Please correct this page: The proof is older than 3 months'],
] as const)('on a rejected step the reviewer message shows (%s)', async (lang, text) => {
  renderWithProviders(<RejectionNotice />, { route: '/ProofAddress', lang });
  expect(await screen.findByText(text)).toHaveAttribute('role', 'note');
});

test('nothing on a step that was not sent back, on other routes, or under review', async () => {
  const a = renderWithProviders(<RejectionNotice />, { route: '/UserInfo', lang: 'en' });
  await settled();
  expect(screen.queryByText(/Please correct this page/)).not.toBeInTheDocument();
  a.unmount();
  const b = renderWithProviders(<RejectionNotice />, { route: '/AccountStatus', lang: 'en' });
  await settled();
  expect(screen.queryByText(/Please correct this page/)).not.toBeInTheDocument();
  b.unmount();
  app = { ...app, applyStatus: 1200 };
  renderWithProviders(<RejectionNotice />, { route: '/ProofAddress', lang: 'en' });
  await settled();
  expect(screen.queryByText(/Please correct this page/)).not.toBeInTheDocument();
});
