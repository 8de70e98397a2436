/** /witness through the screen: it says the application was received, why the verification, what follows, and lets the applicant leave. */
jest.mock('@core/api/client');

import { screen } from '@testing-library/react';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication, makeClientConfig } from '@core/testing/factories';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import WitnessScreen from './WitnessScreen';

jest.setTimeout(30000);

const api = (over = {}) =>
  installFakeApi({ clientConfig: () => makeClientConfig(), applyDetail: () => makeApplication({ clientType: 'cn', applyStatus: 1500, ...over }) });

test.each([
  ['en', 'We have received your application', 'Why we ask', 'What happens next', 'Do it later', 'Send for verification'],
  ['zh-CN', '我们已收到您的开户申请', '为何需要', '接下来', '稍后再上传', '提交核实'],
  ['zh-TW', '我們已收到您的開戶申請', '為何需要', '接下來', '稍後再上載', '提交核實'],
] as const)('received, why, what next, and "later" to the status page (%s)', async (lang, received, why, next, later, send) => {
  const a = api();
  const { user } = renderScreenAt('/witness', <WitnessScreen />, { lang });
  expect(await screen.findByRole('heading', { name: received })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: why })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: next })).toBeInTheDocument();
  // sending without the documents names what is missing and sends nothing
  await user.click(screen.getByRole('button', { name: send }));
  expect(a.calls('applyWitness')).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: later }));
  expect(currentLocation()).toBe('/openStatus');
});

test('the back arrow goes to the status page too', async () => {
  api();
  const { user } = renderScreenAt('/witness', <WitnessScreen />);
  await screen.findByRole('heading', { name: 'We have received your application' });
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(currentLocation()).toBe('/openStatus');
});

test('proofs staff refused: why, above the upload', async () => {
  api({ rejectData: { steps: [], message: 'The bill is older than 3 months.' } });
  renderScreenAt('/witness', <WitnessScreen />);
  expect(await screen.findByText(/The bill is older than 3 months\./)).toBeInTheDocument();
});
