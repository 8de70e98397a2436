import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ApiError } from '../../api/api-error';
import { uploadFile } from '../../api/upload';
import { toast } from '../toast';
import type { FileRefData } from '../../domain/uploads';
import { CardUploader, FileUploader } from './index';
import { viewButtonPlace } from './CardUploader';
import { setPhotoVerdict } from '../../testing/fake-check-photo';

jest.mock('../../api/upload', () => ({ uploadFile: jest.fn() }));
const upload = uploadFile as jest.MockedFunction<typeof uploadFile>;

let ossSeq = 0;
const okUpload = () =>
  upload.mockImplementation(async (_file, _name, _cat, onProgress) => {
    onProgress?.(0, 'uploading');
    onProgress?.(100, 'uploading');
    const id = `oss${String(++ossSeq).padStart(4, '0')}`;
    return { ossId: id, ossUrl: `/kyc/esop/v1/oss/v1/Download?ossid=${id}&sig=x` };
  });

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const png = (name = 'a.png', size = 1000, lastModified = 1700000000000) => new File([new Uint8Array(size)], name, { type: 'image/png', lastModified });
const pdf = (name = 'statement.pdf') => new File([new Uint8Array(500)], name, { type: 'application/pdf', lastModified: 1 });

function pick(input: HTMLElement, ...files: File[]) {
  fireEvent.change(input, { target: { files } });
}

const changes: FileRefData[][] = [];
function Files({ max = 3, accept, initial = [] }: { max?: number; accept?: 'image' | 'pdfOrImage'; initial?: FileRefData[] }) {
  const [v, setV] = useState<FileRefData[]>(initial);
  return (
    <FileUploader
      name="proof"
      label="Proof of address"
      value={v}
      onChange={(next) => {
        changes.push(next);
        setV(next);
      }}
      max={max}
      category="UserApply"
      accept={accept}
      error={v.length ? undefined : 'Please upload a file'}
    />
  );
}

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:local-preview'), revokeObjectURL: jest.fn() });
});
beforeEach(() => {
  upload.mockReset();
  changes.length = 0;
  toast.clear();
});

