/**
 * "Continue on your phone" on a computer (issue 41): the QR code and short code made when asked (at once on a camera
 * step, which says why), the time left, a new code once it is over; once the phone opened it, the page is covered by
 * the phone's progress until the applicant goes on here or the application is submitted there; a code nobody used ends
 * when the step is left or the card closed.
 */
jest.mock('@core/api/client');

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { Route, Routes } from 'react-router-dom';
import { installFakeApi } from '@core/testing/fake-api';
import { makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderWithProviders } from '@core/testing/render-with-providers';
import type { Lang } from '@core/i18n/lang';
import DesktopHandoff from './DesktopHandoff';

jest.setTimeout(30000);
const made = { id: 'h0123456789abcdef', token: 'T'.repeat(43), code: 'K7M4QX', expiresInSeconds: 300 };
const waiting = { state: 'waiting', expiresInSeconds: 300, openedAt: null, progress: { steps: ['HK_IDCARD', 'USERINFO', 'PROOFADDRESS'], latestStep: null, submitted: false } };

function renderAt(route: string, lang: Lang = 'en') {
  return renderWithProviders(
    <Routes>
      <Route path={route} element={<DesktopHandoff route={route} />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { route, lang },
  );
}

test('asked for: the QR code of this step, the code to type in two groups, and the time it works for', async () => {
  const a = installFakeApi({ clientConfig: () => makeClientConfig(), handoffCreate: () => made, handoffStatus: () => waiting });
  const { user } = renderAt('/UserInfo');
  const card = screen.getByRole('complementary', { name: 'Continue on your phone' });
  // a narrow window: a button that opens the card
  await user.click(within(card).getByRole('button', { name: 'Continue on your phone' }));
  expect(card).toHaveTextContent("Scan the QR code with your phone's camera. This application opens there, logged in, at this step.");
  expect(a.calls('handoffCreate')).toEqual([]);
  await user.click(within(card).getByRole('button', { name: 'Show the QR code' }));
  expect(await within(card).findByRole('img', { name: 'QR code that opens this application on your phone' })).toBeInTheDocument();
  expect(a.calls('handoffCreate')).toEqual([{ route: '/UserInfo' }]);
  expect(card).toHaveTextContent('K7M 4QX');
  // read out one character at a time
  expect(within(card).getByText('Pairing code: K 7 M 4 Q X')).toBeInTheDocument();
  expect(card).toHaveTextContent(/Works once, for (5:00|4:59)/);
  expect(card).toHaveTextContent('No QR scanner? Open this page on your phone, tap “Started on a computer?” and type this pairing code:');
});

test.each([
  ['/livingWitness', "This step records a short video of your face with your phone's front camera."],
  ['/HK_IDcard', 'Photos of your card are easiest to take with your phone.'],
])('a step that uses the camera (%s) says so and shows its code as soon as the card opens', async (route, text) => {
  const a = installFakeApi({ clientConfig: () => makeClientConfig(), handoffCreate: () => made, handoffStatus: () => waiting });
  const { user } = renderAt(route);
  expect(a.calls('handoffCreate')).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'Continue on your phone' }));
  expect(screen.getByRole('complementary', { name: 'Continue on your phone' })).toHaveTextContent(text);
  expect(await screen.findByRole('img', { name: 'QR code that opens this application on your phone' })).toBeInTheDocument();
  expect(a.calls('handoffCreate')).toEqual([{ route }]);
});

test('once the phone opened it: the page is covered by its progress, and "continue here" goes where the application stands', async () => {
  const openedAt = '2026-12-06T07:04:00.000Z';
  installFakeApi({
    clientConfig: () => makeClientConfig(),
    handoffCreate: () => made,
    handoffStatus: () => ({ state: 'opened', expiresInSeconds: 0, openedAt, progress: { steps: ['HK_IDCARD', 'USERINFO', 'PROOFADDRESS'], latestStep: 'HK_IDCARD', submitted: false } }),
  });
  const { user } = renderAt('/UserInfo');
  await user.click(screen.getByRole('button', { name: 'Continue on your phone' }));
  await user.click(screen.getByRole('button', { name: 'Show the QR code' }));
  const cover = await screen.findByRole('dialog', { name: 'Continuing on your phone' });
  expect(within(cover).getByRole('heading', { name: 'Continuing on your phone' })).toHaveFocus();
  expect(cover).toHaveTextContent(`Opened on your phone at ${format(new Date(openedAt), 'HH:mm')}. This page follows along.`);
  const steps = within(cover).getAllByRole('listitem').map((li) => li.textContent);
  expect(steps).toEqual(['Identity documentSaved', 'Personal informationOn your phone now', 'Proof of addressTo do']);
  await user.click(within(cover).getByRole('button', { name: 'Continue on this computer instead' }));
  await waitFor(() => expect(currentLocation()).toBe('/'));
});

