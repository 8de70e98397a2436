/** Offline reverse geocoding: territory outlines first, then the nearest reference point. */
import { MAINLAND, TERRITORIES, WORLD, type LatLng } from './places';
import type { GeocodeVendor } from './types';

/** Beyond this distance from every reference point (open sea, polar regions) the code is unknown (''). */
export const MAX_REFERENCE_KM = 1500;

interface Ref {
  code: string;
  lat: number;
  lng: number;
  name: string;
}

const REFS: readonly Ref[] = [
  ...MAINLAND.map(([code, lat, lng, name]) => ({ code: `156${code}`, lat, lng, name })),
  ...WORLD.map(([code, lat, lng, name]) => ({ code, lat, lng, name })),
];

/** Ray casting on [lat, lng] vertices (small outlines: planar is fine). */
export function insideOutline(lat: number, lng: number, outline: readonly LatLng[]): boolean {
  let inside = false;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const [yi, xi] = outline[i];
    const [yj, xj] = outline[j];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const EARTH_KM = 6371;
const rad = (d: number) => (d * Math.PI) / 180;

export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface Resolved {
  code: string;
  /** the territory or reference place that decided */
  place: string;
  km: number;
}

export function resolvePosition(lat: number, lng: number): Resolved {
  for (const t of TERRITORIES) {
    if (t.outlines.some((o) => insideOutline(lat, lng, o))) return { code: t.code, place: t.name, km: 0 };
  }
  let best: Ref | undefined;
  let bestKm = Infinity;
  for (const ref of REFS) {
    const km = distanceKm(lat, lng, ref.lat, ref.lng);
    if (km < bestKm) {
      bestKm = km;
      best = ref;
    }
  }
  if (!best || bestKm > MAX_REFERENCE_KM) return { code: '', place: '', km: bestKm };
  return { code: best.code, place: best.name, km: bestKm };
}

export function createLocalGeocode(): GeocodeVendor {
  return {
    name: 'offline-table',
    async cityCode(lat: number, lng: number) {
      return resolvePosition(lat, lng).code;
    },
  };
}
