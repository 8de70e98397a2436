/**
 * The card-photo section: a tile wired by a Binding, its photo read by the OCR hook (busy, the failure on the tile,
 * an expired login left to the general handling), its mark when Next finds it missing.
 */
jest.mock('@core/api/upload', () => ({ uploadFile: jest.fn() }));

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { ApiError } from '@core/api/api-error';
import { uploadFile } from '@core/api/upload';
import { ErrorCode } from '@core/domain/errors';
import type { FileRefData } from '@core/domain/uploads';
import { currentLocation, renderScreenAt } from '@core/testing/render-with-providers';
import { focusFirstMarked } from '../focus-first';
import { CardPhotoTile } from './CardPhotoTile';
import { useCardOcr } from './use-card-ocr';

const upload = uploadFile as jest.MockedFunction<typeof uploadFile>;

function Harness({ read, error }: { read: (photo: FileRefData) => Promise<{ number: string }>; error?: string }) {
  const [photo, setPhoto] = useState<FileRefData | null>(null);
  const [number, setNumber] = useState('');
  const ocr = useCardOcr({ read, onRead: (r) => setNumber(r.number), failure: (err) => (err instanceof ApiError ? `failed ${err.code}` : undefined) });
  const field = { name: 'documentInfo.card.front', value: photo, onChange: setPhoto, onBlur: () => undefined, error };
  return (
    <>
      <CardPhotoTile field={field} ocr={ocr} label="Front" kind="idFront" category="UserInfo" />
      <p>number: {number}</p>
      <p>photo: {photo?.ossId ?? 'none'}</p>
    </>
  );
}

const png = () => new File([new Uint8Array(100)], 'card.png', { type: 'image/png', lastModified: 1 });
const take = () => act(async () => void fireEvent.change(screen.getByLabelText('Front'), { target: { files: [png()] } }));

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:local'), revokeObjectURL: jest.fn() });
});
beforeEach(() => {
  upload.mockReset();
  upload.mockImplementation(async (_file, _name, _cat, onProgress) => {
    onProgress?.(100, 'uploading');
    return { ossId: 'card01', ossUrl: '/dl?ossid=card01' };
  });
});

test('the uploaded photo is set on the field, read while the tile says so, and the recognised fields reach the screen', async () => {
  let answer: (v: { number: string }) => void = () => undefined;
  const read = jest.fn(() => new Promise<{ number: string }>((r) => (answer = r)));
  renderScreenAt('/', <Harness read={read} />);
  await take();
  await waitFor(() => expect(read).toHaveBeenCalledWith(expect.objectContaining({ ossId: 'card01', ossCategory: 'UserInfo' })));
  expect(screen.getByText('photo: card01')).toBeInTheDocument();
  expect(screen.getByText('Recognising…')).toBeInTheDocument();
  await act(async () => answer({ number: '42' }));
  expect(await screen.findByText('number: 42')).toBeInTheDocument();
  expect(screen.queryByText('Recognising…')).toBeNull();
});

test('a failed read shows its message on the tile with "Take again"', async () => {
  renderScreenAt('/', <Harness read={() => Promise.reject(new ApiError(151202, 'unclear', undefined, 400))} />);
  await take();
  expect(await screen.findByText('failed 151202')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Take again' })).toBeInTheDocument();
  expect(screen.getByText('number:')).toBeInTheDocument();
});

test('an expired login is not a tile message: the general handling takes it (the login page)', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  try {
    renderScreenAt('/', <Harness read={() => Promise.reject(new ApiError(ErrorCode.LOGIN_EXPIRED, 'expired', undefined, 401))} />);
    await take();
    await act(async () => void jest.advanceTimersByTime(5000));
    expect(screen.queryByText(/^failed/)).toBeNull();
    expect(currentLocation()).not.toBe('/');
  } finally {
    jest.useRealTimers();
  }
});

test('a missing photo is marked on the tile, which Next can find and focus by its name', async () => {
  renderScreenAt('/', <Harness read={jest.fn()} error="Please upload a file" />);
  expect(screen.getByText('Please upload a file')).toBeInTheDocument();
  expect(focusFirstMarked(['documentInfo.card.front'])).toBe('documentInfo.card.front');
  expect(screen.getByLabelText('Front')).toHaveFocus();
});
