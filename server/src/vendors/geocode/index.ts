import { createHttpGeocode } from './http';
import { createLocalGeocode } from './local';
import type { GeocodeSettings, GeocodeVendor } from './types';

export type { GeocodeSettings, GeocodeVendor } from './types';
export { parseLocation } from './types';

/** The geocoding vendor the settings choose (offline table unless GEOCODE_VENDOR=http). */
export function createGeocode(settings: GeocodeSettings): GeocodeVendor {
  return settings.GEOCODE_VENDOR === 'http' ? createHttpGeocode(settings) : createLocalGeocode();
}
