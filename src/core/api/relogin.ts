/** Logging in again as the session's own user (ReloginSendCode, Relogin): its phone stays in the service. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { startNewSession } from './new-session';

export const reloginSendCode = () => callApi('reloginSendCode');
export const relogin = (input: Req<'relogin'>) => callApi('relogin', input);

/** A code to the session's own phone: {salt, cooldownSeconds, areaCode, phoneMasked}. */
export function useReloginSendCode() {
  return useMutation({ mutationFn: reloginSendCode });
}

/** Code login as the session's own user; on success the user query holds the (same) user of the new session, and
 * every other answer is read again (startNewSession). */
export function useRelogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: relogin,
    onSuccess: (user) => startNewSession(qc, user),
  });
}
