import { useMutation } from '@tanstack/react-query';
import type { Req, Res } from '../domain/contract';
import { callApi } from './client';

export type BankcardOcrInput = Req<'bankcardOcr'>;
export type BankcardOcrResult = Res<'bankcardOcr'>;

/** Reads the card number (digits only) from an uploaded bank card photo; 150302 when none can be read. */
export const bankcardOcr = (ref: BankcardOcrInput) => callApi('bankcardOcr', ref);

export function useBankcardOcr() {
  return useMutation({ mutationFn: bankcardOcr });
}
