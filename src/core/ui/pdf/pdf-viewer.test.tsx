/**
 * The in-page PDF viewer (PdfSheet → PdfView → PdfPages) with react-pdf faked as react-pdf 11 behaves by default
 * (testing/fake-react-pdf.tsx; pdf.js does not run in jsdom): a failure is thrown to the nearest error boundary —
 * what blanked whole pages before the viewer had one. One test per failure kind: 404, bytes that are not a PDF, no
 * network, a page that cannot be drawn (and the chunk that does not come: pdf-chunk.test.tsx).
 */
jest.mock('./pdf-worker', () => ({}));
jest.mock('react-pdf', () => jest.requireActual('../../testing/fake-react-pdf'));

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/render-with-providers';
import { toast } from '../toast';
import type * as FakePdf from '../../testing/fake-react-pdf';
import { PdfSheet } from './PdfSheet';

const pdf = jest.requireMock<typeof FakePdf>('react-pdf');
const { missing, corrupt, offline } = pdf;

// jsdom lays nothing out: the viewer's box is given a phone's width
let widthSpy: jest.SpyInstance;
beforeEach(() => {
  widthSpy = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  toast.clear();
});
afterEach(() => widthSpy.mockRestore());

/** a page with a list of documents, one opened in the sheet */
function Agreements({ url }: { url: string }) {
  const [open, setOpen] = useState(false);
  const [ticked, setTicked] = useState(false);
  return (
    <main>
      <h1>Sign the agreements</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Client agreement
      </button>
      <label>
        <input type="checkbox" checked={ticked} onChange={(e) => setTicked(e.target.checked)} /> I have read them
      </label>
      {open ? <PdfSheet url={url} title="Client agreement" onClose={() => setOpen(false)} /> : null}
    </main>
  );
}

describe('a PDF that cannot be loaded leaves the page usable', () => {
  test.each([
    ['answering 404', '/pages/static/gone.pdf', missing, 'The file does not exist'],
    ['answering 200 with bytes that are not a PDF', '/pages/static/corrupt.pdf', corrupt, 'The file failed to load. Please try again.'],
    ['with no network', '/pages/static/offline.pdf', offline, 'The file failed to load. Please try again.'],
  ])('a document %s: the toast, the viewer says it with a retry, the page goes on', async (_case, url, error, text) => {
    pdf.setFile(url, { error });
    const { user } = renderWithProviders(<Agreements url={url} />);
    await user.click(screen.getByRole('button', { name: 'Client agreement' }));
    const sheet = screen.getByRole('dialog', { name: 'Client agreement' });
    await waitFor(() => expect(toast.current()?.message).toBe(text));
    expect(within(sheet).getByText(text)).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    // nothing to zoom
    expect(within(sheet).queryByRole('toolbar')).not.toBeInTheDocument();
    // the page behind is still there, and works once the sheet is closed
    expect(screen.getByRole('heading', { name: 'Sign the agreements' })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I have read them' }));
    expect(screen.getByRole('checkbox', { name: 'I have read them' })).toBeChecked();
  });

  test('a page that cannot be drawn: "failed to load", in the viewer only', async () => {
    pdf.setFile('/pages/static/bad-page.pdf', { numPages: 2, brokenPage: true });
    const { user } = renderWithProviders(<Agreements url="/pages/static/bad-page.pdf" />);
    await user.click(screen.getByRole('button', { name: 'Client agreement' }));
    await waitFor(() => expect(toast.current()?.message).toBe('The file failed to load. Please try again.'));
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign the agreements' })).toBeInTheDocument();
  });

  test('one toast per failure; Retry loads the file again and shows its pages', async () => {
    const url = '/pages/static/later.pdf';
    pdf.setFile(url, { error: offline });
    const shown = jest.spyOn(toast, 'show');
    const { user } = renderWithProviders(<Agreements url={url} />);
    await user.click(screen.getByRole('button', { name: 'Client agreement' }));
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(shown).toHaveBeenCalledTimes(1);
    pdf.setFile(url, { numPages: 2 });
    await user.click(retry);
    expect(await screen.findByRole('group', { name: 'Page 2 of 2' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).queryByText('The file failed to load. Please try again.')).not.toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'Zoom' })).toBeInTheDocument();
    shown.mockRestore();
  });

  test('another file in the same sheet starts afresh (no failure carried over)', async () => {
    pdf.setFile('/x/gone.pdf', { error: missing });
    pdf.setFile('/x/fine.pdf', { numPages: 1 });
    function Two() {
      const [url, setUrl] = useState('/x/gone.pdf');
      return (
        <>
          <button type="button" onClick={() => setUrl('/x/fine.pdf')}>
            the other
          </button>
          <PdfSheet url={url} title="Doc" onClose={() => undefined} />
        </>
      );
    }
    const { user } = renderWithProviders(<Two />);
    await screen.findByRole('button', { name: 'Retry' });
    await user.click(screen.getByRole('button', { name: 'the other' }));
    expect(await screen.findByRole('group', { name: 'Page 1 of 1' })).toBeInTheDocument();
  });
});

