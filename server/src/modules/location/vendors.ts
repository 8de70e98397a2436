/**
 * The location vendors (IP location, reverse geocoding), chosen by settings. app.deps.vendors may
 * carry replacements (`ipgeo`, `geocode`) — tests and other deployments pass them through buildApp.
 * Settings: IPGEO_VENDOR (local|http), IPGEO_HTTP_URL, GEOCODE_VENDOR (local|http), GEOCODE_HTTP_URL,
 * checked here at start-up; IP_DEFAULT_COUNTRY / IP_DEFAULT_REGION come from config.
 */
import { z } from 'zod';
import { ConfigError } from '../../config';
import type { AppDeps } from '../../plugins/context';
import { createGeocode, type GeocodeVendor } from '../../vendors/geocode';
import { createIpGeo, type IpGeoVendor } from '../../vendors/ipgeo';

export interface LocationVendors {
  ipgeo: IpGeoVendor;
  geocode: GeocodeVendor;
}

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v : undefined))
  .pipe(z.url().optional());

const locationEnv = z
  .object({
    IPGEO_VENDOR: z.enum(['local', 'http']).default('local'),
    IPGEO_HTTP_URL: optionalUrl,
    GEOCODE_VENDOR: z.enum(['local', 'http']).default('local'),
    GEOCODE_HTTP_URL: optionalUrl,
  })
  .superRefine((env, ctx) => {
    if (env.IPGEO_VENDOR === 'http' && !env.IPGEO_HTTP_URL) ctx.addIssue({ code: 'custom', path: ['IPGEO_HTTP_URL'], message: 'is required when IPGEO_VENDOR=http' });
    if (env.GEOCODE_VENDOR === 'http' && !env.GEOCODE_HTTP_URL) ctx.addIssue({ code: 'custom', path: ['GEOCODE_HTTP_URL'], message: 'is required when GEOCODE_VENDOR=http' });
  });

const cache = new WeakMap<AppDeps, LocationVendors>();

export function locationVendors(deps: AppDeps, env: NodeJS.ProcessEnv = process.env): LocationVendors {
  const known = cache.get(deps);
  if (known) return known;
  const given = deps.vendors as Partial<LocationVendors>;
  let ipgeo = given.ipgeo;
  let geocode = given.geocode;
  if (!ipgeo || !geocode) {
    const parsed = locationEnv.safeParse(env);
    if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
    const s = parsed.data;
    ipgeo ??= createIpGeo({ IP_DEFAULT_COUNTRY: deps.config.ipDefault.country, IP_DEFAULT_REGION: deps.config.ipDefault.region, IPGEO_VENDOR: s.IPGEO_VENDOR, IPGEO_HTTP_URL: s.IPGEO_HTTP_URL });
    geocode ??= createGeocode({ GEOCODE_VENDOR: s.GEOCODE_VENDOR, GEOCODE_HTTP_URL: s.GEOCODE_HTTP_URL });
  }
  const vendors = { ipgeo, geocode };
  cache.set(deps, vendors);
  return vendors;
}
