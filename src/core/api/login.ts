import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export type LoginInput = Req<'login'>;

export const login = (input: LoginInput) => callApi('login', input);

/** Phone + code login; on success the user query holds the new user and the application is refetched. */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      qc.setQueryData(queryKeys.user(), user);
      void qc.invalidateQueries({ queryKey: queryKeys.application() });
    },
  });
}
