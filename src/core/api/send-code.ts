import { useMutation } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';

export type SendCodeInput = Req<'sendCode'>;

export const sendCode = (input: SendCodeInput) => callApi('sendCode', input);

/** Sends a login code: {value, areaCode, scene?, type?, captcha?} → {salt, cooldownSeconds}. */
export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
