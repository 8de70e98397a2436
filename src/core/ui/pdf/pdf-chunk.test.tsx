/**
 * The viewer's chunk (react-pdf and pdf.js) that does not come — a phone that lost its network between the page and
 * the first PDF: the "failed to load" toast, the viewer says it with a retry, and the retry asks for the chunk again
 * (React keeps a lazy component's failed load for good; PdfView starts a new one).
 */
let mockChunkTries = 0;
jest.mock('./PdfPages', () => {
  mockChunkTries++;
  if (mockChunkTries === 1) throw new TypeError('Failed to fetch dynamically imported module: /pages/assets/PdfPages-x.js');
  return { __esModule: true, default: ({ pageLabel }: { pageLabel: (n: number, total: number) => string }) => <div role="group" aria-label={pageLabel(1, 1)} /> };
});

import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render-with-providers';
import { toast } from '../toast';
import { PdfSheet } from './PdfSheet';

test('the chunk that does not come: "failed to load" in a toast and in the viewer; Retry loads it and shows the pages', async () => {
  toast.clear();
  const { user } = renderWithProviders(<PdfSheet url="/pages/static/a.pdf" title="Client agreement" onClose={() => undefined} />);
  const sheet = screen.getByRole('dialog', { name: 'Client agreement' });
  await waitFor(() => expect(toast.current()?.message).toBe('The file failed to load. Please try again.'));
  expect(within(sheet).getByText('The file failed to load. Please try again.')).toBeInTheDocument();
  await user.click(within(sheet).getByRole('button', { name: 'Retry' }));
  expect(await within(sheet).findByRole('group', { name: 'Page 1 of 1' })).toBeInTheDocument();
  expect(mockChunkTries).toBe(2);
});
