/**
 * HTTP adapter for a hosted IP location service: GET {url}?ip=<address> answering JSON
 * {country, region}. Non-public addresses never leave the process (they get the default).
 */
import { isNonPublic, parseAddress } from './address';
import { normaliseLocation, type IpGeoSettings, type IpGeoVendor } from './types';

export function createHttpIpGeo(settings: IpGeoSettings, fetchImpl: typeof fetch = fetch): IpGeoVendor {
  const url = settings.IPGEO_HTTP_URL;
  if (!url) throw new Error('IPGEO_HTTP_URL is required when IPGEO_VENDOR=http');
  const timeout = settings.IPGEO_HTTP_TIMEOUT_MS ?? 3000;
  return {
    name: 'http',
    async locate(ip: string) {
      const parsed = parseAddress(ip.trim());
      if (!parsed || isNonPublic(parsed)) return { country: settings.IP_DEFAULT_COUNTRY.toUpperCase(), region: settings.IP_DEFAULT_REGION };
      const target = new URL(url);
      target.searchParams.set('ip', ip.trim());
      const res = await fetchImpl(target, { signal: AbortSignal.timeout(timeout), headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`IP location vendor answered HTTP ${res.status}`);
      const body = (await res.json()) as { country?: unknown; region?: unknown };
      if (typeof body.country !== 'string') throw new Error('IP location vendor answered without a country');
      return normaliseLocation(body.country, typeof body.region === 'string' ? body.region : '');
    },
  };
}
