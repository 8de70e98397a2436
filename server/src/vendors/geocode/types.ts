/** Reverse geocoding vendor: a position "latitude,longitude" → the city code the geolocation rule reads. */
export interface GeocodeVendor {
  readonly name: string;
  /**
   * City code: "156" + 6-digit administrative division code for the Chinese mainland
   * (e.g. 156440300 Shenzhen), 156810000 Hong Kong, 156820000 Macau, 156710000 Taiwan;
   * elsewhere the ISO 3166-1 numeric country code ("826" United Kingdom). '' when unknown.
   */
  cityCode(lat: number, lng: number): Promise<string>;
}

export interface GeocodeSettings {
  /** 'local' (default: our offline reference table) or 'http' */
  GEOCODE_VENDOR?: 'local' | 'http';
  /** for 'http': GET {url}?location=lat,lng answering {city_code} */
  GEOCODE_HTTP_URL?: string;
  GEOCODE_HTTP_TIMEOUT_MS?: number;
}

/** Parses "latitude,longitude"; null when malformed or out of range. */
export function parseLocation(location: string): { lat: number; lng: number } | null {
  const m = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(location);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}
