/**
 * Where a mainland (cn) applicant may open from: the area-type decision of the home page,
 * the IP rule, the app geolocation rule and strict handling (spec part 1 §4).
 */

/** What the opening-area call answers; kept by the client for the session (React Query). */
export interface AreaType {
  openingLimitType: number;
  statementLimitType: number;
  /** "1" allows submitting the statement later (the STATEMENT step goes last). */
  statementSkipType: string;
}

export type CnEntryCheck =
  | { kind: 'normal' }
  | { kind: 'strict' }
  | { kind: 'ipThenNormal' }
  | { kind: 'ipThenGeo' }
  | { kind: 'geo' };

/** The first decision on Next for a cn applicant, from the opening-limit (area-type) flag. */
export function cnEntryCheck(openingLimitType: number): CnEntryCheck {
  switch (openingLimitType) {
    case 2:
      return { kind: 'ipThenNormal' };
    case 5:
      return { kind: 'ipThenGeo' };
    case 3:
      return { kind: 'strict' };
    case 4:
      return { kind: 'geo' };
    default:
      return { kind: 'normal' };
  }
}

const NOT_MAINLAND_REGIONS = ['HK', 'MO', 'TW'];

/** Mainland China excluding Hong Kong, Macau and Taiwan, from the IP location answer. */
export function isMainlandIp(loc: { country: string; region?: string | null }): boolean {
  const country = loc.country.toUpperCase();
  const region = (loc.region ?? '').toUpperCase();
  return country === 'CN' && !NOT_MAINLAND_REGIONS.includes(region);
}

/** After the IP check: mainland → strict; otherwise area type 2 continues and 5 goes to the geolocation limit. */
export function afterIpCheck(check: CnEntryCheck, mainland: boolean): 'strict' | 'normal' | 'geo' {
  if (mainland) return 'strict';
  return check.kind === 'ipThenGeo' ? 'geo' : 'normal';
}

export const GEO_MIN_APP_VERSION = '2.2.0';
const NOT_MAINLAND_CITY_PREFIXES = ['15682', '15681', '15671'];

/** A city code beginning 156 that is not Macau (15682), Hong Kong (15681) or Taiwan (15671) is mainland. */
export function isMainlandCityCode(cityCode: string): boolean {
  const code = String(cityCode).trim();
  return code.startsWith('156') && !NOT_MAINLAND_CITY_PREFIXES.some((p) => code.startsWith(p));
}

/** Compares dotted versions numerically: -1, 0 or 1. Missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((x) => parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

export type GeoGate = 'needApp' | 'needUpgrade' | 'ok';

/** The geolocation limit needs the app at version 2.2.0 or higher. */
export function geoGate(inApp: boolean, appVersion: string | null | undefined): GeoGate {
  if (!inApp) return 'needApp';
  if (!appVersion || compareVersions(appVersion, GEO_MIN_APP_VERSION) < 0) return 'needUpgrade';
  return 'ok';
}

export type StrictOutcome =
  | { kind: 'continue' } // skipping allowed: STATEMENT goes last, continue
  | { kind: 'statementDialog' } // ask to upload a statement: STATEMENT goes first
  | { kind: 'mainlandBlocked' }; // toast: mainland accounts cannot be opened

/** Strict handling from the statement limit type and the skip flag. */
export function strictOutcome(area: Pick<AreaType, 'statementLimitType' | 'statementSkipType'>): StrictOutcome {
  if (area.statementLimitType !== 1) return { kind: 'mainlandBlocked' };
  return String(area.statementSkipType) === '1' ? { kind: 'continue' } : { kind: 'statementDialog' };
}

export function statementSkipAllowed(area: Pick<AreaType, 'statementSkipType'>): boolean {
  return String(area.statementSkipType) === '1';
}

/**
 * The service's reading of the same rule: the opening-limit type alone (3), or 2/5 with a mainland IP address,
 * makes a mainland (cn) application need the statement. Type 4 rests on the app's geolocation, which only the
 * client can read. A switch to cn that needs the statement and does not bring it is refused with 151205, and the
 * client answers that with strict handling.
 */
export function cnNeedsStatement(openingLimitType: number, mainlandIp: boolean): boolean {
  if (openingLimitType === 3) return true;
  return (openingLimitType === 2 || openingLimitType === 5) && mainlandIp;
}
