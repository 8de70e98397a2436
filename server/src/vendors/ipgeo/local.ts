/**
 * Offline IP location from the MaxMind GeoLite data shipped inside the geoip-lite npm package. The package reads its
 * data files when loaded (~0.3 s, measured): loaded at the first public address to locate, not with the service, so a
 * start (and every test app) that never meets one does not pay for it.
 */
import { isNonPublic, mappedV4, parseAddress } from './address';
import { normaliseLocation, type IpGeoSettings, type IpGeoVendor, type IpLocation } from './types';

let loaded: Promise<typeof import('geoip-lite')> | undefined;
const geoipLite = () => (loaded ??= import('geoip-lite').then((m) => ((m as { default?: typeof import('geoip-lite') }).default ?? m)));

export function createLocalIpGeo(settings: Pick<IpGeoSettings, 'IP_DEFAULT_COUNTRY' | 'IP_DEFAULT_REGION'>): IpGeoVendor {
  const fallback = (): IpLocation => ({ country: settings.IP_DEFAULT_COUNTRY.toUpperCase(), region: settings.IP_DEFAULT_REGION });
  return {
    name: 'geoip-lite',
    async locate(ip: string): Promise<IpLocation> {
      const parsed = parseAddress(ip.trim());
      if (!parsed || isNonPublic(parsed)) return fallback();
      const v4 = parsed.kind === 'v6' ? mappedV4(parsed.groups) : parsed.octets;
      const key = v4 ? v4.join('.') : ip.trim().split('%')[0];
      const hit = (await geoipLite()).lookup(key);
      if (!hit || !hit.country) return fallback();
      return normaliseLocation(hit.country, hit.region);
    },
  };
}
