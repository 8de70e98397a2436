import { createHttpIpGeo } from './http';
import { createLocalIpGeo } from './local';
import type { IpGeoSettings, IpGeoVendor } from './types';

export type { IpGeoSettings, IpGeoVendor, IpLocation } from './types';
export { normaliseLocation } from './types';

/** The IP location vendor the settings choose (local database unless IPGEO_VENDOR=http). */
export function createIpGeo(settings: IpGeoSettings): IpGeoVendor {
  return settings.IPGEO_VENDOR === 'http' ? createHttpIpGeo(settings) : createLocalIpGeo(settings);
}
