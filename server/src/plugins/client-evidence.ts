/**
 * Where and on what a request was made, as a certificate of completion shows it (issue 41): the place of its address
 * by the IP location vendor (country and region codes; the address itself is never kept or shown), the browser and
 * the system read from its user agent by bowser (a maintained parser; docs/decisions.md), and the page's language.
 */
import Bowser from 'bowser';
import type { Lang } from '@core/domain';
import type { IpGeoVendor } from '../vendors/ipgeo';

export interface ClientEvidence {
  /** ISO 3166-1 alpha-2, '' when unknown */
  country: string;
  /** the vendor's region code ('' for CN, HK, MO, TW and where none is known) */
  region: string;
  /** e.g. "Chrome 131" ('' when the user agent names none) */
  browser: string;
  /** e.g. "Android 14" ('' when the user agent names none) */
  os: string;
  lang: Lang;
}

const MAX = 60;
const clip = (s: string) => s.replace(/[^\p{L}\p{N} ._()-]/gu, '').trim().slice(0, MAX);

/** The browser (name and major version) and the system (name and version) a user agent names. */
export function deviceOf(userAgent: string | undefined): { browser: string; os: string } {
  if (!userAgent) return { browser: '', os: '' };
  const ua = Bowser.parse(userAgent.slice(0, 512));
  const major = (ua.browser.version ?? '').split('.')[0];
  const browser = clip([ua.browser.name ?? '', major ?? ''].filter(Boolean).join(' '));
  const os = clip([ua.os.name ?? '', ua.os.versionName ?? ua.os.version ?? ''].filter(Boolean).join(' '));
  return { browser, os };
}

/** The request's evidence: the vendor asked about its address (the proxy-aware `request.ip`). */
export async function clientEvidence(ipgeo: IpGeoVendor, request: { ip: string; headers: Record<string, string | string[] | undefined>; lang: Lang }): Promise<ClientEvidence> {
  const place = await ipgeo.locate(request.ip).catch(() => ({ country: '', region: '' }));
  const ua = request.headers['user-agent'];
  return { country: place.country, region: place.region, ...deviceOf(typeof ua === 'string' ? ua : undefined), lang: request.lang };
}

/** The evidence in the audit log's words (no address). */
export const evidenceDetail = (e: ClientEvidence) => ({ country: e.country, region: e.region, device: [e.browser, e.os].filter(Boolean).join(' on '), lang: e.lang });
