/**
 * Address classification for the IP location vendor: which addresses are not on the public
 * internet (loopback, private, link-local, carrier-grade NAT, unique-local, ...) and so get the
 * deployment's default location, and the IPv4 address inside an IPv4-mapped IPv6 address.
 */
import { isIP } from 'node:net';

export type ParsedAddress = { kind: 'v4'; octets: number[] } | { kind: 'v6'; groups: number[] };

function parseV4(ip: string): number[] | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  const octets = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return octets.every((o) => Number.isInteger(o) && o >= 0 && o <= 255) ? octets : null;
}

/** Expands an IPv6 text (with ::, optional embedded IPv4 tail, optional zone id) into 8 groups. */
function parseV6(input: string): number[] | null {
  let ip = input.split('%')[0];
  const lastColon = ip.lastIndexOf(':');
  const last = ip.slice(lastColon + 1);
  if (last.includes('.')) {
    // embedded IPv4 tail (::ffff:1.2.3.4): rewrite it as two hex groups
    const v4 = parseV4(last);
    if (!v4) return null;
    ip = `${ip.slice(0, lastColon + 1)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = ip.split('::');
  if (halves.length > 2) return null;
  const toGroups = (s: string) => (s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)));
  const head = toGroups(halves[0]);
  let groups = head;
  if (halves.length === 2) {
    const rest = toGroups(halves[1]);
    const fill = 8 - head.length - rest.length;
    if (fill < 1) return null;
    groups = [...head, ...new Array<number>(fill).fill(0), ...rest];
  }
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g))) return null;
  return groups;
}

export function parseAddress(ip: string): ParsedAddress | null {
  const version = isIP(ip.split('%')[0]);
  if (version === 4) {
    const octets = parseV4(ip);
    return octets ? { kind: 'v4', octets } : null;
  }
  if (version === 6) {
    const groups = parseV6(ip);
    return groups ? { kind: 'v6', groups } : null;
  }
  return null;
}

/** The IPv4 address carried by an IPv4-mapped IPv6 address (::ffff:a.b.c.d), if any. */
export function mappedV4(groups: number[]): number[] | null {
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (!mapped) return null;
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff];
}

function v4NotPublic([a, b, c]: number[]): boolean {
  if (a === 0) return true; // "this network"
  if (a === 10) return true; // private
  if (a === 127) return true; // loopback
  if (a === 100 && b >= 64 && b <= 127) return true; // carrier-grade NAT 100.64/10
  if (a === 169 && b === 254) return true; // link-local
  if (a === 172 && b >= 16 && b <= 31) return true; // private
  if (a === 192 && b === 168) return true; // private
  if (a === 192 && b === 0 && c === 0) return true; // IETF protocol assignments
  if (a === 198 && (b === 18 || b === 19)) return true; // benchmarking
  if (a >= 224) return true; // multicast and reserved
  return false;
}

function v6NotPublic(groups: number[]): boolean {
  if (groups.every((g) => g === 0)) return true; // ::
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return true; // ::1
  if ((groups[0] & 0xfe00) === 0xfc00) return true; // unique-local fc00::/7
  if ((groups[0] & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((groups[0] & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/** True for addresses that cannot be located (not public): they map to the configured default. */
export function isNonPublic(parsed: ParsedAddress): boolean {
  if (parsed.kind === 'v4') return v4NotPublic(parsed.octets);
  const v4 = mappedV4(parsed.groups);
  return v4 ? v4NotPublic(v4) : v6NotPublic(parsed.groups);
}
