import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render-with-providers';
import { ConfirmDialog } from './ConfirmDialog';

// the dialog chunk cannot be fetched (offline)
jest.mock('react-vant/es/dialog/index.js', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

test('when react-vant’s dialog cannot be loaded, a plain overlay still asks the question', async () => {
  const onConfirm = jest.fn();
  const { user } = renderWithProviders(<ConfirmDialog visible title="Upload a statement" message="Needed for your area." onConfirm={onConfirm} onCancel={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: 'Upload a statement' }, { timeout: 4000 });
  expect(dialog).toHaveAccessibleDescription('Needed for your area.');
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
});
