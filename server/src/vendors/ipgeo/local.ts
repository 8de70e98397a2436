/** Offline IP location from the MaxMind GeoLite data shipped inside the geoip-lite npm package. */
import geoip from 'geoip-lite';
import { isNonPublic, mappedV4, parseAddress } from './address';
import { normaliseLocation, type IpGeoSettings, type IpGeoVendor, type IpLocation } from './types';

export function createLocalIpGeo(settings: Pick<IpGeoSettings, 'IP_DEFAULT_COUNTRY' | 'IP_DEFAULT_REGION'>): IpGeoVendor {
  const fallback = (): IpLocation => ({ country: settings.IP_DEFAULT_COUNTRY.toUpperCase(), region: settings.IP_DEFAULT_REGION });
  return {
    name: 'geoip-lite',
    async locate(ip: string): Promise<IpLocation> {
      const parsed = parseAddress(ip.trim());
      if (!parsed || isNonPublic(parsed)) return fallback();
      const v4 = parsed.kind === 'v6' ? mappedV4(parsed.groups) : parsed.octets;
      const key = v4 ? v4.join('.') : ip.trim().split('%')[0];
      const hit = geoip.lookup(key);
      if (!hit || !hit.country) return fallback();
      return normaliseLocation(hit.country, hit.region);
    },
  };
}
