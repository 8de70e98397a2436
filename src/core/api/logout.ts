import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from './client';
import { queryKeys } from './keys';

export const logout = () => callApi('logout');

/** Ends the session; the cached user becomes null and every other server state is dropped. */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      qc.removeQueries({ predicate: (q) => q.queryKey[1] !== 'clientConfig' && q.queryKey[1] !== 'user' });
      qc.setQueryData(queryKeys.user(), null);
    },
  });
}