test('submitted on the phone: the cover says so and leads to the status', async () => {
  installFakeApi({
    clientConfig: () => makeClientConfig(),
    handoffCreate: () => made,
    handoffStatus: () => ({ state: 'opened', expiresInSeconds: 0, openedAt: '2026-12-06T07:04:00.000Z', progress: { steps: ['HK_IDCARD'], latestStep: 'HK_IDCARD', submitted: true } }),
  });
  const { user } = renderAt('/livingWitness');
  await user.click(screen.getByRole('button', { name: 'Continue on your phone' }));
  const cover = await screen.findByRole('dialog', { name: 'Submitted from your phone' });
  expect(cover).toHaveTextContent('Your application has been submitted.');
  await user.click(within(cover).getByRole('button', { name: "See the application's status" }));
  await waitFor(() => expect(currentLocation()).toBe('/'));
});

test('an expired code is taken away, and a new one is made on request', async () => {
  let calls = 0;
  const a = installFakeApi({
    clientConfig: () => makeClientConfig(),
    handoffCreate: () => ({ ...made, id: `h0123456789abcde${++calls}` }),
    handoffStatus: ({ id }: { id: string }) => (id.endsWith('1') ? { ...waiting, state: 'expired', expiresInSeconds: 0 } : waiting),
  });
  const { user } = renderAt('/UserInfo');
  await user.click(screen.getByRole('button', { name: 'Continue on your phone' }));
  await user.click(screen.getByRole('button', { name: 'Show the QR code' }));
  expect(await screen.findByText('This pairing code has expired.')).toBeInTheDocument();
  expect(screen.queryByRole('img', { name: 'QR code that opens this application on your phone' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Show a new code' }));
  expect(await screen.findByRole('img', { name: 'QR code that opens this application on your phone' })).toBeInTheDocument();
  expect(a.calls('handoffCreate')).toHaveLength(2);
});

test('closing the card, or leaving the step, ends a code nobody used', async () => {
  const a = installFakeApi({ clientConfig: () => makeClientConfig(), handoffCreate: () => made, handoffStatus: () => waiting, handoffCancel: () => ({ ok: true }) });
  const { user, unmount } = renderAt('/IDcard');
  await user.click(screen.getByRole('button', { name: 'Continue on your phone' }));
  await screen.findByRole('img', { name: 'QR code that opens this application on your phone' });
  await user.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(a.calls('handoffCancel')).toEqual([{ id: made.id }]));
  // the focus goes to the button that opens the card again, then to the card's heading
  expect(screen.getByRole('button', { name: 'Continue on your phone' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Continue on your phone' }));
  expect(screen.getByRole('heading', { name: 'Continue on your phone' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Show the QR code' }));
  await screen.findByRole('img', { name: 'QR code that opens this application on your phone' });
  unmount();
  await waitFor(() => expect(a.calls('handoffCancel')).toHaveLength(2));
});

test('in traditional Chinese', async () => {
  installFakeApi({ clientConfig: () => makeClientConfig(), handoffCreate: () => made, handoffStatus: () => waiting });
  const { user } = renderAt('/livingWitness', 'zh-TW');
  await user.click(screen.getByRole('button', { name: '在手機上繼續' }));
  expect(screen.getByRole('complementary', { name: '在手機上繼續' })).toHaveTextContent('這一步需要用手機前置鏡頭錄製一段面部短片');
  expect(await screen.findByRole('img', { name: '在手機上開啟本申請的二維碼' })).toBeInTheDocument();
});

test('a wide window: the card stands open beside the page, its code made only when asked (at once on a camera step)', async () => {
  const matchMedia = window.matchMedia;
  window.matchMedia = ((query: string) => ({ matches: query === '(min-width: 1000px)', media: query })) as unknown as typeof window.matchMedia;
  try {
    const a = installFakeApi({ clientConfig: () => makeClientConfig(), handoffCreate: () => made, handoffStatus: () => waiting });
    renderAt('/Finance');
    const card = screen.getByRole('complementary', { name: 'Continue on your phone' });
    expect(within(card).getByRole('button', { name: 'Show the QR code' })).toBeInTheDocument();
    expect(a.calls('handoffCreate')).toEqual([]);
    cleanup();
    renderAt('/livingWitness');
    expect(await screen.findByRole('img', { name: 'QR code that opens this application on your phone' })).toBeInTheDocument();
    expect(a.calls('handoffCreate')).toEqual([{ route: '/livingWitness' }]);
  } finally {
    window.matchMedia = matchMedia;
  }
});

test('thirty minutes after the phone opened it the computer stops asking by itself, and asks again when told to', async () => {
  let asked = 0;
  installFakeApi({
    clientConfig: () => makeClientConfig(),
    handoffCreate: () => made,
    handoffStatus: () => {
      asked++;
      return { state: 'opened', expiresInSeconds: 0, openedAt: new Date(Date.now() - 31 * 60_000).toISOString(), progress: { steps: ['HK_IDCARD', 'USERINFO'], latestStep: 'HK_IDCARD', submitted: false } };
    },
  });
  const { user } = renderAt('/livingWitness');
  await user.click(screen.getByRole('button', { name: 'Continue on your phone' }));
  const cover = await screen.findByRole('dialog', { name: 'Continuing on your phone' });
  expect(cover).toHaveTextContent('This page stopped following after 30 minutes.');
  const before = asked;
  await user.click(within(cover).getByRole('button', { name: 'See where it stands' }));
  await waitFor(() => expect(asked).toBe(before + 1));
});
