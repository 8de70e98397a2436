jest.mock('@core/api/client');

import { waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { ApplicationView } from '@core/domain';
import { installFakeApi } from '@core/testing/fake-api';
import { makeApplication } from '@core/testing/factories';
import { currentLocation, renderWithProviders } from '@core/testing/render-with-providers';
import RootRedirect from './RootRedirect';

function renderAt(app: ApplicationView | null, route = '/') {
  installFakeApi({ applyDetail: () => app });
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<RootRedirect />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { route },
  );
}

test.each<[string, ApplicationView | null, string]>([
  ['no application → home', null, '/account'],
  ['a new hk application → its first step', makeApplication({ clientType: 'hk' }), '/HK_IDcard'],
  ['hk saved up to the ID → user info', makeApplication({ clientType: 'hk', latestStep: 'HK_IDCARD' }), '/UserInfo'],
  [
    'a restricted cn applicant with STATEMENT first → /statement',
    makeApplication({ clientType: 'cn', applyStepsName: ['STATEMENT', 'IDCARD', 'BANKCARD'] }),
    '/statement',
  ],
  ['a submitted hk application → its status page', makeApplication({ clientType: 'hk', applyStatus: 1200 }), '/AccountStatus'],
  ['a submitted cn application → its status page', makeApplication({ clientType: 'cn', applyStatus: 1500 }), '/openStatus'],
  ['a rejected application → back to editing', makeApplication({ clientType: 'hk', applyStatus: 1900, latestStep: 'USERINFO' }), '/ProofAddress'],
])('%s', async (_name, app, expected) => {
  renderAt(app);
  await waitFor(() => expect(currentLocation()).toBe(expected));
});

test('the query goes along with the redirect', async () => {
  renderAt(null, '/?lang=en');
  await waitFor(() => expect(currentLocation()).toBe('/account?lang=en'));
});