describe('zoom', () => {
  const pageWidth = () => Number(screen.getByTestId('page-1').getAttribute('data-width'));

  test('buttons: zoom in and out by steps, the per cent shown, fit width back to 100%, the ends disabled', async () => {
    pdf.setFile('/z/doc.pdf', { numPages: 1 });
    const { user } = renderWithProviders(<PdfSheet url="/z/doc.pdf" title="Doc" onClose={() => undefined} />);
    await screen.findByTestId('page-1');
    const bar = screen.getByRole('toolbar', { name: 'Zoom' });
    const percent = within(bar).getByRole('status');
    expect(percent).toHaveTextContent('100%');
    expect(pageWidth()).toBe(300);
    await user.click(within(bar).getByRole('button', { name: 'Zoom in' }));
    expect(percent).toHaveTextContent('125%');
    expect(pageWidth()).toBe(375); // drawn at the new size, not stretched
    await user.click(within(bar).getByRole('button', { name: 'Zoom in' }));
    expect(percent).toHaveTextContent('150%');
    await user.click(within(bar).getByRole('button', { name: 'Fit width' }));
    expect(percent).toHaveTextContent('100%');
    expect(pageWidth()).toBe(300);
    await user.click(within(bar).getByRole('button', { name: 'Zoom out' }));
    await user.click(within(bar).getByRole('button', { name: 'Zoom out' }));
    expect(percent).toHaveTextContent('50%');
    expect(within(bar).getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    for (let i = 0; i < 7; i++) await user.click(within(bar).getByRole('button', { name: 'Zoom in' }));
    expect(percent).toHaveTextContent('300%');
    expect(within(bar).getByRole('button', { name: 'Zoom in' })).toBeDisabled();
  });

  test('a two-finger pinch zooms by the fingers\' spread and draws the pages at that size when they lift', async () => {
    pdf.setFile('/z/pinch.pdf', { numPages: 1 });
    renderWithProviders(<PdfSheet url="/z/pinch.pdf" title="Doc" onClose={() => undefined} />);
    await screen.findByTestId('page-1');
    const box = screen.getByTestId('page-1').closest('.esop-pdf__body') as HTMLElement;
    const touch = (type: string, pointerId: number, clientX: number) =>
      act(() => {
        const e = new Event(type, { bubbles: true, cancelable: true });
        Object.assign(e, { pointerId, pointerType: 'touch', clientX, clientY: 200 });
        box.dispatchEvent(e);
      });
    touch('pointerdown', 1, 100);
    touch('pointerdown', 2, 200);
    touch('pointermove', 2, 300); // 100 px apart → 200 px: twice
    const content = box.firstElementChild as HTMLElement;
    expect(content.style.transform).toBe('scale(2)'); // follows the fingers cheaply
    expect(pageWidth()).toBe(300);
    touch('pointerup', 2, 300);
    touch('pointerup', 1, 100);
    expect(content.style.transform).toBe('');
    expect(within(screen.getByRole('toolbar')).getByRole('status')).toHaveTextContent('200%');
    expect(pageWidth()).toBe(600);
    // a mouse is not a pinch
    const before = pageWidth();
    act(() => {
      const e = new Event('pointerdown', { bubbles: true });
      Object.assign(e, { pointerId: 9, pointerType: 'mouse', clientX: 0, clientY: 0 });
      box.dispatchEvent(e);
    });
    fireEvent.scroll(box);
    expect(pageWidth()).toBe(before);
  });
});
