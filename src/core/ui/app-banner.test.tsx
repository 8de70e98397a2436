/** The "get the app" banner: shown in a plain browser, hidden in the app and for the W090-A..D agents, closed for the session. */
jest.mock('../api/client');

import { screen, waitFor } from '@testing-library/react';
import { captureEntryChannel, resetEntryChannel } from '../bridge/entry-channel';
import { installFakeApi } from '../testing/fake-api';
import { makeClientConfig } from '../testing/factories';
import { renderWithProviders } from '../testing/render-with-providers';
import { AppBanner } from './AppBanner';

beforeEach(() => {
  sessionStorage.clear();
  resetEntryChannel();
  window.history.replaceState(null, '', '/pages/openAccount.html#/');
  installFakeApi({ clientConfig: () => makeClientConfig({ appDownloadUrl: 'https://apps.example/broker' }) });
});

test('in a plain browser: the banner links to the download page, and closing it hides it for the session', async () => {
  const { user, unmount } = renderWithProviders(<AppBanner />);
  const banner = screen.getByRole('region', { name: 'Get the app' });
  await waitFor(() => expect(screen.getByRole('link', { name: 'Get' })).toHaveAttribute('href', 'https://apps.example/broker'));
  expect(banner).toHaveTextContent('Get our app');
  await user.click(screen.getByRole('button', { name: 'Close the app banner' }));
  expect(screen.queryByRole('region', { name: 'Get the app' })).not.toBeInTheDocument();
  unmount();
  renderWithProviders(<AppBanner />);
  expect(screen.queryByRole('region', { name: 'Get the app' })).not.toBeInTheDocument();
});

test('an entry address of agent W090-B: no banner', () => {
  window.history.replaceState(null, '', '/pages/openAccount.html?aecode=W090-B#/');
  captureEntryChannel();
  renderWithProviders(<AppBanner />);
  expect(screen.queryByRole('region', { name: 'Get the app' })).not.toBeInTheDocument();
});

test('inside the app: no banner', () => {
  const ua = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(`${navigator.userAgent} HLApp/3.1.0`);
  renderWithProviders(<AppBanner />);
  expect(screen.queryByRole('region', { name: 'Get the app' })).not.toBeInTheDocument();
  ua.mockRestore();
});
