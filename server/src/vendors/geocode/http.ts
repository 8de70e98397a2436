/** HTTP adapter for a hosted reverse-geocoding service: GET {url}?location=lat,lng answering {city_code}. */
import type { GeocodeSettings, GeocodeVendor } from './types';

export function createHttpGeocode(settings: GeocodeSettings, fetchImpl: typeof fetch = fetch): GeocodeVendor {
  const url = settings.GEOCODE_HTTP_URL;
  if (!url) throw new Error('GEOCODE_HTTP_URL is required when GEOCODE_VENDOR=http');
  const timeout = settings.GEOCODE_HTTP_TIMEOUT_MS ?? 3000;
  return {
    name: 'http',
    async cityCode(lat: number, lng: number) {
      const target = new URL(url);
      target.searchParams.set('location', `${lat},${lng}`);
      const res = await fetchImpl(target, { signal: AbortSignal.timeout(timeout), headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`geocode vendor answered HTTP ${res.status}`);
      const body = (await res.json()) as { city_code?: unknown };
      const code = typeof body.city_code === 'number' ? String(body.city_code) : body.city_code;
      if (typeof code !== 'string' || !/^\d{0,12}$/.test(code)) throw new Error('geocode vendor answered without a city_code');
      return code;
    },
  };
}
