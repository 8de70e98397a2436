/**
 * The zod pieces the settings are written with (whole numbers, optional text, TRUST_PROXY's list, an executable's
 * path), and what each concern's cross checks take (the raw environment, whether a setting is given).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';

export const int = (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max).default(def);

/** proxy-addr's names for ranges, accepted in TRUST_PROXY lists */
export const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

export function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [addr, bits, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which proxies' X-Forwarded-For/-Proto to believe. Unset, "false" or "0": none (the socket's address).
 * A whole number N: the N proxies nearest to us. Otherwise a comma list of proxy addresses/CIDRs (or loopback,
 * linklocal, uniquelocal). "true" (believe anyone's header) is refused: a client could name any address.
 */
export const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const text = (v ?? '').trim();
    if (text === '' || text === 'false' || text === '0') return false;
    if (/^(true|yes)$/i.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message: 'true is no longer accepted (it believes any client\'s X-Forwarded-For): give the hop count of your proxies (e.g. 1) or a comma list of their addresses/CIDRs (e.g. 10.0.0.0/8,::1)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (bad.length) {
      ctx.addIssue({ code: 'custom', message: `not a hop count or a list of proxy addresses/CIDRs: ${bad.map((b) => JSON.stringify(b)).join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

export const optionalInt = (min: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? Number(v) : undefined))
    .pipe(z.number().int().min(min).optional());

/** An executable file (a binary a setting names). */
export function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v : undefined));

/** The raw environment, as the cross checks read it (checked on the raw values so they are reported with the rest). */
export type RawEnv = Record<string, string | undefined>;

/** Whether a setting is given (not empty). */
export type IsSet = (name: string) => boolean;

/** A rule between settings: the problems it finds, each "NAME: what is wrong". */
export type CrossCheck = (env: RawEnv, set: IsSet) => string[];

/** NAME and NAME_FILE (the same secret read from a file) both given. */
export const notBoth = (name: string, set: IsSet): string[] => (set(name) && set(`${name}_FILE`) ? [`${name}_FILE: set ${name} or ${name}_FILE, not both`] : []);
