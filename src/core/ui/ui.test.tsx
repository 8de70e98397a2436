import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { ApiError } from '../api/api-error';
import { renderWithProviders } from '../testing/render-with-providers';
import { StepPage } from './StepPage';
import { ConfirmDialog } from './ConfirmDialog';
import { FooterButton } from './FooterButton';
import { PdfLink } from './PdfLink';
import { pdfFailureOf } from './pdf/pdf-failure';
import { toast } from './toast';

beforeEach(() => {
  toast.clear();
  delete window.HLNativeBridge;
  jest.restoreAllMocks();
});

describe('StepPage', () => {
  test('header with a labelled back button, the title, the progress "n of 6" and the Next button', async () => {
    const onBack = jest.fn();
    const onNext = jest.fn();
    const { user } = renderWithProviders(
      <StepPage title="Identity" progress={{ current: 1, total: 6 }} onBack={onBack} onNext={onNext}>
        <p>form</p>
      </StepPage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Identity' })).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Application progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    expect(bar).toHaveAttribute('aria-valuemax', '6');
    expect(bar).toHaveAttribute('aria-valuetext', '1 of 6');
    expect(screen.getByText('1 of 6')).toBeInTheDocument();
    expect(screen.getByText('form')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  test('the progress follows the language ("2 of 5" in simplified Chinese) and is absent without a step number', () => {
    const { unmount } = renderWithProviders(
      <StepPage title="银行卡" progress={{ current: 2, total: 5 }}>
        <p>x</p>
      </StepPage>,
      { lang: 'zh-CN' },
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '第 2 步，共 5 步');
    unmount();
    renderWithProviders(
      <StepPage title="Witness">
        <p>x</p>
      </StepPage>,
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  test('the language can be changed on every step page: the header button opens the three languages', async () => {
    const { user } = renderWithProviders(
      <StepPage title="Identity" progress={{ current: 1, total: 6 }}>
        <p>x</p>
      </StepPage>,
    );
    await user.click(screen.getByRole('button', { name: 'EN Language: English' }));
    const sheet = screen.getByRole('dialog', { name: 'Language' });
    expect(within(sheet).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(sheet).getByRole('button', { name: '繁體中文' }));
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuetext', '第 1 步，共 6 步');
    expect(screen.getByRole('button', { name: '繁 語言: 繁體中文' })).toBeInTheDocument();
  });

  test('a step opens at the top of the page with its heading focused; the next step does the same', () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    function Flow() {
      const [step, setStep] = useState(1);
      return (
        <StepPage title={step === 1 ? 'Identity' : 'Bank card'} onNext={() => setStep(2)}>
          <p>{step}</p>
        </StepPage>
      );
    }
    renderWithProviders(<Flow />);
    expect(screen.getByRole('heading', { level: 1, name: 'Identity' })).toHaveFocus();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollTo.mockClear();
    act(() => screen.getByRole('button', { name: 'Next' }).click());
    expect(screen.getByRole('heading', { level: 1, name: 'Bank card' })).toHaveFocus();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('FooterButton', () => {
  test('acts on the first press and ignores presses within 1 s', async () => {
    let now = 10_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const onClick = jest.fn();
    renderWithProviders(<FooterButton onClick={onClick}>Next</FooterButton>);
    const button = screen.getByRole('button', { name: 'Next' });
    act(() => button.click());
    now += 999;
    act(() => button.click());
    expect(onClick).toHaveBeenCalledTimes(1);
    now += 1;
    act(() => button.click());
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  test('a disabled button does nothing; a loading one is busy', () => {
    const onClick = jest.fn();
    const { rerender } = renderWithProviders(
      <FooterButton onClick={onClick} disabled>
        Next
      </FooterButton>,
    );
    act(() => screen.getByRole('button', { name: 'Next' }).click());
    expect(onClick).not.toHaveBeenCalled();
    rerender(
      <FooterButton onClick={onClick} loading>
        Next
      </FooterButton>,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-busy', 'true');
  });
});

describe('ToastHost', () => {
  test('shows a toast in the status live region for 2 s by default', () => {
    jest.useFakeTimers();
    renderWithProviders(<p>page</p>);
    act(() => toast.show('Saved'));
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('Saved');
    act(() => jest.advanceTimersByTime(1999));
    expect(region).toHaveTextContent('Saved');
    act(() => jest.advanceTimersByTime(1));
    expect(region).toBeEmptyDOMElement();
    act(() => toast.show('Channel wrong', 3000));
    act(() => jest.advanceTimersByTime(2999));
    expect(region).toHaveTextContent('Channel wrong');
    jest.useRealTimers();
  });
});

function DialogHarness({ showCancel = true }: { showCancel?: boolean }) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState('none');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <p>{`result ${result}`}</p>
      <ConfirmDialog
        visible={open}
        title="Change the opening method?"
        message="Your current application will be invalidated."
        showCancel={showCancel}
        onConfirm={() => {
          setResult('confirmed');
          setOpen(false);
        }}
        onCancel={() => {
          setResult('cancelled');
          setOpen(false);
        }}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  test('an accessible dialog named by its title, described by its message, with translated buttons', async () => {
    const { user } = renderWithProviders(<DialogHarness />, { lang: 'zh-TW' });
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the opening method?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Your current application will be invalidated.');
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.getByText('result cancelled')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(await screen.findByRole('button', { name: '確定' }));
    expect(screen.getByText('result confirmed')).toBeInTheDocument();
  });

  test('Escape cancels; a one-button notice is an alertdialog', async () => {
    const { user } = renderWithProviders(<DialogHarness showCancel={false} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByRole('alertdialog', { name: 'Change the opening method?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByText('result cancelled')).toBeInTheDocument();
  });
});

describe('PdfLink', () => {
  const answer = (status: number) => jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status }));
  afterEach(() => {
    jest.restoreAllMocks();
    delete window.HLNativeBridge;
    toast.clear();
  });
  const nativeBridge = () => {
    const posted: { method: string; params: unknown }[] = [];
    window.HLNativeBridge = {
      postMessage: (json: string) => {
        const m = JSON.parse(json);
        posted.push(m);
        queueMicrotask(() => window.HLNativeBridgeReceive?.(JSON.stringify({ id: m.id, ok: true, result: null })));
      },
    };
    return posted;
  };
  const link = () => (
    <PdfLink url="/pages/static/customer-agreement.pdf" title="Customer agreement">
      customer agreement
    </PdfLink>
  );

  test('in a browser: a real link to a new window, announced as such', () => {
    renderWithProviders(link());
    const a = screen.getByRole('link', { name: 'customer agreement (opens in a new window)' });
    expect(a).toHaveAttribute('href', '/pages/static/customer-agreement.pdf');
    expect(a).toHaveAttribute('target', '_blank');
  });

  test('in a browser: the window opens at the click and goes to the PDF once it is found', async () => {
    const head = answer(200);
    const tab = { opener: {}, location: { href: 'about:blank' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const { user } = renderWithProviders(link());
    await user.click(screen.getByRole('link', { name: /customer agreement/ }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(tab.location.href).toBe('/pages/static/customer-agreement.pdf'));
    expect(head).toHaveBeenCalledWith('/pages/static/customer-agreement.pdf', expect.objectContaining({ method: 'HEAD' }));
    expect(toast.current()).toBeNull();
  });

  test('in a browser: a PDF that is not there (404) closes the window and says "file absent"', async () => {
    answer(404);
    const tab = { opener: {}, location: { href: 'about:blank' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const { user } = renderWithProviders(link());
    await user.click(screen.getByRole('link', { name: /customer agreement/ }));
    await waitFor(() => expect(toast.current()?.message).toBe('The file does not exist'));
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('about:blank');
  });

  test('in the app: the native PDF viewer', async () => {
    answer(200);
    const posted = nativeBridge();
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderWithProviders(link());
    await user.click(screen.getByRole('link', { name: 'customer agreement' }));
    await waitFor(() => expect(posted).toEqual([{ id: expect.any(String), method: 'openPdf', params: { url: '/pages/static/customer-agreement.pdf', title: 'Customer agreement' } }]));
    expect(open).not.toHaveBeenCalled();
  });

  test('in the app: a PDF that is not there (404) says "file absent" and the viewer is not opened', async () => {
    answer(404);
    const posted = nativeBridge();
    const { user } = renderWithProviders(link());
    await user.click(screen.getByRole('link', { name: 'customer agreement' }));
    await waitFor(() => expect(toast.current()?.message).toBe('The file does not exist'));
    expect(posted).toEqual([]);
  });
});

describe('a PDF that cannot be opened (one path for every viewer)', () => {
  test.each([
    ['the service\'s 100404', new ApiError(100404, 'not found', undefined, 404), 'missing'],
    ['an HTTP 404 of any call', new ApiError(100500, 'x', undefined, 404), 'missing'],
    ['pdf.js 5+: ResponseException 404', Object.assign(new Error('Unexpected server response (404) while retrieving PDF'), { name: 'ResponseException', status: 404, missing: true }), 'missing'],
    ['pdf.js before 5: MissingPDFException', Object.assign(new Error('Missing PDF'), { name: 'MissingPDFException' }), 'missing'],
    ['pdf.js: a server error', Object.assign(new Error('Unexpected server response (500)'), { name: 'ResponseException', status: 500, missing: false }), 'failed'],
    ['a broken file', Object.assign(new Error('Invalid PDF structure'), { name: 'InvalidPDFException' }), 'failed'],
    ['no answer', new ApiError('NETWORK', 'offline'), 'failed'],
  ])('%s → %s', (_case, err, kind) => {
    expect(pdfFailureOf(err)).toBe(kind);
  });
});

describe('scroll areas the keyboard can reach', () => {
  // jsdom lays nothing out: a message taller than its box is faked with the sizes the hook reads
  const sizes = (scroll: number, client: number) => {
    const a = jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scroll);
    const b = jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(client);
    return () => {
      a.mockRestore();
      b.mockRestore();
    };
  };

  test('a dialog message longer than its box can be focused (tabindex 0); a short one stays out of the Tab order', async () => {
    const restore = sizes(900, 300);
    const { user, unmount } = renderWithProviders(<DialogHarness />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const message = await screen.findByText('Your current application will be invalidated.');
    await waitFor(() => expect(message).toHaveAttribute('tabindex', '0'));
    restore();
    unmount();
    const restoreShort = sizes(100, 300);
    const again = renderWithProviders(<DialogHarness />);
    await again.user.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByText('Your current application will be invalidated.')).not.toHaveAttribute('tabindex');
    restoreShort();
  });
});
