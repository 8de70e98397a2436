/**
 * The desk's file viewer with a PDF that cannot be had (react-pdf faked as it behaves: testing/fake-react-pdf.tsx):
 * the viewer says so with a retry, the rest of the case stays; a new try that finds the file shows its pages.
 */
jest.mock('@core/ui/pdf/pdf-worker', () => ({}));
jest.mock('react-pdf', () => jest.requireActual('@core/testing/fake-react-pdf'));

import { screen, within } from '@testing-library/react';
import { staffFileUrl } from '@core/api/staff';
import type * as FakePdf from '@core/testing/fake-react-pdf';
import { renderWithProviders } from '@core/testing/render-with-providers';
import { FileViewer } from './components/FileViewer';

const pdf = jest.requireMock<typeof FakePdf>('react-pdf');
// jsdom lays nothing out: the viewer's box is given a width
let widthSpy: jest.SpyInstance;
beforeEach(() => {
  widthSpy = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
});
afterEach(() => widthSpy.mockRestore());

const file = { ossId: 'oss000009', mime: 'application/pdf', label: 'Proof of address' };

test.each([
  ['a file the service does not find (404)', pdf.missing],
  ['bytes that are not a PDF', pdf.corrupt],
  ['no network', pdf.offline],
])('%s: "could not be opened" in the viewer with Try again; the case around it stays', async (_case, error) => {
  const url = staffFileUrl('APP1', file.ossId);
  pdf.setFile(url, { error });
  const { user } = renderWithProviders(
    <section aria-label="The case">
      <h1>CHAN Tai Man</h1>
      <FileViewer appId="APP1" file={file} />
    </section>,
  );
  const viewer = screen.getByRole('region', { name: 'Proof of address' });
  expect(await within(viewer).findByText('The document could not be opened.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'CHAN Tai Man' })).toBeInTheDocument();
  pdf.setFile(url, { numPages: 2 });
  await user.click(within(viewer).getByRole('button', { name: 'Try again' }));
  expect(await within(viewer).findByRole('group', { name: 'Page 2 of 2' })).toBeInTheDocument();
});
