import { queryOptions } from '@tanstack/react-query';
import { callApi } from './client';
import { queryKeys } from './keys';

/** Country and region of the caller's address: {country, region}. */
export const fetchIpLocation = (signal?: AbortSignal) => callApi('ipLocation', undefined, { signal });

export const ipLocationQuery = () =>
  queryOptions({ queryKey: queryKeys.ipLocation(), queryFn: ({ signal }) => fetchIpLocation(signal), staleTime: 10 * 60_000 });

/** Resolves "latitude,longitude" to a city code (isMainlandCityCode decides what it means). */
export async function fetchCityCode(location: string): Promise<string> {
  const r = await callApi('positionToCity', { location });
  return r.city_code;
}
