import { callApi } from './client';

/** Resolves "latitude,longitude" to a city code (isMainlandCityCode decides what it means). */
export async function fetchCityCode(location: string): Promise<string> {
  const r = await callApi('positionToCity', { location });
  return r.city_code;
}
