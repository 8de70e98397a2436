/** IP location vendor: where a client address is, as the IpLocation call answers it. */
export interface IpLocation {
  /** ISO 3166-1 alpha-2 country code (upper case), '' when unknown */
  country: string;
  /**
   * CN: '' (or HK/MO/TW should a source report those territories as regions of CN).
   * HK, MO, TW: '' (the country code already names the territory). Other countries: the
   * subdivision code the database gives (for example ENG, CA), or ''.
   */
  region: string;
}

export interface IpGeoVendor {
  readonly name: string;
  locate(ip: string): Promise<IpLocation>;
}

export interface IpGeoSettings {
  IP_DEFAULT_COUNTRY: string;
  IP_DEFAULT_REGION: string;
  /** 'local' (default: the geoip-lite database shipped in the npm package) or 'http' */
  IPGEO_VENDOR?: 'local' | 'http';
  /** for 'http': GET {url}?ip=… answering {country, region} */
  IPGEO_HTTP_URL?: string;
  IPGEO_HTTP_TIMEOUT_MS?: number;
}

const GREATER_CHINA_TERRITORIES = ['HK', 'MO', 'TW'];

/** Normalises a raw (country, subdivision) pair into the shape the service answers. */
export function normaliseLocation(country: string | null | undefined, subdivision: string | null | undefined): IpLocation {
  const c = (country ?? '').trim().toUpperCase();
  const r = (subdivision ?? '').trim().toUpperCase();
  if (c === 'CN') return { country: 'CN', region: GREATER_CHINA_TERRITORIES.includes(r) ? r : '' };
  if (GREATER_CHINA_TERRITORIES.includes(c)) return { country: c, region: '' };
  return { country: c, region: r };
}