describe('FileUploader', () => {
  test('the label names the file input; the error, the types and the count describe it', () => {
    renderWithProviders(<Files />);
    const input = screen.getByLabelText('Proof of address');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription(/PNG, JPG or PDF.*Please upload a file.*0 of 3 files/);
    expect(input).toHaveAttribute('accept', expect.stringContaining('application/pdf'));
  });

  test('uploads a picked image, shows its progress, then emits the done file; the same file again is refused', async () => {
    const d = deferred<{ ossId: string; ossUrl: string }>();
    let progress: ((p: number, phase: 'preparing' | 'uploading') => void) | undefined;
    upload.mockImplementationOnce((_f, _n, _c, onProgress) => {
      progress = onProgress;
      return d.promise;
    });
    renderWithProviders(<Files />);
    const file = png();
    pick(screen.getByLabelText('Proof of address'), file);
    // the photo is checked first (asynchronously), then sent
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    // a large photo is made smaller first: a busy bar with no percentage, then the upload's
    act(() => progress?.(0, 'preparing'));
    const busy = await screen.findByRole('progressbar', { name: 'Preparing a.png for upload' });
    expect(busy).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByText('Preparing…')).toBeInTheDocument();
    act(() => progress?.(40, 'uploading'));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading a.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(upload).toHaveBeenCalledWith(file, 'a.png', 'UserApply', expect.any(Function));
    await act(async () => d.resolve({ ossId: 'oss0001', ossUrl: '/signed/oss0001' }));
    expect(changes.at(-1)).toEqual([{ ossId: 'oss0001', url: '/signed/oss0001', description: 'a.png', ossCategory: 'UserApply' }]);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View a.png' })).toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:local-preview');

    pick(screen.getByLabelText('Proof of address'), png());
    expect(await screen.findByRole('status')).toHaveTextContent('This file has already been added.');
    expect(upload).toHaveBeenCalledTimes(1);
  });

  test('a wrong type is refused (and a PDF when only images are accepted)', async () => {
    okUpload();
    const { unmount } = renderWithProviders(<Files />);
    pick(screen.getByLabelText('Proof of address'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('status')).toHaveTextContent('Only PNG, JPG or PDF files can be uploaded.');
    unmount();
    toast.clear();
    renderWithProviders(<Files accept="image" />);
    pick(screen.getByLabelText('Proof of address'), pdf());
    expect(screen.getByRole('status')).toHaveTextContent('Only PNG or JPG photos can be uploaded.');
    expect(upload).not.toHaveBeenCalled();
  });

  test('over the maximum: the files that fit go, the rest are refused; a full list has no add tile', async () => {
    okUpload();
    renderWithProviders(<Files max={2} />);
    pick(screen.getByLabelText('Proof of address'), png('1.png'), png('2.png'), png('3.png'));
    expect(screen.getByRole('status')).toHaveTextContent('You can upload at most 2 files.');
    await waitFor(() => expect(changes.at(-1)).toHaveLength(2));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(screen.queryByLabelText('Proof of address')).not.toBeInTheDocument();
    expect(screen.getByText('2 of 2 files')).toBeInTheDocument();
  });

  test('a failure shows the retry mask with the service message; retry sends the same file again and succeeds', async () => {
    upload.mockRejectedValueOnce(new ApiError(100500, 'Storage is busy, try later', undefined, 500));
    okUpload();
    const { user } = renderWithProviders(<Files />);
    const file = png();
    pick(screen.getByLabelText('Proof of address'), file);
    expect(await screen.findByText('Storage is busy, try later')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry uploading a.png' }));
    await waitFor(() => expect(changes.at(-1)).toHaveLength(1));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(upload.mock.calls[1][0]).toBe(file);
    expect(screen.queryByText('Storage is busy, try later')).not.toBeInTheDocument();
  });

  test('1008 shows "file size exceeded"; no answer shows the service-unavailable text', async () => {
    upload.mockRejectedValueOnce(new ApiError(1008, 'Payload too large', undefined, 413));
    upload.mockRejectedValueOnce(ApiError.network());
    renderWithProviders(<Files />);
    pick(screen.getByLabelText('Proof of address'), png('big.png'));
    expect(await screen.findByText('File size exceeded.')).toBeInTheDocument();
    pick(screen.getByLabelText('Proof of address'), png('other.png'));
    expect(await screen.findByText('The service is unavailable. Please try again later.')).toBeInTheDocument();
    expect(changes).toHaveLength(0);
  });

  test('1009 (not a readable PNG, JPG or PDF): says so, and "choose another" takes the tile away instead of sending it again', async () => {
    upload.mockRejectedValueOnce(new ApiError(1009, 'Only PNG, JPG and PDF files are accepted.', undefined, 415));
    const { user } = renderWithProviders(<Files />);
    pick(screen.getByLabelText('Proof of address'), png('broken.jpg'));
    expect(await screen.findByText('This file cannot be opened as a PNG, JPG or PDF (it may be damaged). Please choose another file.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove broken.jpg and choose another file' }));
    expect(screen.queryByText(/cannot be opened/)).not.toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);
  });

  test('1012 (a PDF with scripts or attached files): the translated reason, and "choose another" instead of sending it again', async () => {
    upload.mockRejectedValueOnce(new ApiError(1012, 'refused', { reason: 'javascript' }, 422));
    const { user } = renderWithProviders(<Files />);
    pick(screen.getByLabelText('Proof of address'), pdf('statement.pdf'));
    expect(await screen.findByText(/This PDF cannot be accepted: it contains scripts, attached files or a password/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove statement.pdf and choose another file' }));
    expect(screen.queryByText(/cannot be accepted/)).not.toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);
  });

  test('remove: a done file leaves the value; a failed one leaves the grid', async () => {
    upload.mockRejectedValueOnce(new ApiError(100500, 'Nope', undefined, 500));
    const { user } = renderWithProviders(
      <Files initial={[{ ossId: 'saved000001', url: '/signed/saved', description: 'old.jpg', ossCategory: 'UserApply' }]} />,
    );
    pick(screen.getByLabelText('Proof of address'), png('bad.png'));
    await screen.findByText('Nope');
    await user.click(screen.getByRole('button', { name: 'Remove bad.png' }));
    expect(screen.queryByText('Nope')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove old.jpg' }));
    expect(changes.at(-1)).toEqual([]);
  });

  test('a PDF shows an icon and its name; an image opens a full-screen preview dialog', async () => {
    okUpload();
    const { user } = renderWithProviders(<Files />);
    pick(screen.getByLabelText('Proof of address'), pdf('bank statement.pdf'));
    await waitFor(() => expect(changes.at(-1)).toHaveLength(1));
    expect(screen.getByText('bank statement.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /View bank statement/ })).not.toBeInTheDocument();
    pick(screen.getByLabelText('Proof of address'), png('photo.png'));
    await waitFor(() => expect(changes.at(-1)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'View photo.png' }));
    const dialog = screen.getByRole('dialog', { name: 'photo.png' });
    expect(dialog).toHaveFocus();
    expect(within(dialog).getByRole('img', { name: 'photo.png' })).toHaveAttribute('src', expect.stringContaining('Download?ossid='));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View photo.png' })).toHaveFocus();
  });
});

describe('FileUploader: photos checked on the phone (issue 41)', () => {
  afterEach(() => setPhotoVerdict({ problems: [], ms: 0 }));

  test('a blurred photo waits for the choice; "Use this photo" sends it; a PDF is not checked; glare is not asked of a document', async () => {
    okUpload();
    setPhotoVerdict({ problems: ['blurry'], ms: 8 });
    const { user } = renderWithProviders(<Files />);
    pick(screen.getByLabelText('Proof of address'), png('bill.png'), pdf('statement.pdf'));
    const dialog = await screen.findByRole('dialog', { name: 'Check your photo' });
    expect(dialog).toHaveAccessibleDescription(/let it focus on the document/);
    expect(within(dialog).getByText('bill.png')).toBeInTheDocument();
    // the PDF went at once
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0][1]).toBe('statement.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Use this photo' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    expect(upload.mock.calls[1][1]).toBe('bill.png');

    setPhotoVerdict({ problems: ['glare'], ms: 8 });
    pick(screen.getByLabelText('Proof of address'), png('letter.png', 1200));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Check your photo' })).not.toBeInTheDocument());
  });

  test('"Take it again" drops the doubted photo and frees its place', async () => {
    okUpload();
    setPhotoVerdict({ problems: ['cut'], ms: 8 });
    const { user } = renderWithProviders(<Files max={1} />);
    pick(screen.getByLabelText('Proof of address'), png('half.png'));
    const dialog = await screen.findByRole('dialog', { name: 'Check your photo' });
    expect(dialog).toHaveAccessibleDescription(/Keep all four corners of the page inside the frame/);
    await user.click(within(dialog).getByRole('button', { name: 'Take it again' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Check your photo' })).not.toBeInTheDocument());
    expect(upload).not.toHaveBeenCalled();
    // the add tile is back for another photo
    expect(screen.getByLabelText('Proof of address')).toBeInTheDocument();
  });
});

describe('CardUploader', () => {
  test('the zoom button sits inside the picture: beside the bands of a portrait photo, above those of a wide one', () => {
    // a photo as wide as the tile (16:10) fills it: the corner
    expect(viewButtonPlace(16 / 10)).toEqual({ right: '6px', bottom: '6px' });
    expect(viewButtonPlace(null)).toEqual({ right: '6px', bottom: '6px' });
    // a 3:4 portrait photo is drawn over 3/4 ÷ 1.6 of the width: bands of about 26.6% each side
    expect(viewButtonPlace(3 / 4)).toEqual({ right: 'calc(26.56% + 6px)', bottom: '6px' });
    // the sample card photo (1207 x 808) is a little narrower than the tile
    expect(viewButtonPlace(1207 / 808).right).toBe('calc(3.32% + 6px)');
    // a panorama: bands above and below
    expect(viewButtonPlace(3)).toEqual({ right: '6px', bottom: 'calc(23.33% + 6px)' });
  });

  function Card({ busy, error, onUploaded }: { busy?: boolean; error?: string; onUploaded: (ref: FileRefData, file: File) => void | Promise<void> }) {
    const [v, setV] = useState<FileRefData | null>(null);
    return (
      <CardUploader
        name="front"
        label="ID card front"
        value={v}
        kind="idFront"
        category="UserInfo"
        busy={busy}
        error={error}
        onUploaded={async (ref, file) => {
          setV(ref);
          await onUploaded(ref, file);
        }}
        onClear={() => setV(null)}
      />
    );
  }

  test('the drawn side and its caption; a picked photo uploads and onUploaded gets the ref and the file; recognising while it works', async () => {
    okUpload();
    const work = deferred<void>();
    const onUploaded = jest.fn(() => work.promise);
    const { user } = renderWithProviders(<Card onUploaded={onUploaded} />);
    expect(screen.getByText('Upload the portrait side')).toBeInTheDocument();
    const input = screen.getByLabelText('ID card front');
    expect(input).toHaveAccessibleDescription('Upload the portrait side');
    expect(input).toHaveAttribute('accept', expect.stringContaining('image/'));
    const file = png('front.png');
    pick(input, file);
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ ossId: expect.any(String), description: 'front.png', ossCategory: 'UserInfo' }), file);
    expect(upload).toHaveBeenCalledWith(file, 'front.png', 'UserInfo', expect.any(Function));
    expect(screen.getByText('Recognising…')).toBeInTheDocument();
    await act(async () => work.resolve());
    expect(screen.queryByText('Recognising…')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove the photo' }));
    expect(screen.getByText('Upload the portrait side')).toBeInTheDocument();
  });

  test('busy shows recognising; a recognition error shows the mask with "take again"', () => {
    const { unmount } = renderWithProviders(<Card busy onUploaded={jest.fn()} />);
    expect(screen.getByText('Recognising…')).toBeInTheDocument();
    unmount();
    renderWithProviders(<Card error="This is not the portrait side" onUploaded={jest.fn()} />);
    expect(screen.getByText('This is not the portrait side')).toBeInTheDocument();
    expect(screen.getByLabelText('ID card front')).toHaveAccessibleDescription(/This is not the portrait side/);
    // nothing was taken in this slot yet (a missing photo marked after Next): the first photo, not "take again"
    expect(screen.getByRole('button', { name: 'Take a photo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take again' })).not.toBeInTheDocument();
  });

  test('a photo chosen and then refused (the wrong side, dropped): "take again"', async () => {
    function Refusing() {
      const [error, setError] = useState<string | undefined>();
      return <Card error={error} onUploaded={() => setError('This is not the portrait side')} />;
    }
    okUpload();
    renderWithProviders(<Refusing />);
    fireEvent.change(screen.getByLabelText('ID card front'), { target: { files: [new File(['x'], 'front.png', { type: 'image/png' })] } });
    expect(await screen.findByText('This is not the portrait side')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Take again' })).toBeInTheDocument();
  });

  test('an upload failure shows the service message; retry uploads the same photo; once in place the caption says so', async () => {
    upload.mockRejectedValueOnce(new ApiError(100500, 'Storage is busy, try later', undefined, 500));
    okUpload();
    const onUploaded = jest.fn();
    const { user } = renderWithProviders(<Card onUploaded={onUploaded} />);
    const file = png('front.png');
    pick(screen.getByLabelText('ID card front'), file);
    expect(await screen.findByText('Storage is busy, try later')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry uploading ID card front' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[1][0]).toBe(file);
    expect(await screen.findByText('Uploaded — tap to retake')).toBeInTheDocument();
    expect(screen.queryByText('Upload the portrait side')).not.toBeInTheDocument();
  });

  test.each([
    [1008, 'File size exceeded.'],
    [1009, 'This photo cannot be opened (it may be damaged or not a PNG or JPG). Please choose another photo.'],
  ])('%s: the file itself is the problem, so the mask offers another photo (the picker), not the same one again', async (code, text) => {
    upload.mockRejectedValueOnce(new ApiError(code, 'from the service', undefined, 400));
    const { user } = renderWithProviders(<Card onUploaded={jest.fn()} />);
    const input = screen.getByLabelText('ID card front') as HTMLInputElement;
    pick(input, png('front.png'));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry uploading ID card front' })).not.toBeInTheDocument();
    const opened = jest.spyOn(input, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Choose another photo' }));
    expect(opened).toHaveBeenCalled();
    expect(upload).toHaveBeenCalledTimes(1);
  });

  describe('the photo checked on the phone before it is sent (issue 41)', () => {
    afterEach(() => setPhotoVerdict({ problems: [], ms: 0 }));

    test('a blurred photo is held back with what to do; "Use this photo" sends it all the same', async () => {
      okUpload();
      setPhotoVerdict({ problems: ['blurry'], ms: 12 });
      const onUploaded = jest.fn();
      const { user } = renderWithProviders(<Card onUploaded={onUploaded} />);
      pick(screen.getByLabelText('ID card front'), png('front.png'));
      const dialog = await screen.findByRole('dialog', { name: 'Check your photo' });
      expect(dialog).toHaveAccessibleDescription(/The photo is blurred. Hold the phone steady/);
      expect(upload).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Use this photo' }));
      await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
      expect(upload).toHaveBeenCalledTimes(1);
    });

    test('"Take it again" sends nothing and opens the camera again; each problem in words, in the three languages', async () => {
      okUpload();
      setPhotoVerdict({ problems: ['cut', 'glare'], ms: 9 });
      const { user } = renderWithProviders(<Card onUploaded={jest.fn()} />);
      const input = screen.getByLabelText('ID card front');
      const opened = jest.spyOn(input, 'click').mockImplementation(() => undefined);
      pick(input, png('front.png'));
      const dialog = await screen.findByRole('dialog', { name: 'Check your photo' });
      // the first problem found is the one said
      expect(dialog).toHaveAccessibleDescription(/Keep all four corners of the card inside the frame/);
      await user.click(within(dialog).getByRole('button', { name: 'Take it again' }));
      expect(opened).toHaveBeenCalledTimes(1);
      expect(upload).not.toHaveBeenCalled();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Check your photo' })).not.toBeInTheDocument());
    });

    test.each([
      ['zh-CN', 'dark', '请检查照片', '照片太暗'],
      ['zh-TW', 'small', '請檢查相片', '證件在相片中太小'],
      ['en', 'glare', 'Check your photo', 'Light is reflecting off the card'],
    ] as const)('%s: %s', async (lang, problem, title, words) => {
      setPhotoVerdict({ problems: [problem], ms: 5 });
      renderWithProviders(<Card onUploaded={jest.fn()} />, { lang });
      // the tile's label is the screen's (a prop); the check's words are the page's language
      pick(screen.getByLabelText('ID card front'), png('front.png'));
      expect(await screen.findByRole('dialog', { name: title })).toHaveAccessibleDescription(new RegExp(words));
    });

    test('a check that could not run (no worker, too slow) does not hold the photo back', async () => {
      okUpload();
      setPhotoVerdict(null);
      const onUploaded = jest.fn();
      renderWithProviders(<Card onUploaded={onUploaded} />);
      pick(screen.getByLabelText('ID card front'), png('front.png'));
      await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1));
      expect(screen.queryByRole('dialog', { name: 'Check your photo' })).not.toBeInTheDocument();
    });
  });

  test('a non-image is refused', () => {
    renderWithProviders(<Card onUploaded={jest.fn()} />);
    pick(screen.getByLabelText('ID card front'), pdf());
    expect(screen.getByRole('status')).toHaveTextContent('Only PNG or JPG photos can be uploaded.');
    expect(upload).not.toHaveBeenCalled();
  });
});
