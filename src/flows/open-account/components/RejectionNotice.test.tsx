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
  ['zh-CN', '请修改本页并保存', '您的住址证明未能被接受。', '审核人员的说明（原文）：'],
  ['zh-TW', '請修改本頁並保存', '您的住址證明未獲接納。', '審核人員的說明（原文）：'],
  ['en', 'Correct this page, then save it', 'Your proof of address could not be accepted.', "The reviewer's note, as written:"],
] as const)('on a rejected step: what to do here, the reason in the page language and the reviewer note as written (%s)', async (lang, heading, reason, label) => {
  app = { ...app, rejectData: { ...app.rejectData!, reason: 'addressProof' } };
  renderWithProviders(<RejectionNotice />, { route: '/ProofAddress', lang });
  const note = await screen.findByRole('note', { name: heading });
  expect(note).toHaveTextContent(reason);
  expect(note).toHaveTextContent(`${label} The proof is older than 3 months`);
});

test('a send-back without a reason from the list (an operator\'s) shows the note alone', async () => {
  renderWithProviders(<RejectionNotice />, { route: '/ProofAddress', lang: 'en' });
  const note = await screen.findByRole('note', { name: 'Correct this page, then save it' });
  expect(note).toHaveTextContent("The reviewer's note, as written: The proof is older than 3 months");
});

test('nothing on a step that was not sent back, on other routes, or under review', async () => {
  const a = renderWithProviders(<RejectionNotice />, { route: '/UserInfo', lang: 'en' });
  await settled();
  expect(screen.queryByRole('note', { name: 'Correct this page, then save it' })).not.toBeInTheDocument();
  a.unmount();
  const b = renderWithProviders(<RejectionNotice />, { route: '/AccountStatus', lang: 'en' });
  await settled();
  expect(screen.queryByRole('note', { name: 'Correct this page, then save it' })).not.toBeInTheDocument();
  b.unmount();
  app = { ...app, applyStatus: 1200 };
  renderWithProviders(<RejectionNotice />, { route: '/ProofAddress', lang: 'en' });
  await settled();
  expect(screen.queryByRole('note', { name: 'Correct this page, then save it' })).not.toBeInTheDocument();
});
