jest.mock('@core/api/client');

import { screen, within } from '@testing-library/react';
import { installFakeApi } from '@core/testing/fake-api';
import { renderWithProviders } from '@core/testing/render-with-providers';
import MaintenanceScreen from './MaintenanceScreen';

beforeEach(() => {
  installFakeApi({ clientConfig: () => ({ memberPageUrl: '/', appDownloadUrl: '/', servicePhones: { mainland: '1', hongKong: '2' }, production: false }) });
});

test('names the four services that are unavailable', async () => {
  renderWithProviders(<MaintenanceScreen />, { route: '/mrStatus' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Under maintenance' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Maintenance illustration' })).toBeInTheDocument();
  const items = within(screen.getByRole('list')).getAllByRole('listitem').map((li) => li.textContent);
  expect(items).toEqual(['Account openingPaused', 'DepositsPaused', 'Currency exchangePaused', 'Placing ordersPaused']);
});

test('in simplified Chinese', async () => {
  renderWithProviders(<MaintenanceScreen />, { route: '/mrStatus', lang: 'zh-CN' });
  expect(await screen.findByRole('heading', { level: 1, name: '系统维护中' })).toBeInTheDocument();
  expect(screen.getByText('货币兑换')).toBeInTheDocument();
});
