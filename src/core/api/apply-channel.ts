import { queryOptions } from '@tanstack/react-query';
import { callApi } from './client';
import { queryKeys } from './keys';

/** The agent code and channel stored on the caller's application: {aeCode, channel} (151301 without one). */
export const fetchApplyChannel = (signal?: AbortSignal) => callApi('applyChannel', undefined, { signal });

/** Read fresh before each submit (another tab or a resubmission may have changed them). */
export const applyChannelQuery = () =>
  queryOptions({ queryKey: queryKeys.channel(), queryFn: ({ signal }) => fetchApplyChannel(signal), staleTime: 0 });
