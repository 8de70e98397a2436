jest.mock('@core/api/client');

import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { installFakeApi } from '@core/testing/fake-api';
import { currentLocation, renderWithProviders } from '@core/testing/render-with-providers';
import NotFoundScreen from './NotFoundScreen';

test('says the page is not available and leads home', async () => {
  installFakeApi({ clientConfig: () => ({ memberPageUrl: '/', appDownloadUrl: '/', servicePhones: { mainland: '1', hongKong: '2' }, production: false }) });
  const { user } = renderWithProviders(
    <Routes>
      <Route path="/account" element={<p>home</p>} />
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>,
    { route: '/nowhere' },
  );
  expect(await screen.findByRole('heading', { name: 'Page not available' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Back to home' }));
  await waitFor(() => expect(currentLocation()).toBe('/account'));
});
