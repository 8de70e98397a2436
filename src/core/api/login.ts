import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { startNewSession } from './new-session';

export type LoginInput = Req<'login'>;

export const login = (input: LoginInput) => callApi('login', input);

/** Phone + code login; on success the user query holds the new user and every other answer is read again. */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => startNewSession(qc, user),
  });
}
