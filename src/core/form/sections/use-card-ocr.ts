/**
 * The recognition of a card photo (an identity card's side, a bank card): once the tile has uploaded the photo,
 * the OCR call reads it and the screen takes the recognised fields (`onRead`). While it reads the tile shows
 * "recognising…" (busy); a failed read shows its message on the tile with "take again" (`failure` decides the
 * message; undefined when the screen says it another way, e.g. a toast). An expired login goes to the general
 * handling (the login page), never to the tile.
 */
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { useApiErrorHandler } from '../../api/errors';
import { behaviourOf } from '../../domain/errors';
import type { FileRefData } from '../../domain/uploads';

export interface CardOcrOptions<R> {
  /** the recognition call for an uploaded photo */
  read: (photo: FileRefData) => Promise<R>;
  /** the recognised fields go to the screen (the photo they were read from with them) */
  onRead: (result: R, photo: FileRefData) => void;
  /** the tile's message for a failed read (translated); undefined: nothing on the tile */
  failure: (err: unknown) => string | undefined;
}

export interface CardOcr {
  /** the photo is being read */
  busy: boolean;
  /** the last read's failure, shown on the tile until another photo is taken */
  error: string | undefined;
  /** reads an uploaded photo */
  take: (photo: FileRefData) => Promise<void>;
}

export function useCardOcr<R>(opts: CardOcrOptions<R>): CardOcr {
  const onApiError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const latest = useRef(opts);
  latest.current = opts;

  const take = useCallback(
    async (photo: FileRefData) => {
      setError(undefined);
      setBusy(true);
      try {
        const result = await latest.current.read(photo);
        latest.current.onRead(result, photo);
      } catch (err) {
        if (err instanceof ApiError && err.code !== 'NETWORK' && behaviourOf(err.code).kind === 'loginExpired') {
          onApiError(err);
          return;
        }
        setError(latest.current.failure(err));
      } finally {
        setBusy(false);
      }
    },
    [onApiError],
  );

  return { busy, error, take };
}
