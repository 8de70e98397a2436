import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationView } from '../domain/contract';
import { queryKeys } from './keys';

/** A call that answers the application as it now stands: React Query's copy of ApplyDetail takes the answer. */
export function useApplicationMutation<I, R extends { application: ApplicationView }>(call: (input: I) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (r) => qc.setQueryData(queryKeys.application(), r.application),
  });
}
