import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/render-with-providers';
import { SamplePopup } from './index';

test('SamplePopup: a dialog named by its title, focus inside and back, closed by its buttons or the overlay', async () => {
  function Harness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          See a sample
        </button>
        <SamplePopup visible={open} title="Sample statement" onClose={() => setOpen(false)}>
          <img src="/pages/static/sample.png" alt="A bank statement with the name and date marked" />
        </SamplePopup>
      </>
    );
  }
  const { user } = renderWithProviders(<Harness />);
  await user.click(screen.getByRole('button', { name: 'See a sample' }));
  const dialog = screen.getByRole('dialog', { name: 'Sample statement' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(dialog).toHaveFocus();
  expect(within(dialog).getByRole('img', { name: /bank statement/ })).toBeInTheDocument();
  expect(document.body.style.overflow).toBe('hidden');
  // Tab stays inside the dialog
  await user.tab();
  expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  await user.tab();
  expect(within(dialog).getByRole('button', { name: 'Got it' })).toHaveFocus();
  await user.tab();
  expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'See a sample' })).toHaveFocus();
  expect(document.body.style.overflow).toBe('');
  await user.click(screen.getByRole('button', { name: 'See a sample' }));
  await user.click(document.querySelector('.esop-sheet__overlay') as HTMLElement);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
