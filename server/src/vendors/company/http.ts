/**
 * HTTP adapter for a hosted company registry (or a gateway in front of a commercial one):
 * - GET {COMPANY_HTTP_URL}/search?word=…&pageSize=…&pageNum=… → {items: [{id, name, nameEn?, regLocation, regLocationEn?}], total, vendor?}
 * - GET {COMPANY_HTTP_URL}/info?id=… → {id, name, nameEn?, regLocation, regLocationEn?, vendor?}, HTTP 404 for an unknown id
 * (nameEn, regLocationEn: the English name and location where the registry has them; the lookup service shows them
 * to English applicants and converts the others to the applicant's Chinese script)
 * with `Authorization: Bearer {COMPANY_HTTP_KEY}` when a key is set. `vendor` (the upstream's name) is passed on
 * to the client when given, else 'http'. Any other answer is an error (the call answers 100500).
 */
import { z } from 'zod';
import type { CompanySettings, CompanyVendor } from './types';

const item = z.object({
  id: z.coerce.string().min(1).max(64),
  name: z.string().min(1).max(200),
  nameEn: z.string().max(200).default(''),
  regLocation: z.string().max(500).default(''),
  regLocationEn: z.string().max(500).default(''),
});
const vendorName = z.string().min(1).max(32).optional();
const pageSchema = z.object({ items: z.array(item).max(50), total: z.number().int().min(0), vendor: vendorName });
const infoSchema = item.extend({ vendor: vendorName });

export function createHttpCompanyVendor(settings: CompanySettings, fetchImpl: typeof fetch = fetch): CompanyVendor {
  const base = settings.COMPANY_HTTP_URL;
  if (!base) throw new Error('COMPANY_HTTP_URL is required when COMPANY_VENDOR=http');
  const timeout = settings.COMPANY_HTTP_TIMEOUT_MS ?? 5000;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (settings.COMPANY_HTTP_KEY) headers.authorization = `Bearer ${settings.COMPANY_HTTP_KEY}`;
  const url = (path: string, params: Record<string, string>) => {
    const target = new URL(path, base.endsWith('/') ? base : `${base}/`);
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    return target;
  };
  return {
    name: 'http',
    async search(query) {
      const res = await fetchImpl(url('search', { word: query.word, pageSize: String(query.pageSize), pageNum: String(query.pageNum) }), {
        headers,
        signal: AbortSignal.timeout(timeout),
      });
      if (!res.ok) throw new Error(`company registry answered HTTP ${res.status} to a search`);
      const body = pageSchema.parse(await res.json());
      return { items: body.items, total: body.total, vendor: body.vendor ?? 'http' };
    },
    async info(id) {
      const res = await fetchImpl(url('info', { id }), { headers, signal: AbortSignal.timeout(timeout) });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`company registry answered HTTP ${res.status} to a lookup`);
      const body = infoSchema.parse(await res.json());
      return { id: body.id, name: body.name, nameEn: body.nameEn, regLocation: body.regLocation, regLocationEn: body.regLocationEn, vendor: body.vendor ?? 'http' };
    },
  };
}
